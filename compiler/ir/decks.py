"""IR sections of the house rules on decks, deals and trumps (issue 20, HR12-HR19).

`deck_sections` decides, from the spec values, which of these capabilities a variant uses,
with what their templates need:

- `set_aside` (trump.card: aside, deal.stock: aside; HR12, HR13): cards out of play.
- `lot_trumps` (trump.mode: per_seat_by_lot; HR15): a trump suit per seat, by a card turned
  for each seat after the deal.
- `redeal_offer` (deal.offer_redeal; HR19): the seats asked `redeal` or `keep` at the deal.
"""

from __future__ import annotations

from durakc.ir.bound import bound
from durakc.ir.hooks import Capability


def deck_sections(r: dict) -> list[Capability]:
    """The capabilities of decks, deals and trumps that the rules `r` use, in hook order."""
    caps = []
    turned = r["trump.mode"] in ("turned_bottom", "turned_top")
    card_aside = r["trump.card"] == "aside" and turned
    if card_aside or r["deal.stock"] == "aside":
        keys = [k for k, v in (("trump.card", card_aside), ("deal.stock", r["deal.stock"] == "aside"))
                if v]
        caps.append(Capability("set_aside", {
            "keys": ", ".join(keys),
            "card_aside": card_aside,  # HR12: the turned card lies face up out of play
            "stock_aside": r["deal.stock"] == "aside",  # HR13: the rest lies aside unseen
            "turned": turned,  # a card is turned for trump (it is seen)
        }))
    if r["trump.mode"] == "per_seat_by_lot":
        caps.append(Capability("lot_trumps", {"keys": "trump.mode"}))
    # last: its new_game wraps the others' (set_aside, lot_trumps, hidden_trump)
    offer = r["deal.offer_redeal"]
    if offer.constant() is not False:
        caps.append(Capability("redeal_offer", {
            "keys": "deal.offer_redeal",
            "text": offer.canonical(),
            "expr": bound(r, "deal.offer_redeal", "dealt"),  # over one dealt hand
        }))
    return caps
