"""Choices the spec makes as data the engines read: the order in which the lowest card is
looked for (first_attacker.no_trump_held: lowest_card, HR30) and the hand size for each
player count (deal.hand, HR31)."""

from __future__ import annotations

from durakc.ir.bound import BoundExpr
from durakc.ir.opener import is_criteria, opener_order
from durakc.ir.sections import ChoicesIR, OpenerSeatsIR, OpenerStep
from durakc.spec.hands import hand_sizes
from durakc.spec.opener import SEAT_DIRECTIONS, SEAT_ENV, has_seat_items

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
    opener = opener_first(r)
    later = opener_first(r, "series.first_attacker")  # T8 as a list (issue 31 item 2)
    seats = {"first_seats": opener_seats(r, "first_attacker.first_game"),
             "later_seats": opener_seats(r, "series.first_attacker")}  # seat items
    size = r["deal.hand_size"]
    if isinstance(size, int):
        return ChoicesIR(held, order, None, None, opener, later, **seats)
    sizes = hand_sizes(r)
    return ChoicesIR(held, order, size.canonical(),
                     tuple(sizes.get(n, 0) for n in range(r["players.max"] + 1)), opener, later,
                     **seats)


def opener_first(r: dict, key: str = "first_attacker.first_game"
                 ) -> tuple[tuple[int, ...], ...] | None:
    """first_attacker.first_game as a list (issue 31 item 2): OPENER_FIRST, one row of card
    ids per trump (row trump + 1; row 0: no trump), the criteria's cards and then, with
    no_trump_held: lowest_card (HR30), every other card from the lowest; each row padded
    with -1 (which ends it) to one width. None for the choice words.  `key`
    series.first_attacker: the same for a later game (OPENER_LATER, T8)."""
    rule = r[key]
    if not is_criteria(rule) or has_seat_items(rule):  # seat items: opener_seats
        return None
    ranks, suits = list(r["deck.ranks"]), list(r["deck.suits"])
    order = lowest_first(ranks, suits, 0)
    if r["first_attacker.no_trump_held"] == "lowest_card":
        rule = (*rule, ("lowest", None))
    rows = [_row(rule, order, ranks, suits, trump) for trump in range(-1, len(suits))]
    width = max(len(row) for row in rows) + 1
    return tuple(tuple(row + [-1] * (width - len(row))) for row in rows)


def _row(rule, order, ranks, suits, trump) -> list[int]:
    head = opener_order([c for c in rule if c[1] is not None], order, ranks, suits, trump)
    if rule[-1][1] is None:  # no_trump_held: lowest_card (HR30)
        head += [c for c in order if c not in head]
    return head


def opener_seats(r: dict, key: str) -> OpenerSeatsIR | None:
    """The list of criteria of `key` (first_attacker.first_game or series.first_attacker) with
    seat items ({most: ...}, {fewest: ...}; issue 31 item 2) as run-time steps over the
    candidate seats: each seat item a step, each run of card items between them one block of
    card rows (as OPENER_FIRST's, one row per trump).  With no_trump_held: lowest_card the
    last run ends with every card from the lowest (a run of its own after a seat item), so
    the holder of the lowest card among the candidates left opens (HR30).  None without seat
    items."""
    rule = r[key]
    if not is_criteria(rule) or not has_seat_items(rule):
        return None
    ranks, suits = list(r["deck.ranks"]), list(r["deck.suits"])
    order = lowest_first(ranks, suits, 0)
    items = list(rule)
    if r["first_attacker.no_trump_held"] == "lowest_card":
        items.append(("lowest", None))
    steps: list[OpenerStep] = []
    blocks: list[list[list[int]]] = []
    run: list = []

    def close_run() -> None:
        if run:
            texts = [f"{{{d}: {c.canonical()}}}" if c is not None else "the lowest card (HR30)"
                     for d, c in run]
            steps.append(OpenerStep("cards", ", ".join(texts), block=len(blocks)))
            blocks.append([_row(list(run), order, ranks, suits, trump)
                           for trump in range(-1, len(suits))])
            run.clear()

    for direction, cond in items:
        if direction in SEAT_DIRECTIONS:
            close_run()
            steps.append(OpenerStep(direction, f"{{{direction}: {cond.canonical()}}}",
                                    BoundExpr(cond, key, SEAT_ENV)))
        else:
            run.append((direction, cond))
    close_run()
    width = max((len(row) for block in blocks for row in block), default=0) + 1
    rows = tuple(tuple(row + [-1] * (width - len(row))) for block in blocks for row in block)
    return OpenerSeatsIR(tuple(steps), rows, len(suits) + 1)
