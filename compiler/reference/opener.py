"""The reference's reading of first_attacker.first_game (and series.first_attacker) as a list
of criteria (issue 31 item 2; T7, HR30), evaluated directly from the rule text, not from the
engines' tables.

Every seat dealt in is a candidate at first.  Item by item: a card item (`lowest`,
`highest`): among the cards the candidates hold whose condition holds (the card `c`), the
candidate holding the lowest (highest) opens; cards compare by rank, ties by suit clubs,
diamonds, hearts, spades (HR30's decision); no such card: the next item.  A seat item
(`most`, `fewest`): the measure of each candidate (the environment `opener_seat`: its hand,
its seat, ...); those of the greatest (least) value stay candidates, and when one is left it
opens.  After the list first_attacker.no_trump_held decides among the candidates left:
lowest_card, the one holding the lowest card; left_of_dealer, the first of them clockwise
from the dealer's left.
"""

from __future__ import annotations

from durakc.envs.opener import OPENER, OPENER_SEAT
from durakc.reference.cards import suit_of
from durakc.spec.opener import SEAT_DIRECTIONS

TIE_SUITS = ("C", "D", "H", "S")
"""HR30: between cards of one rank, the lower card's suit comes first here (clubs low)."""


def criteria_holder(variant, hands, trump, criteria, candidates=None):
    """The seat the criteria choose, or None when no item decides (`candidates`, when
    given, is narrowed in place to the seats still tied)."""
    seats = list(range(len(hands))) if candidates is None else candidates
    for direction, condition in criteria:
        if direction in SEAT_DIRECTIONS:
            values = {s: condition.evaluate(variant.env(OPENER_SEAT.read(
                variant, None, hand=hands[s], seat=s, trump=trump, players=len(hands))))
                for s in seats}
            best = (max if direction == "most" else min)(values.values())
            seats[:] = [s for s in seats if values[s] == best]
            if len(seats) == 1:
                return seats[0]
            continue
        held = [(variant.deck.key(c)[0], TIE_SUITS.index(suit_of(c)), seat, c)
                for seat in seats for c in hands[seat]]
        fits = [h for h in held if condition.evaluate(
            variant.env(OPENER.read(variant, None, card=h[3], trump=trump)))]
        if fits:
            pick = min(fits) if direction == "lowest" else max(fits)
            return pick[2]
    return None


__all__ = ["criteria_holder"]
