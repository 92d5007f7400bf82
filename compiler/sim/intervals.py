"""95% intervals: Wilson for a rate, the normal approximation for a mean (from sums)."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for k successes out of n (0, 1 when n is 0)."""
    if n == 0:
        return (0.0, 1.0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci(total: float, total_sq: float, n: int, z: float = Z95) -> tuple[float, float, float]:
    """Mean and its normal-approximation interval from a sum and a sum of squares."""
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = total / n
    if n < 2:
        return (mean, mean, mean)
    var = max(0.0, (total_sq - total * total / n) / (n - 1))
    half = z * math.sqrt(var / n)
    return (mean, mean - half, mean + half)
