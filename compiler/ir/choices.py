"""Choices the spec makes as data the engines read: the order in which the lowest card is
looked for (first_attacker.no_trump_held: lowest_card, HR30) and the hand size for each
player count (deal.hand, HR31)."""

from __future__ import annotations

import textwrap

from durakc.ir.opener import is_criteria, opener_order
from durakc.spec.hands import hand_sizes, largest_hand

TIE_SUITS = ("C", "D", "H", "S")
"""HR30: between cards of the same rank the lower is the first suit here (clubs low)."""


def lowest_first(ranks: list[str], suits: list[str], jokers: int) -> list[int]:
    """The card ids of a one-copy deck from the lowest card up: rank first, ties by
    `TIE_SUITS`; the jokers (after every ranked card) last, in id order."""
    ranked = sorted(range(len(ranks) * len(suits)),
                    key=lambda c: (c // len(suits), TIE_SUITS.index(suits[c % len(suits)])))
    first = len(ranks) * len(suits)
    return ranked + list(range(first, first + jokers))


def choice_values(r: dict) -> dict:
    """The IR values of the choices above (`r`: the effective rule values)."""
    v: dict = {"no_trump_held": r["first_attacker.no_trump_held"], "lowest_first_literal": None,
               "lowest_first_c": None}
    if v["no_trump_held"] == "lowest_card":
        order = lowest_first(list(r["deck.ranks"]), list(r["deck.suits"]), r["deck.jokers"])
        v["lowest_first_literal"] = "(\n" + _wrapped(order) + "\n)"
        v["lowest_first_c"] = "{\n" + _wrapped(order) + "\n}"
    v.update(_opener_values(r))
    v.update(_hand_values(r))
    return v


def _opener_values(r: dict) -> dict:
    """first_attacker.first_game as a list (issue 31 item 2): OPENER_FIRST, one row of card
    ids per trump (row trump + 1; row 0: no trump), the criteria's cards and then, with
    no_trump_held: lowest_card (HR30), every other card from the lowest."""
    rule = r["first_attacker.first_game"]
    if not is_criteria(rule):
        return {"opener_first_literal": None, "opener_first_c": None, "opener_width": 0}
    ranks, suits = list(r["deck.ranks"]), list(r["deck.suits"])
    order = lowest_first(ranks, suits, 0)
    if r["first_attacker.no_trump_held"] == "lowest_card":
        rule = (*rule, ("lowest", None))
    rows = [_row(rule, order, ranks, suits, trump) for trump in range(-1, len(suits))]
    width = max(len(row) for row in rows) + 1
    rows = [row + [-1] * (width - len(row)) for row in rows]  # -1 ends a row
    return {"opener_first_literal": "(\n" + "\n".join(
                "    (" + ", ".join(map(str, row)) + ")," for row in rows) + "\n)",
            "opener_first_c": "{\n" + ",\n".join(
                "    {" + ", ".join(map(str, row)) + "}" for row in rows) + "\n}",
            "opener_width": width}


def _row(rule, order, ranks, suits, trump) -> list[int]:
    head = opener_order([c for c in rule if c[1] is not None], order, ranks, suits, trump)
    if rule[-1][1] is None:  # no_trump_held: lowest_card (HR30)
        head += [c for c in order if c not in head]
    return head


def _hand_values(r: dict) -> dict:
    """deal.hand_size: one number (HAND_SIZE), or an expression over `players` (HR31) as
    the table HAND_SIZES by player count (0 below players.min); HAND_SIZE is then its
    largest value."""
    size = r["deal.hand_size"]
    if isinstance(size, int):
        return {"hand_size_text": None, "hand_sizes_literal": None, "hand_sizes_c": None,
                "refill_size_py": "HAND_SIZE", "deal_size_c": "HAND_SIZE",
                "refill_size_c": "HAND_SIZE"}
    sizes = hand_sizes(r)
    table = [sizes.get(n, 0) for n in range(r["players.max"] + 1)]
    return {"hand_size": largest_hand(r), "hand_size_text": size.canonical(),
            "hand_sizes_literal": "(" + ", ".join(map(str, table)) + ")",
            "hand_sizes_c": "{" + ", ".join(map(str, table)) + "}",
            "refill_size_py": "HAND_SIZES[self._players]",
            "deal_size_c": "HAND_SIZES[players]", "refill_size_c": "HAND_SIZES[g->players]"}


def _wrapped(numbers: list[int]) -> str:
    """`numbers` comma-separated in lines of at most 96 characters, indented by four."""
    return "\n".join(textwrap.wrap(", ".join(map(str, numbers)) + ",", 92,
                                    initial_indent="    ", subsequent_indent="    "))
