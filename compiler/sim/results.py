"""What a finished game scores besides its durak: the first seat out, places, points.

A spec scores a winner with `outcome.winner: first_out` (HR20) and points with
`outcome.points` (HR22).  When any variant of a run scores either, every game of every
variant in the run records (`record`):

- `first_out`: the first seat out (`finishing_order[0]`), as its offset from the first
  attacker like `loser_offset`, or None when nobody went out; it is the winner of a spec
  whose winner is first out, and a plain spec is measured on the same terms;
- `places`: each seat's place (1 = first out), by offset from the first attacker; seats
  still holding cards share the place after every seat out (the durak is last);
- `points`: this game's points by offset, or None for a spec without points;
- `match`, in a spec with a match rule (`match.*`, HR21): the match this game begins, played
  on by the runner (`runner.play_match`): its length in games, whether it ended, and the
  first and last seat of its standings (offsets from game 1's first attacker).

`ResultStats` keeps their sufficient statistics (counts, sums and sums of squares), mergeable
like `Stats`; `ResultPairs` those of the paired differences of two variants on the same deals.
Intervals: Wilson for the first-out rates; normal approximation for mean places and points;
for paired differences Newcombe's method 10 (rates) and a normal interval of the per-game
differences (means), as `durakc.sim.paired` does for the durak.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from durakc.loading.constants import built
from durakc.sim.intervals import mean_ci, wilson


def scores(engine) -> dict:
    """What a variant scores beyond the durak, by its engine's constants: a winner (the
    capability `winner`, HR20), points (POINTS_RANGE, HR22), a match (MATCH_LIMITS, HR21)."""
    return {"winner": "winner" in built(engine),
            "points": getattr(engine, "POINTS_RANGE", None) is not None,
            "match": any(getattr(engine, "MATCH_LIMITS", ()))}


def wanted(engines) -> bool:
    """Whether a run of these engines records results: when any of them scores any."""
    return any(any(scores(e).values()) for e in engines)


def record(game, first: int, players: int) -> dict:
    """The result fields of a finished game (see the module): first_out, places, points."""
    return from_order(list(game.finishing_order), game.points, first, players)


def from_order(order: list, points, first: int, players: int) -> dict:
    """The result fields from a finishing order, the points per seat (None without) and the
    first attacker (what a game played in C reports)."""
    seat = lambda k: (first + k) % players
    place = {s: i + 1 for i, s in enumerate(order)}
    return {"first_out": (order[0] - first) % players if order else None,
            "places": [place.get(seat(k), len(order) + 1) for k in range(players)],
            "points": None if points is None else [points[seat(k)] for k in range(players)]}


def json_copy(value):
    """A deep copy of JSON-like counts (dicts and lists of numbers)."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    return value


def _sums(n: int) -> list:
    return [[0, 0] for _ in range(n)]


def _add_sums(x: list, y: list) -> list:
    return [[a + c, b + d] for (a, b), (c, d) in zip(x, y)]


def _square_add(sums: list, values) -> None:
    for cell, v in zip(sums, values):
        cell[0] += v
        cell[1] += v * v


def _means(sums: list, n: int) -> tuple[list, list]:
    cells = [mean_ci(s, q, n) for s, q in sums]
    return [m for m, _, _ in cells], [(lo, hi) for _, lo, hi in cells]


def new_matches(players: int) -> dict:
    """Empty match counts: matches that ended and not, the first and the last of the
    standings by offset, the length in games (sum, sum of squares) of the ended ones."""
    return {"ended": 0, "unfinished": 0, "winner": [0] * players, "loser": [0] * players,
            "games": [0, 0]}


def add_match(counts: dict, match: dict) -> dict:
    """Count one match (a record's `match`) into `counts` (in place; returns it)."""
    if match["unfinished"]:
        counts["unfinished"] += 1
        return counts
    counts["ended"] += 1
    counts["winner"][match["winner"]] += 1
    counts["loser"][match["loser"]] += 1
    counts["games"][0] += match["games"]
    counts["games"][1] += match["games"] ** 2
    return counts


def merge_matches(a: dict | None, b: dict) -> dict:
    """Match counts `a` (None: none yet) plus `b`, as a new dict."""
    if a is None:
        return {k: list(v) if isinstance(v, list) else v for k, v in b.items()}
    return {k: [x + y for x, y in zip(v, b[k])] if isinstance(v, list) else v + b[k]
            for k, v in a.items()}


def match_summary(counts: dict) -> dict:
    """Match winner and loser rates by offset (Wilson) and the mean match length (normal),
    over the matches that ended; `matches_unfinished` counts the others."""
    n = counts["ended"]
    out = {"matches": n, "matches_unfinished": counts["unfinished"]}
    for what in ("winner", "loser"):
        out[f"match_{what}_rate_by_seat"] = [k / n if n else 0.0 for k in counts[what]]
        out[f"match_{what}_rate_by_seat_ci"] = [wilson(k, n) for k in counts[what]]
    mean, lo, hi = mean_ci(*counts["games"], n)
    out["mean_match_games"], out["mean_match_games_ci"] = mean, (lo, hi)
    return out


