"""first_attacker.first_game (and series.first_attacker, T8) as a list of criteria (issue 31
item 2; T7, HR30) as one compile-time table per trump suit: the card ids in the order the engines look for a holder.

Each criterion adds the cards satisfying its condition, from the lowest (or the highest), in
the order of `choices.lowest_first` (rank, ties clubs, diamonds, hearts, spades); a card
already listed by an earlier criterion is not listed again (it was not held).  With
first_attacker.no_trump_held: lowest_card the whole deck follows, from the lowest (HR30).
"""

from __future__ import annotations

from durakc.expr.language import Card
from durakc.expr.sets import deck_values
from durakc.schema.keys import ALL_RANKS


def is_criteria(rule) -> bool:
    """Is `rule` (first_attacker.first_game) the list form rather than a choice word?"""
    return isinstance(rule, tuple)


def first_rule(r: dict) -> str:
    """first_attacker.first_game as the engines pass it at run time: the choice word, or
    "criteria" for the list form (the engines then read OPENER_FIRST)."""
    rule = r["first_attacker.first_game"]
    return "criteria" if is_criteria(rule) else rule


def later_rule(r: dict) -> str:
    """series.first_attacker as the engines pass it at run time: the choice word, or
    "later_criteria" for the list form (the engines then read OPENER_LATER)."""
    rule = r["series.first_attacker"]
    return "later_criteria" if is_criteria(rule) else rule


def opener_order(criteria, order: list[int], ranks, suits, trump: int) -> list[int]:
    """The card ids the criteria look for with trump suit index `trump` (-1: none), `order`
    being every card id from the lowest (`choices.lowest_first`)."""
    env = deck_values(ranks)
    cards, seen = [], set()
    ncards = len(ranks) * len(suits)
    for direction, cond in criteria:
        ids = order if direction == "lowest" else order[::-1]
        for c in ids:
            if c in seen or c >= ncards:  # jokers: refused with criteria (spec.cross_opener)
                continue
            rank, suit = ranks[c // len(suits)], suits[c % len(suits)]
            card = Card(ALL_RANKS.index(rank), suit, c % len(suits) == trump)
            if cond.evaluate({**env, "c": card}):
                seen.add(c)
                cards.append(c)
    return cards


__all__ = ["first_rule", "is_criteria", "later_rule", "opener_order"]
