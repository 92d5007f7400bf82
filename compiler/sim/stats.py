"""Per-variant statistics as mergeable sufficient statistics, and their summaries.

`Stats` holds only counts and sums (histograms for actions and rounds, so that medians are
exact).  `merge` adds two of them; the result does not depend on how the games were split
into shards, which makes `--jobs` and cluster runs give identical figures.

Unfinished games (stopped in a cycle or at the action cap, see `runner.play_game`) are
counted on their own and left out of every rate and mean: those are over finished games.

In a variant with teams (the engine's `teams`, PR1) the losing team of every finished game
(`losing_team`, PR5) is counted too, by its index in `teams`; a variant without teams has
no team fields at all, so its output is what it was before teams existed.

In a run that records results (`durakc.sim.results`: first out, places, points) their counts
are kept in `results`; otherwise there is no such field and the output is unchanged.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from durakc.sim.intervals import Z95, mean_ci, wilson
from durakc.sim.results import ResultStats

__all__ = [
    "Z95",
    "Stats",
    "advantage",
    "advantage_ci",
    "bot_labels",
    "clean",
    "hist_median",
    "mean_ci",
    "team_layout",
    "wilson",
]


def hist_median(hist: Counter) -> float:
    """Median of the values counted in `hist` (mean of the middle two for an even count)."""
    n = sum(hist.values())
    if n == 0:
        return 0.0
    lo_rank, hi_rank = (n - 1) // 2, n // 2
    seen, lo = 0, None
    for value in sorted(hist):
        seen += hist[value]
        if lo is None and seen > lo_rank:
            lo = value
        if seen > hi_rank:
            return (lo + value) / 2
    raise AssertionError("unreachable")


def advantage(outcome: int, players: int) -> float:
    """One game's contribution to the first attacker's advantage: -1 when the first attacker
    lost (`outcome` 0, the loser's seat offset), 1/(players-1) when another seat lost, 0 for
    a draw (`outcome == players`).  Its mean is the others' mean loss rate minus the first
    attacker's: positive when attacking first helps."""
    if outcome == players:
        return 0.0
    return -1.0 if outcome == 0 else 1.0 / max(1, players - 1)


def advantage_ci(loss_by_offset: list[int], finished: int) -> tuple[float, float, float]:
    """The first attacker's advantage (`advantage`) over `finished` games and its 95% normal
    interval, from the losses by seat offset."""
    players = len(loss_by_offset)
    first, others = loss_by_offset[0], sum(loss_by_offset[1:])
    share = advantage(1, players)
    return mean_ci(others * share - first, others * share * share + first, finished)


def _hist_sums(hist: Counter) -> tuple[int, int]:
    return (sum(v * c for v, c in hist.items()), sum(v * v * c for v, c in hist.items()))


COUNTED = ("takes", "transfers", "shows")


@dataclass
class Stats:
    """Sufficient statistics of the games of one variant."""

    players: int
    games: int = 0
    draws: int = 0
    unfinished: int = 0                                   # all unfinished games ...
    cycles: int = 0                                       # ... of which stopped in a cycle
    loss_by_offset: list = field(default_factory=list)   # seat offset from first attacker
    loss_by_bot: list = field(default_factory=list)      # index in the --bots list
    actions: Counter = field(default_factory=Counter)     # histogram: actions per game
    rounds: Counter = field(default_factory=Counter)      # histogram: rounds per game
    sums: dict = field(default_factory=dict)              # {"takes": [sum, sum of squares], ...}
    teams: list | None = None                             # the engine's `teams`, or None
    loss_by_team: list = field(default_factory=list)      # index in `teams` (PR5)
    results: ResultStats | None = None                    # first out, places, points

    def __post_init__(self):
        self.loss_by_offset = self.loss_by_offset or [0] * self.players
        self.loss_by_bot = self.loss_by_bot or [0] * self.players
        for name in COUNTED:
            self.sums.setdefault(name, [0, 0])
        if self.teams is not None:
            self.teams = team_layout(self.teams)
            self.loss_by_team = self.loss_by_team or [0] * len(self.teams)

    def _set_teams(self, teams) -> None:
        """Take the team layout (None: no teams) of a game or of statistics being merged in;
        ValueError when it differs from the one counted so far."""
        teams = None if teams is None else team_layout(teams)
        if teams == self.teams:
            return
        if self.teams is not None or self.games:
            raise ValueError("can not count games of different team layouts together")
        self.teams, self.loss_by_team = teams, [0] * len(teams)

    def add(self, record: dict) -> None:
        """Count one game (a record from `runner.play_game`).

        An unfinished game (`record["unfinished"]` is "cycle" or "cap") is only counted.
        A record of a team game has `teams` and `losing_team` (absent or None otherwise).
        """
        self._set_teams(record.get("teams"))
        self.games += 1
        if record["unfinished"]:
            self.unfinished += 1
            self.cycles += record["unfinished"] == "cycle"
            return
        if record["draw"]:
            self.draws += 1
        else:
            self.loss_by_offset[record["loser_offset"]] += 1
            self.loss_by_bot[record["loser_bot"]] += 1
            if self.teams is not None:
                self.loss_by_team[record["losing_team"]] += 1
        self.actions[record["actions"]] += 1
        self.rounds[record["rounds"]] += 1
        for name in COUNTED:
            self.sums[name][0] += record[name]
            self.sums[name][1] += record[name] ** 2
        if "places" in record:  # a run that records results (`durakc.sim.results`)
            if self.results is None:
                self.results = ResultStats(self.players, record["points"] is not None)
            self.results.add(record)

    def merge(self, other: Stats) -> Stats:
        """Add `other`'s games to these (in place; returns self)."""
        if other.players != self.players:
            raise ValueError("can not merge statistics of different player counts")
        if other.games or other.teams is not None:
            self._set_teams(other.teams)
        if other.teams is not None:
            self.loss_by_team = [a + b for a, b in zip(self.loss_by_team, other.loss_by_team)]
        self.games += other.games
        self.draws += other.draws
        self.unfinished += other.unfinished
        self.cycles += other.cycles
        self.loss_by_offset = [a + b for a, b in zip(self.loss_by_offset, other.loss_by_offset)]
        self.loss_by_bot = [a + b for a, b in zip(self.loss_by_bot, other.loss_by_bot)]
        self.actions.update(other.actions)
        self.rounds.update(other.rounds)
        for name in COUNTED:
            self.sums[name] = [a + b for a, b in zip(self.sums[name], other.sums[name])]
        if other.results is not None:
            self.results = (ResultStats.from_dict(other.results.to_dict()) if self.results is None
                            else self.results.merge(other.results))  # never shares `other`'s
        return self

    def to_dict(self) -> dict:
        """JSON-safe raw counts (a shard's output on a cluster); team fields only with teams."""
        out = {"players": self.players, "games": self.games, "draws": self.draws,
                "unfinished": self.unfinished, "cycles": self.cycles,
                "loss_by_offset": list(self.loss_by_offset),
                "loss_by_bot": list(self.loss_by_bot),
                "actions": {str(k): v for k, v in sorted(self.actions.items())},
                "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
                "sums": {k: list(v) for k, v in self.sums.items()}}
        if self.teams is not None:
            out["teams"] = team_layout(self.teams)
            out["loss_by_team"] = list(self.loss_by_team)
        if self.results is not None:
            out["results"] = self.results.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: dict) -> Stats:
        return cls(players=d["players"], games=d["games"], draws=d["draws"],
                   unfinished=d["unfinished"], cycles=d.get("cycles", 0),
                   loss_by_offset=list(d["loss_by_offset"]),
                   loss_by_bot=list(d["loss_by_bot"]),
                   actions=Counter({int(k): v for k, v in d["actions"].items()}),
                   rounds=Counter({int(k): v for k, v in d["rounds"].items()}),
                   sums={k: list(v) for k, v in d["sums"].items()},
                   teams=d.get("teams"), loss_by_team=list(d.get("loss_by_team", ())),
                   results=ResultStats.from_dict(d["results"]) if "results" in d else None)

    def summary(self, bots: list[str] | None = None) -> dict:
        """Rates and means over the finished games with 95% intervals (Wilson for rates,
        normal for means); `games` counts every game, `unfinished` those left out."""
        n = self.games - self.unfinished
        out = {"games": self.games, "finished": n, "unfinished": self.unfinished,
               "unfinished_cycle": self.cycles, "unfinished_cap": self.unfinished - self.cycles,
               "draw_rate": _rate(self.draws, n), "draw_rate_ci": wilson(self.draws, n),
               "loss_rate_by_seat": [_rate(k, n) for k in self.loss_by_offset],
               "loss_rate_by_seat_ci": [wilson(k, n) for k in self.loss_by_offset]}
        adv, lo, hi = advantage_ci(self.loss_by_offset, n)
        out["first_attacker_advantage"], out["first_attacker_advantage_ci"] = adv, (lo, hi)
        if self.teams is not None:
            out["teams"] = team_layout(self.teams)
            out["loss_rate_by_team"] = [_rate(k, n) for k in self.loss_by_team]
            out["loss_rate_by_team_ci"] = [wilson(k, n) for k in self.loss_by_team]
        for name, hist in (("actions", self.actions), ("rounds", self.rounds)):
            mean, lo, hi = mean_ci(*_hist_sums(hist), n)
            out[f"mean_{name}"], out[f"mean_{name}_ci"] = mean, (lo, hi)
            out[f"median_{name}"] = hist_median(hist)
        for name in COUNTED:
            mean, lo, hi = mean_ci(*self.sums[name], n)
            out[f"{name}_per_game"], out[f"{name}_per_game_ci"] = mean, (lo, hi)
        if bots and len(set(bots)) > 1:
            out["loss_rate_by_bot"] = {label: _rate(k, n) for label, k
                                       in zip(bot_labels(bots), self.loss_by_bot)}
            out["loss_rate_by_bot_ci"] = {label: wilson(k, n) for label, k
                                          in zip(bot_labels(bots), self.loss_by_bot)}
        if self.results is not None:
            out.update(self.results.summary())
        return clean(out)


def team_layout(teams) -> list[list[int]]:
    """The engine's `teams` as JSON-ready lists (teams in their order, seats sorted)."""
    return [sorted(int(seat) for seat in team) for team in teams]


def bot_labels(bots: list[str]) -> list[str]:
    """Labels for the bots of the seats; a repeated name gets its position (`random@1`)."""
    counts = Counter(bots)
    return [b if counts[b] == 1 else f"{b}@{i}" for i, b in enumerate(bots)]


def clean(value):
    """JSON-ready: tuples become lists, floats are rounded to 6 decimals."""
    if isinstance(value, dict):
        return {k: clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [clean(v) for v in value]
    if isinstance(value, float):
        return round(value, 6) + 0.0
    return value


def _rate(k: int, n: int) -> float:
    return k / n if n else 0.0
