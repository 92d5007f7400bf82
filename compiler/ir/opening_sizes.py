"""How many openings attack.opening as a condition (HR7, HR8) can list: the sizes it
allows (`durakc.expr.sizes`'s terms, bounded by `durakc.expr.ranges`) and the subsets of a
hand of the whole deck of those sizes.  The RL encoding sizes its `attack` block by them
(`rl/subsets.py`) and the C target its action lists (`targets/c/openings.py`).
"""

from __future__ import annotations

from math import comb

from durakc.expr.ranges import interval


def allowed_sizes(expr, ncards: int) -> list[int]:
    """Every opening size (1..ncards) the condition `expr` (an `Expr` of the `opening`
    environment) may allow, low to high."""
    sizes: set[int] = set()
    for op, node in expr.size_terms("cards") or [("<=", None)]:
        low, high = interval(node, "opening") if node is not None else (1, ncards)
        if op == "==":
            sizes.update(range(max(low, 1), min(high, ncards) + 1))
        else:
            sizes.update(range(1, min(high - (op == "<"), ncards) + 1))
    return sorted(sizes)


def opening_sizes(expr, ncards: int) -> list[int]:
    """The sizes an opening list may hold: those `expr` allows, and 1 (when it allows no
    opening of a hand, any one card opens)."""
    return sorted(set(allowed_sizes(expr, ncards)) | {1})


def opening_count(expr, ncards: int) -> int:
    """The most openings a hand of `ncards` cards (the whole deck) could list: the subsets of
    the whole deck of the sizes it may hold (the RL encoding's `attack` block)."""
    return sum(comb(ncards, n) for n in opening_sizes(expr, ncards))


def list_bound(expr, ncards: int) -> int:
    """The most openings one legal list can hold (the C target's action lists): an opening
    of n cards needs a defender holding n, so with `held` cards in the defender's hand the
    attacker holds at most ncards - held and lists its subsets of the sizes up to `held`
    (the fallback, any one card, is among the one-card subsets)."""
    sizes = opening_sizes(expr, ncards)
    return max(sum(comb(ncards - held, n) for n in sizes if n <= held)
               for held in range(1, ncards))


__all__ = ["allowed_sizes", "list_bound", "opening_count", "opening_sizes"]
