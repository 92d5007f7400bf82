"""The `attack` block of the RL encoding when attack.opening is a condition (HR7, HR8):
one index per subset of the deck of a size the condition allows.

The block lists the sizes low to high (`durakc.ir.opening_sizes.opening_sizes`: those the
condition allows, and 1, since any one card opens when it allows none of a hand); within a
size n the subsets of card indices c1 < c2 < ... < cn are numbered in colexicographic order,
`C(c1, 1) + C(c2, 2) + ... + C(cn, n)` (the combinatorial number system): in a 6-A deck
`attack 6S 6H 7S` (cards 0, 1, 4) is C(0, 1) + C(1, 2) + C(4, 3) = 4 within the 3-card part.
docs/rl.md documents it.
"""

from __future__ import annotations

from math import comb

BLOCK_MAX = 1 << 20
"""The largest `attack` block the encoding builds (1,048,576): a policy needs one output per
index, and a step's action mask is that long (threes-and-fives, HR8: 384,168)."""


class SubsetBlock:
    """Indices of the openings of `sizes` cards out of `n_cards` (see the module docstring)."""

    def __init__(self, sizes: list[int], n_cards: int):
        self.sizes = tuple(sizes)
        self.n_cards = n_cards
        self.starts: dict[int, int] = {}
        start = 0
        for n in self.sizes:
            self.starts[n] = start
            start += comb(n_cards, n)
        self.size = start

    def index(self, cards: list[int]) -> int | None:
        """The index of the opening of card indices `cards`, or None if it has none."""
        ordered = sorted(cards)
        if len(set(ordered)) != len(ordered) or len(ordered) not in self.starts:
            return None
        if not all(0 <= c < self.n_cards for c in ordered):
            return None
        return self.starts[len(ordered)] + sum(comb(c, i + 1) for i, c in enumerate(ordered))

    def cards(self, local: int) -> list[int]:
        """The card indices, low to high, of index `local` of the block."""
        n = max(m for m in self.sizes if self.starts[m] <= local)
        rank, picked = local - self.starts[n], []
        for i in range(n, 0, -1):
            c = i - 1
            while comb(c + 1, i) <= rank:
                c += 1
            picked.append(c)
            rank -= comb(c, i)
        return picked[::-1]


def condition_block(name: str, sizes, n_cards: int) -> SubsetBlock:
    """The block for the opening `sizes` (the engine's OPENING_SIZES: those attack.opening's
    condition may allow, and 1; `durakc.ir.opening_sizes`) of variant `name`; a ValueError
    when the block would be too large."""
    block = SubsetBlock(sorted(sizes), n_cards)
    if block.size > BLOCK_MAX:
        sizes = ", ".join(map(str, block.sizes))
        raise ValueError(f"{name}: attack.opening allows openings of {sizes} card(s), "
                         f"{block.size:,} action indices out of {n_cards} cards; the RL encoding "
                         f"builds at most {BLOCK_MAX:,} (a policy needs one output per index)")
    return block


__all__ = ["BLOCK_MAX", "SubsetBlock", "condition_block"]
