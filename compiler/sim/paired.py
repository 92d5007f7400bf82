"""Paired differences between two variants that played the same deals (B minus A).

Game i of every variant in a comparison is dealt from the same seed, so outcomes pair up.
The sufficient statistics of a pair are the counts of joint outcomes (A's outcome, B's
outcome) over the games both finished, where an outcome is the losing seat counted from the
first attacker or a draw, and the sum and sum of squares of the per-game difference in
actions, rounds, takes and transfers.  They add up across chunks and shards like `Stats`.  Games unfinished in either
variant are left out of the pair (and counted as `excluded`).

When A and B have the same teams (the engine's `teams`, PR1), the joint outcomes of the
losing team (its index in `teams`, or a draw) are counted as well and give B minus A for each
team's loss rate.  When only one of them has teams, or their teams differ, there are no team
differences and the summary says why (`teams_note`); when neither has teams nothing about
teams is counted or reported.

Rate differences get Newcombe's hybrid score interval for paired proportions (Newcombe 1998,
method 10: Wilson intervals of both rates combined with the correlation of the pairs,
phi's numerator moved n/2 towards 0 as in the paper); the
mean differences in actions, rounds, takes and transfers a normal interval of the per-game
differences; so does the first attacker's advantage (`stats.advantage`), whose per-game
difference follows from the joint outcome.  A difference is
flagged significant when its 95% interval excludes 0 (no correction for the several
differences reported).

In a run that records results (`durakc.sim.results`) the joint first-out seats and the
per-game differences of places and points are kept in `results` and reported the same way.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from durakc.sim.results import ResultPairs
from durakc.sim.stats import advantage, clean, mean_ci, team_layout, wilson

PAIRED_MEANS = ("rounds", "takes", "transfers")
"""Per-game counts besides actions whose paired mean difference is reported (`sums`)."""


def newcombe_paired(both: int, only_a: int, only_b: int, n: int) -> tuple[float, float]:
    """95% interval of rate(B) - rate(A) from n pairs: `both` had the event in A and B,
    `only_a` only in A, `only_b` only in B (Newcombe's method 10)."""
    if n == 0:
        return (-1.0, 1.0)
    pa, pb = (both + only_a) / n, (both + only_b) / n
    la, ua = wilson(both + only_a, n)
    lb, ub = wilson(both + only_b, n)
    neither = n - both - only_a - only_b
    margins = (both + only_a) * (only_b + neither) * (both + only_b) * (only_a + neither)
    cross = both * neither - only_a * only_b
    # the correlation of the pairs, its numerator corrected towards 0 as Newcombe does
    cross = cross - n / 2 if cross > n / 2 else min(cross, 0)
    phi = cross / math.sqrt(margins) if margins else 0.0
    diff = pb - pa
    down = math.sqrt(max(0.0, (pb - lb) ** 2 - 2 * phi * (pb - lb) * (ua - pa) + (ua - pa) ** 2))
    up = math.sqrt(max(0.0, (ub - pb) ** 2 - 2 * phi * (ub - pb) * (pa - la) + (pa - la) ** 2))
    return (max(-1.0, diff - down), min(1.0, diff + up))


def _excludes_zero(ci) -> bool:
    return ci[0] > 0 or ci[1] < 0


@dataclass
class PairStats:
    """Joint outcome counts of the games two variants both finished, and the rest."""

    players: int
    excluded: int = 0                                # unfinished in A or B
    joint: list = field(default_factory=list)       # joint[a][b]: a, b = loser offset or draw
    actions: list = field(default_factory=lambda: [0, 0])  # sum, sum of squares of B - A
    teams: list | None = None                # [A's teams, B's teams] when either has teams
    team_joint: list | None = None           # as `joint`, by losing team; when the teams agree
    sums: dict = field(default_factory=dict)  # {"rounds": [sum, sum of squares of B - A], ...}
    results: ResultPairs | None = None        # first out, places, points (a results run)

    def __post_init__(self):
        size = self.players + 1                       # index `players` is a draw
        self.joint = self.joint or [[0] * size for _ in range(size)]
        for name in PAIRED_MEANS:
            self.sums.setdefault(name, [0, 0])
        if self.teams is not None:
            self.teams = [None if t is None else team_layout(t) for t in self.teams]
            self.team_joint = self.team_joint or self._empty_team_joint()

    def _empty_team_joint(self) -> list | None:
        a, b = self.teams
        if a is None or a != b:
            return None
        return [[0] * (len(a) + 1) for _ in range(len(a) + 1)]   # index len(a) is a draw

    def _set_teams(self, teams) -> None:
        """Take the team layouts [A's, B's] (None: neither has teams) of a game or of counts
        being merged in; ValueError when they differ from those counted so far."""
        if teams is not None:
            teams = [None if t is None else team_layout(t) for t in teams]
            teams = None if teams == [None, None] else teams
        if teams == self.teams:
            return
        if self.teams is not None or self.excluded or any(map(any, self.joint)):
            raise ValueError("can not count games of different team layouts together")
        self.teams = teams
        self.team_joint = self._empty_team_joint()

    def _outcome(self, record: dict) -> int:
        return self.players if record["draw"] else record["loser_offset"]

    def add(self, a: dict, b: dict) -> None:
        """Count game i as played by A and by B (records from `runner.play_game`)."""
        self._set_teams([a.get("teams"), b.get("teams")])
        if a["unfinished"] or b["unfinished"]:
            self.excluded += 1
            return
        self.joint[self._outcome(a)][self._outcome(b)] += 1
        if self.team_joint is not None:
            draw = len(self.team_joint) - 1
            self.team_joint[draw if a["draw"] else a["losing_team"]][
                draw if b["draw"] else b["losing_team"]] += 1
        d = b["actions"] - a["actions"]
        self.actions[0] += d
        self.actions[1] += d * d
        for name in PAIRED_MEANS:
            d = b.get(name, 0) - a.get(name, 0)
            self.sums[name][0] += d
            self.sums[name][1] += d * d
        if "places" in a and "places" in b:  # a run that records results
            if self.results is None:
                self.results = ResultPairs(self.players, [a["points"] is not None,
                                                          b["points"] is not None])
            self.results.add(a, b)

    def merge(self, other: PairStats) -> PairStats:
        """Add `other`'s games to these (in place; returns self)."""
        if other.players != self.players:
            raise ValueError("can not merge statistics of different player counts")
        if other.teams is not None or other.excluded or any(map(any, other.joint)):
            self._set_teams(other.teams)
        if other.team_joint is not None:
            self.team_joint = _add(self.team_joint, other.team_joint)
        self.excluded += other.excluded
        self.joint = _add(self.joint, other.joint)
        self.actions = [x + y for x, y in zip(self.actions, other.actions)]
        for name in PAIRED_MEANS:
            self.sums[name] = [x + y for x, y in zip(self.sums[name], other.sums[name])]
        if other.results is not None:
            self.results = (ResultPairs.from_dict(other.results.to_dict()) if self.results is None
                            else self.results.merge(other.results))  # never shares `other`'s
        return self

    def to_dict(self) -> dict:
        """JSON-safe raw counts; team fields only when either variant has teams."""
        out = {"players": self.players, "excluded": self.excluded,
               "joint": [list(r) for r in self.joint], "actions": list(self.actions),
               "sums": {k: list(v) for k, v in self.sums.items()}}
        if self.teams is not None:
            out["teams"] = list(self.teams)
            if self.team_joint is not None:
                out["team_joint"] = [list(r) for r in self.team_joint]
        if self.results is not None:
            out["results"] = self.results.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: dict) -> PairStats:
        team_joint = d.get("team_joint")
        return cls(players=d["players"], excluded=d["excluded"],
                   joint=[list(r) for r in d["joint"]], actions=list(d["actions"]),
                   sums={k: list(v) for k, v in d.get("sums", {}).items()},
                   teams=d.get("teams"),
                   team_joint=None if team_joint is None else [list(r) for r in team_joint],
                   results=ResultPairs.from_dict(d["results"]) if "results" in d else None)

    def _rate_diff(self, k: int, n: int, joint: list | None = None
                   ) -> tuple[float, tuple[float, float]]:
        joint = self.joint if joint is None else joint
        both = joint[k][k]
        in_a = sum(joint[k])
        in_b = sum(row[k] for row in joint)
        diff = (in_b - in_a) / n if n else 0.0
        return diff, newcombe_paired(both, in_a - both, in_b - both, n)

    def _team_summary(self, against: str, n: int) -> dict:
        """The team fields of `summary`: differences by team, or why there are none."""
        a, b = self.teams
        if self.team_joint is None:
            if a is None:
                why = f"{against} has no teams"
            elif b is None:
                why = "this variant has no teams"
            else:
                why = f"its teams differ from those of {against}"
            return {"teams": None, "teams_note": f"no paired team differences: {why}"}
        teams = [self._rate_diff(k, n, self.team_joint) for k in range(len(a))]
        return {"teams": a,
                "loss_rate_by_team_diff": [d for d, _ in teams],
                "loss_rate_by_team_diff_ci": [ci for _, ci in teams],
                "loss_rate_by_team_diff_significant": [_excludes_zero(ci) for _, ci in teams]}

    def _advantage_diff(self) -> tuple[float, float, float]:
        """Mean and 95% interval of B's first-attacker advantage minus A's, per paired game."""
        total = total_sq = 0.0
        for a, row in enumerate(self.joint):
            for b, count in enumerate(row):
                d = advantage(b, self.players) - advantage(a, self.players)
                total += count * d
                total_sq += count * d * d
        return mean_ci(total, total_sq, sum(map(sum, self.joint)))

    def summary(self, against: str) -> dict:
        """Differences B minus A (`against` names A) with 95% intervals and flags."""
        n = sum(map(sum, self.joint))
        seats = [self._rate_diff(k, n) for k in range(self.players)]
        draw = self._rate_diff(self.players, n)
        mean, lo, hi = mean_ci(*self.actions, n)
        out = {"against": against, "games": n, "excluded": self.excluded,
               "loss_rate_by_seat_diff": [d for d, _ in seats],
               "loss_rate_by_seat_diff_ci": [ci for _, ci in seats],
               "loss_rate_by_seat_diff_significant": [_excludes_zero(ci) for _, ci in seats]}
        if self.teams is not None:
            out.update(self._team_summary(against, n))
        adv, adv_lo, adv_hi = self._advantage_diff()
        out.update({"first_attacker_advantage_diff": adv,
                    "first_attacker_advantage_diff_ci": (adv_lo, adv_hi),
                    "first_attacker_advantage_diff_significant":
                        n > 1 and _excludes_zero((adv_lo, adv_hi)),
                    "draw_rate_diff": draw[0], "draw_rate_diff_ci": draw[1],
                    "draw_rate_diff_significant": _excludes_zero(draw[1]),
                    "mean_actions_diff": mean, "mean_actions_diff_ci": (lo, hi),
                    "mean_actions_diff_significant": n > 1 and _excludes_zero((lo, hi))})
        for name in PAIRED_MEANS:
            mean, lo, hi = mean_ci(*self.sums[name], n)
            out.update({f"mean_{name}_diff": mean, f"mean_{name}_diff_ci": (lo, hi),
                        f"mean_{name}_diff_significant": n > 1 and _excludes_zero((lo, hi))})
        if self.results is not None:
            out.update(self.results.summary(against, self._rate_diff, _excludes_zero))
        return clean(out)


def _add(x: list, y: list) -> list:
    """Two count matrices added cell by cell."""
    return [[p + q for p, q in zip(r, s)] for r, s in zip(x, y)]
