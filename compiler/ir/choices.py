"""Choices the spec makes as data the engines read: the order in which the lowest card is
looked for (first_attacker.no_trump_held: lowest_card, HR30) and the hand size for each
player count (deal.hand, HR31)."""

from __future__ import annotations

from durakc.ir.sections import ChoicesIR
from durakc.spec.hands import hand_sizes

TIE_SUITS = ("C", "D", "H", "S")
"""HR30: between cards of the same rank the lower is the first suit here (clubs low)."""


def lowest_first(ranks: list[str], suits: list[str], jokers: int) -> list[int]:
    """The card ids of a one-copy deck from the lowest card up: rank first, ties by
    `TIE_SUITS`; the jokers (after every ranked card) last, in id order."""
    ranked = sorted(range(len(ranks) * len(suits)),
                    key=lambda c: (c // len(suits), TIE_SUITS.index(suits[c % len(suits)])))
    first = len(ranks) * len(suits)
    return ranked + list(range(first, first + jokers))


def choices_section(r: dict) -> ChoicesIR:
    """The typed section of the choices above (`r`: the effective rule values)."""
    held = r["first_attacker.no_trump_held"]
    order = (tuple(lowest_first(list(r["deck.ranks"]), list(r["deck.suits"]), r["deck.jokers"]))
             if held == "lowest_card" else None)
    size = r["deal.hand_size"]
    if isinstance(size, int):
        return ChoicesIR(held, order, None, None)
    sizes = hand_sizes(r)
    return ChoicesIR(held, order, size.canonical(),
                     tuple(sizes.get(n, 0) for n in range(r["players.max"] + 1)))
