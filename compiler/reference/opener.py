"""The reference's reading of first_attacker.first_game as a list of criteria (issue 31
item 2; T7, HR30), evaluated directly from the rule text, not from the engines' table.

Item by item: among the cards held whose condition holds (the card `c`), the seat holding
the lowest (`lowest`) or the highest (`highest`) opens; cards compare by rank, ties by suit
clubs, diamonds, hearts, spades (HR30's decision).  No card satisfies an item: the next.
"""

from __future__ import annotations

from durakc.envs.opener import OPENER
from durakc.reference.cards import suit_of

TIE_SUITS = ("C", "D", "H", "S")
"""HR30: between cards of one rank, the lower card's suit comes first here (clubs low)."""


def criteria_holder(variant, hands, trump, criteria):
    """The seat the criteria choose, or None when no item finds a held card."""
    held = [(variant.deck.key(c)[0], TIE_SUITS.index(suit_of(c)), seat, c)
            for seat, hand in enumerate(hands) for c in hand]
    for direction, condition in criteria:
        fits = [h for h in held if condition.evaluate(
            variant.env(OPENER.read(variant, None, card=h[3], trump=trump)))]
        if fits:
            pick = min(fits) if direction == "lowest" else max(fits)
            return pick[2]
    return None


__all__ = ["criteria_holder"]
