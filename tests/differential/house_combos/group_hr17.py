"""Issue 20, HR17 (deck.copies: 2, two decks with interchangeable copies) over the structural
bundled variants: teams (pairs, teams-of-three), siege, transfers (transfer, kyiv: late
transfers), personal trumps (svoi-kozyri) and the pass by showing a trump (proyezdnoy),
verified against the reference, and the decks, deals and trumps of HR12-HR15 (trump-aside,
no-stock, everything-dealt, trumps-by-lot); over wild cards (weli) and jokers (jokers,
one-joker) refused at the key (a joker or a wild card names one card and is not doubled
yet).
"""

from __future__ import annotations

from tests.differential.house_combos import Combo

_TWO_DECKS = {"deck": {"copies": 2}}
_PARENTS = {
    "pairs": (4,),
    "teams-of-three": (6,),
    "siege": (2, 3, 4),
    "transfer": (2, 3, 4, 6),
    "kyiv": (2, 3, 4),
    "svoi-kozyri": (2, 3, 4),
    "proyezdnoy": (2, 3, 4),
    # the decks, deals and trumps of issue 20 (HR12-HR15)
    "trump-aside": (2, 3, 4),
    "no-stock": (2, 3, 4),
    "everything-dealt": (2, 3, 4),
    "trumps-by-lot": (2, 3, 4),
}
_REFUSED = {
    "weli": "does not combine with wild cards (deck.wild_rank) yet",
    "jokers": "does not combine with jokers (deck.jokers) yet",
    "one-joker": "does not combine with jokers (deck.jokers) yet",
}

COMBOS = [Combo(f"hr17-two-decks-over-{parent}", _TWO_DECKS, parent, players=players)
          for parent, players in _PARENTS.items()]
COMBOS += [Combo(f"hr17-two-decks-over-{parent}", _TWO_DECKS, parent, refused=message)
           for parent, message in _REFUSED.items()]