@dataclass
class ResultStats:
    """Result counts of the finished games of one variant (by seat offset)."""

    players: int
    points: bool = False                                 # the variant scores points
    games: int = 0                                       # finished games counted
    first_out: list = field(default_factory=list)       # by offset; [players]: nobody out
    places: list = field(default_factory=list)          # [sum, sum of squares] by offset
    point_sums: list = field(default_factory=list)      # the same for points; then all seats
    matches: dict | None = None                          # a match variant: `MatchCounts`

    def __post_init__(self):
        self.first_out = self.first_out or [0] * (self.players + 1)
        self.places = self.places or _sums(self.players)
        if self.points:
            self.point_sums = self.point_sums or _sums(self.players + 1)

    def add(self, rec: dict) -> None:
        """Count one finished game's record (`runner.play_game` with results)."""
        self.games += 1
        out = rec["first_out"]
        self.first_out[self.players if out is None else out] += 1
        _square_add(self.places, rec["places"])
        if self.points:
            _square_add(self.point_sums, list(rec["points"]) + [sum(rec["points"])])
        if "match" in rec:
            self.matches = add_match(self.matches or new_matches(self.players), rec["match"])

    def merge(self, other: ResultStats) -> ResultStats:
        """Add `other`'s games (in place; returns self)."""
        if (other.players, other.points) != (self.players, self.points):
            raise ValueError("can not merge results of different players or scoring")
        self.games += other.games
        self.first_out = [a + b for a, b in zip(self.first_out, other.first_out)]
        self.places = _add_sums(self.places, other.places)
        if self.points:
            self.point_sums = _add_sums(self.point_sums, other.point_sums)
        if other.matches is not None:
            self.matches = merge_matches(self.matches, other.matches)
        return self

    def to_dict(self) -> dict:
        """JSON-safe raw counts."""
        out = {"players": self.players, "points": self.points, "games": self.games,
               "first_out": list(self.first_out), "places": [list(c) for c in self.places]}
        if self.points:
            out["point_sums"] = [list(c) for c in self.point_sums]
        if self.matches is not None:
            out["matches"] = merge_matches(None, self.matches)
        return out

    @classmethod
    def from_dict(cls, d: dict) -> ResultStats:
        """The inverse of `to_dict`."""
        return cls(players=d["players"], points=d["points"], games=d["games"],
                   first_out=list(d["first_out"]), places=[list(c) for c in d["places"]],
                   point_sums=[list(c) for c in d.get("point_sums", ())],
                   matches=merge_matches(None, d["matches"]) if "matches" in d else None)

    def summary(self) -> dict:
        """First-out rates (Wilson), mean places and points per game (normal), by offset."""
        n = self.games
        seats = self.first_out[:self.players]
        out = {"first_out_rate_by_seat": [k / n if n else 0.0 for k in seats],
               "first_out_rate_by_seat_ci": [wilson(k, n) for k in seats]}
        out["mean_place_by_seat"], out["mean_place_by_seat_ci"] = _means(self.places, n)
        if self.points:
            means, cis = _means(self.point_sums, n)
            out["points_per_game_by_seat"], out["points_per_game_by_seat_ci"] = means[:-1], cis[:-1]
            out["points_per_game"], out["points_per_game_ci"] = means[-1], cis[-1]
        if self.matches is not None:
            out.update(match_summary(self.matches))
        return out


