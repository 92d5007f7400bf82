"""Group A, the card being played (HR1-HR9): throw_in.card, transfer.when over the
transfer's own cards, and attack.opening as a condition, over the structural variants."""

from __future__ import annotations

from tests.differential.house_combos import Combo

_THROW = {"throw_in": {"card": "c.rank in table.ranks or c.suit in table.suits"}}  # HR3
_TRUMP_OR_SUIT = {"throw_in": {"card": "c.suit in table.suits or c.is_trump"}}  # HR4
_OPENING_RANK = {"throw_in": {"card": "not took and c.rank in opening.ranks"}}  # HR2 + HR9
_TRUMP_TRANSFER = {"transfer": {"when": "beaten == 0 and len(played.trumps) == len(played)"}}
_KEEP_ONE = {"transfer": {"when": "beaten == 0 and hand_after > 0"}}  # HR6
_TRESHKA = {"attack": {"opening": "len(cards) == min(3, room)"}}  # HR7

COMBOS = [
    # throw_in.card (HR1-HR4, HR9)
    Combo("hr3-over-pairs", _THROW, "pairs"),
    Combo("hr3-over-siege", _THROW, "siege", players=(2, 3, 4)),
    Combo("hr3-over-weli", _THROW, "weli", players=(2, 3, 4)),
    Combo("hr4-over-jokers", _TRUMP_OR_SUIT, "jokers", players=(2, 3, 4)),
    Combo("hr4-over-svoi-kozyri", _TRUMP_OR_SUIT, "svoi-kozyri"),
    Combo("hr2-hr9-over-transfer", _OPENING_RANK, "transfer", players=(2, 3, 4)),
    Combo("hr2-hr9-over-weli", _OPENING_RANK, "weli", players=(2, 3)),
    # transfer.when over the transfer's cards (HR5, HR6)
    Combo("hr5-over-proyezdnoy", _TRUMP_TRANSFER, "proyezdnoy", players=(2, 3, 4)),
    Combo("hr5-over-kyiv", _TRUMP_TRANSFER, "kyiv", players=(2, 3, 4)),
    Combo("hr6-over-ladder", _KEEP_ONE, "ladder"),
    # attack.opening as a condition (HR7, HR8)
    Combo("hr7-over-pairs", _TRESHKA, "pairs"),
    Combo("hr7-over-siege", _TRESHKA, "siege", players=(2, 3)),
    Combo("hr7-over-svoi-kozyri", _TRESHKA, "svoi-kozyri", players=(2, 3)),
    Combo("hr7-over-weli", _TRESHKA, "weli", refused="deck.wild_rank"),
    Combo("hr7-over-jokers", _TRESHKA, "jokers", refused="does not combine with deck.jokers"),
]
