"""Mergeable per-game measures of several variants on the same deals, and quantiles.

`Measures` keeps, for every variant and every named per-game measure, the count, sum and
sum of squares of its values, and for every variant after the first the sums of the pairs
(game i in that variant and in the first) where both have a value.  Means come with 95%
normal intervals, 0/1 measures ("rates") with Wilson intervals; paired differences with a
normal interval of the per-game differences, or Newcombe's paired interval for rates.  As
with `Stats`, chunks are merged in game order, so any `--jobs` or executor gives the same
figures.

`hist_quantile` and `quantile_ci` read a quantile and its distribution-free 95% interval
(order statistics) off a histogram exactly.
"""

from __future__ import annotations

import math
from collections import Counter

from durakc.sim.paired import newcombe_paired
from durakc.sim.stats import Z95, mean_ci, wilson


class Measures:
    """Per-game measures (`names`) of `variants` variants, paired against the first."""

    def __init__(self, variants: int, names: tuple[str, ...], single=None, paired=None):
        self.variants, self.names = variants, tuple(names)
        # single[v][m] = [n, sum, sum of squares]
        self.single = single or [[[0, 0, 0] for _ in names] for _ in range(variants)]
        # paired[v - 1][m] = [n, sum A, sum B, sum A*B, sum (B - A)^2]
        self.paired = paired or [[[0, 0, 0, 0, 0] for _ in names] for _ in range(variants - 1)]

    def add(self, values: list[dict]) -> None:
        """Count one game: `values[v]` maps a measure's name to its value in variant v, or to
        None (or leaves it out) when the measure does not apply to that game."""
        first = values[0]
        for v, game in enumerate(values):
            for m, name in enumerate(self.names):
                x = game.get(name)
                if x is None:
                    continue
                cell = self.single[v][m]
                cell[0] += 1
                cell[1] += x
                cell[2] += x * x
                a = first.get(name)
                if v and a is not None:
                    pair = self.paired[v - 1][m]
                    pair[0] += 1
                    pair[1] += a
                    pair[2] += x
                    pair[3] += a * x
                    pair[4] += (x - a) * (x - a)

    def merge(self, other: Measures) -> Measures:
        """Add `other`'s games (in place; returns self)."""
        if (other.variants, other.names) != (self.variants, self.names):
            raise ValueError("can not merge measures of different runs")
        self.single = _add(self.single, other.single)
        self.paired = _add(self.paired, other.paired)
        return self

    def to_dict(self) -> dict:
        """JSON-safe sums."""
        return {"variants": self.variants, "names": list(self.names),
                "single": self.single, "paired": self.paired}

    @classmethod
    def from_dict(cls, d: dict) -> Measures:
        return cls(d["variants"], tuple(d["names"]),
                   [[list(c) for c in row] for row in d["single"]],
                   [[list(c) for c in row] for row in d["paired"]])

    def _cell(self, table, v: int, name: str) -> list:
        return table[v][self.names.index(name)]

    def mean(self, v: int, name: str) -> dict:
        """{"value", "ci", "games"}: the mean of `name` in variant v, 95% normal interval."""
        n, total, total_sq = self._cell(self.single, v, name)
        mean, lo, hi = mean_ci(total, total_sq, n)
        return {"value": mean, "ci": [lo, hi], "games": n}

    def rate(self, v: int, name: str) -> dict:
        """{"value", "ci", "games"}: the share of games where the 0/1 measure `name` is 1 in
        variant v, 95% Wilson interval."""
        n, total, _ = self._cell(self.single, v, name)
        return {"value": total / n if n else 0.0, "ci": list(wilson(int(total), n)), "games": n}

    def paired_mean(self, v: int, name: str) -> dict:
        """{"diff", "ci", "significant", "games"}: variant v minus the first, per game."""
        n, sum_a, sum_b, _, sum_sq = self._cell(self.paired, v - 1, name)
        diff, lo, hi = mean_ci(sum_b - sum_a, sum_sq, n)
        return _paired(diff, lo, hi, n)

    def paired_rate(self, v: int, name: str) -> dict:
        """As `paired_mean` for a 0/1 measure, with Newcombe's paired interval."""
        n, sum_a, sum_b, both, _ = self._cell(self.paired, v - 1, name)
        both, in_a, in_b = int(both), int(sum_a), int(sum_b)
        lo, hi = newcombe_paired(both, in_a - both, in_b - both, n)
        return _paired((in_b - in_a) / n if n else 0.0, lo, hi, n)


def _paired(diff: float, lo: float, hi: float, n: int) -> dict:
    return {"diff": diff, "ci": [lo, hi], "significant": n > 1 and (lo > 0 or hi < 0),
            "games": n}


def _add(x, y):
    """Nested lists of numbers added element by element."""
    if isinstance(x, list):
        return [_add(p, q) for p, q in zip(x, y)]
    return x + y


def _value_at(hist: Counter, rank: int):
    """The value of 0-based rank `rank` in the sorted values counted in `hist`."""
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen > rank:
            return value
    raise ValueError("rank beyond the histogram")


def hist_quantile(hist: Counter, q: float) -> float:
    """The q-quantile of the values counted in `hist`, interpolated between the two nearest
    ranks (numpy's default, "linear"; the median is `stats.hist_median`'s)."""
    n = sum(hist.values())
    if n == 0:
        return 0.0
    pos = (n - 1) * q
    lo, hi = math.floor(pos), math.ceil(pos)
    a, b = _value_at(hist, lo), _value_at(hist, hi)
    return a + (b - a) * (pos - lo)


def quantile_ci(hist: Counter, q: float, z: float = Z95) -> list[float]:
    """A distribution-free 95% interval of the q-quantile: the order statistics whose ranks
    lie z binomial standard deviations either side of n*q (normal approximation)."""
    n = sum(hist.values())
    if n == 0:
        return [0.0, 0.0]
    half = z * math.sqrt(n * q * (1 - q))
    lo = min(n - 1, max(0, math.floor(n * q - half) - 1))   # 1-based rank to 0-based
    hi = min(n - 1, max(0, math.ceil(n * q + half) - 1))
    return [float(_value_at(hist, lo)), float(_value_at(hist, hi))]
