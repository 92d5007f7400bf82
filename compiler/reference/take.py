"""What a take picks up in the reference game (take.picks_up: T21, HR32).

The plain meaning of the engines' `partial_take` capability: when a round that the defender
took closes, the defender gets some of the table's cards and the others go to the discard
pile.  `picked_up` splits the table (a list of (attack, defence or None) pairs, in play order).
"""

from __future__ import annotations

from durakc.reference.cards import printed


def picked_up(mode: str, table: list) -> tuple[list, list]:
    """(the cards the taker picks up, the cards discarded) of `table` under take.picks_up
    `mode`; W2: a wild card leaves the table as its printed card."""
    picked: list = []
    rest: list = []
    for a, d in table:
        if mode == "unbeaten" and d is not None:  # HR32: a beaten pair is discarded
            rest += [a, d]
            continue
        picked.append(a)  # T21: an attack card (all, attack; unbeaten: one still unbeaten)
        if d is not None:  # T21 (all): the defence card too; attack: it is discarded
            (picked if mode == "all" else rest).append(d)
    return [printed(c) for c in picked], [printed(c) for c in rest]