@dataclass
class ResultPairs:
    """Paired result counts of the games variants A and B both finished (B minus A)."""

    players: int
    scoring: list = field(default_factory=lambda: [False, False])  # A, B score points
    joint: list = field(default_factory=list)           # first_out joint [a][b]; [players]: none
    places: list = field(default_factory=list)          # per-game B - A: [sum, sum sq] by offset
    point_sums: list = field(default_factory=list)      # the same for points; then all seats
    matches: dict | None = None    # both match variants: joint match losers, length B - A

    @property
    def points(self) -> bool:
        """Both variants score points (else there are no paired point differences)."""
        return all(self.scoring)

    def __post_init__(self):
        self.scoring = [bool(x) for x in self.scoring]
        size = self.players + 1
        self.joint = self.joint or [[0] * size for _ in range(size)]
        self.places = self.places or _sums(self.players)
        if self.points:
            self.point_sums = self.point_sums or _sums(self.players + 1)

    def add(self, a: dict, b: dict) -> None:
        """Count game i as both finished it (records with results)."""
        none = self.players
        self.joint[none if a["first_out"] is None else a["first_out"]][
            none if b["first_out"] is None else b["first_out"]] += 1
        _square_add(self.places, [y - x for x, y in zip(a["places"], b["places"])])
        if self.points:
            diffs = [y - x for x, y in zip(a["points"], b["points"])]
            _square_add(self.point_sums, diffs + [sum(diffs)])
        if "match" in a and "match" in b:
            self.matches = self.matches or {"excluded": 0, "games": [0, 0], "joint": [
                [0] * self.players for _ in range(self.players)]}
            ma, mb = a["match"], b["match"]
            if ma["unfinished"] or mb["unfinished"]:
                self.matches["excluded"] += 1
                return
            self.matches["joint"][ma["loser"]][mb["loser"]] += 1
            _square_add([self.matches["games"]], [mb["games"] - ma["games"]])

    def merge(self, other: ResultPairs) -> ResultPairs:
        """Add `other`'s pairs (in place; returns self)."""
        if (other.players, other.scoring) != (self.players, self.scoring):
            raise ValueError("can not merge results of different players or scoring")
        self.joint = [[p + q for p, q in zip(r, s)] for r, s in zip(self.joint, other.joint)]
        self.places = _add_sums(self.places, other.places)
        if self.points:
            self.point_sums = _add_sums(self.point_sums, other.point_sums)
        if other.matches is not None:
            mine = self.matches
            self.matches = json_copy(other.matches) if mine is None else {
                "excluded": mine["excluded"] + other.matches["excluded"],
                "games": [x + y for x, y in zip(mine["games"], other.matches["games"])],
                "joint": [[p + q for p, q in zip(r, s)]
                          for r, s in zip(mine["joint"], other.matches["joint"])]}
        return self

    def to_dict(self) -> dict:
        """JSON-safe raw counts."""
        out = {"players": self.players, "scoring": list(self.scoring),
               "joint": [list(r) for r in self.joint], "places": [list(c) for c in self.places]}
        if self.points:
            out["point_sums"] = [list(c) for c in self.point_sums]
        if self.matches is not None:
            out["matches"] = json_copy(self.matches)
        return out

    @classmethod
    def from_dict(cls, d: dict) -> ResultPairs:
        """The inverse of `to_dict`."""
        return cls(players=d["players"], scoring=list(d["scoring"]),
                   joint=[list(r) for r in d["joint"]], places=[list(c) for c in d["places"]],
                   point_sums=[list(c) for c in d.get("point_sums", ())],
                   matches=json_copy(d["matches"]) if "matches" in d else None)

    def summary(self, against: str, rate_diff, significant) -> dict:
        """B minus A: first-out rates by offset (`rate_diff(k, n, joint)`: Newcombe), mean
        places and points by offset (normal); `significant(ci)` flags an interval without 0."""
        n = sum(map(sum, self.joint))
        rates = [rate_diff(k, n, self.joint) for k in range(self.players)]
        out = {"first_out_rate_by_seat_diff": [d for d, _ in rates],
               "first_out_rate_by_seat_diff_ci": [ci for _, ci in rates],
               "first_out_rate_by_seat_diff_significant": [significant(ci) for _, ci in rates]}
        means, cis = _means(self.places, n)
        out.update({"mean_place_by_seat_diff": means, "mean_place_by_seat_diff_ci": cis,
                    "mean_place_by_seat_diff_significant":
                        [n > 1 and significant(ci) for ci in cis]})
        if self.points:
            means, cis = _means(self.point_sums, n)
            flags = [n > 1 and significant(ci) for ci in cis]
            out.update({"points_per_game_by_seat_diff": means[:-1],
                        "points_per_game_by_seat_diff_ci": cis[:-1],
                        "points_per_game_by_seat_diff_significant": flags[:-1],
                        "points_per_game_diff": means[-1], "points_per_game_diff_ci": cis[-1],
                        "points_per_game_diff_significant": flags[-1]})
        elif any(self.scoring):
            which = "this variant" if self.scoring[1] else f"{against}"
            out["points_note"] = f"no paired point differences: only {which} scores points"
        if self.matches is not None:
            out.update(self._match_summary(rate_diff, significant))
        return out

    def _match_summary(self, rate_diff, significant) -> dict:
        """Match loser rates by offset (Newcombe) and games per match (normal), B minus A,
        over the pairs of matches that both ended."""
        joint = [row + [0] for row in self.matches["joint"]] + [[0] * (self.players + 1)]
        n = sum(map(sum, joint))
        rates = [rate_diff(k, n, joint) for k in range(self.players)]
        mean, lo, hi = mean_ci(*self.matches["games"], n)
        return {"matches": n, "matches_excluded": self.matches["excluded"],
                "match_loser_rate_by_seat_diff": [d for d, _ in rates],
                "match_loser_rate_by_seat_diff_ci": [ci for _, ci in rates],
                "match_loser_rate_by_seat_diff_significant": [significant(ci) for _, ci in rates],
                "mean_match_games_diff": mean, "mean_match_games_diff_ci": (lo, hi),
                "mean_match_games_diff_significant": n > 1 and significant((lo, hi))}
