"""Decks, deals and trumps (issue 20 group C: HR12-HR16, HR18, HR19) over the structural
variants: the turned card set aside and no stock (set_aside), everything dealt, trumps by lot
(lot_trumps), one to four jokers, a one-colour redeal and a redeal on request (redeal_offer)."""

from __future__ import annotations

from tests.differential.house_combos import Combo

_ASIDE = {"trump": {"card": "aside"}}  # HR12
_NO_STOCK = {"deal": {"stock": "aside"}}  # HR13
_EVERYTHING = {"deal": {"mode": "everything"}}  # HR14
_BY_LOT = {"trump": {"mode": "per_seat_by_lot"},  # HR15, SK3: nobody shares one trump
           "first_attacker": {"first_game": "left_of_dealer"},
           "series": {"first_attacker": "left_of_dealer"}, "players": {"max": 5}}
_ONE_COLOUR = {"deal": {"redeal_if": "hand.count(red) == len(hand) or hand.count(black) == len(hand)"}}
_ASK = {"deal": {"offer_redeal": "hand.longest_suit >= 5"}}  # HR19

COMBOS = [
    # HR12: the turned card out of play
    *(Combo(f"trump-aside-{p}", _ASIDE, p)
      for p in ("pairs", "teams-of-three", "siege", "weli", "jokers", "transfer", "albanian")),
    Combo("trump-aside-changeable-trump", _ASIDE, "changeable-trump",
          refused="trump.card: aside does not go with trump.hidden_second"),
    Combo("trump-aside-trump-six", _ASIDE, "trump-six",
          refused="trump.card: aside does not go with trump.six_exchange"),
    # HR13: no stock
    *(Combo(f"no-stock-{p}", _NO_STOCK, p)
      for p in ("pairs", "siege", "weli", "jokers", "transfer", "svoi-kozyri")),
    Combo("no-stock-poker", _NO_STOCK, "poker",
          refused="deal.stock: aside does not go with swap.per_game"),
    # HR14: everything dealt
    *(Combo(f"everything-{p}", _EVERYTHING, p)
      for p in ("pairs", "teams-of-three", "siege", "weli", "jokers", "svoi-kozyri", "kyiv")),
    Combo("everything-changeable-trump", _EVERYTHING, "changeable-trump",
          refused="trump.hidden_second needs a stock, but deal.mode everything deals every card"),
    # HR15: trumps by lot
    *(Combo(f"by-lot-{p}", _BY_LOT, p) for p in ("siege", "weli", "transfer", "svoi-kozyri")),
    Combo("by-lot-pairs", dict(_BY_LOT, players={"min": 4, "max": 4}), "pairs"),
    Combo("by-lot-jokers", _BY_LOT, "jokers",
          refused="deck.jokers does not go with trump.mode per_seat_by_lot"),
    Combo("by-lot-proyezdnoy", _BY_LOT, "proyezdnoy",
          refused="transfer.show_trump: true needs one trump suit for everyone"),
    # HR16: one, three or four jokers
    Combo("one-joker-transfer", {"deck": {"jokers": 1}}, "transfer"),
    Combo("three-jokers-pairs", {"deck": {"jokers": 3}}, "pairs"),
    Combo("four-jokers-siege", {"deck": {"jokers": 4}}, "siege"),
    Combo("one-joker-svoi-kozyri", {"deck": {"jokers": 1}}, "svoi-kozyri"),
    Combo("three-jokers-kyiv", {"deck": {"jokers": 3}}, "kyiv"),
    # HR18: a one-colour redeal
    *(Combo(f"one-colour-{p}", _ONE_COLOUR, p)
      for p in ("pairs", "siege", "weli", "jokers", "transfer", "svoi-kozyri")),
    # HR19: a redeal on request
    *(Combo(f"ask-redeal-{p}", _ASK, p)
      for p in ("pairs", "siege", "weli", "jokers", "transfer", "svoi-kozyri",
                "changeable-trump", "trump-six", "poker")),
    Combo("ask-redeal-no-stock", dict(_ASK, deal={"offer_redeal": "hand.longest_suit >= 5",
                                                  "stock": "aside"}), "podkidnoy"),
    Combo("ask-redeal-by-lot", dict(_BY_LOT, deal={"offer_redeal": "hand.longest_suit >= 5"}),
          "podkidnoy"),
    Combo("ask-redeal-ladder", _ASK, "ladder",
          refused="deal.offer_redeal with deal.initial_hand is not supported yet"),
    Combo("ask-redeal-teach-the-fool", _ASK, "teach-the-fool",
          refused="deal.offer_redeal with series.first_attacker: right_of_loser"),
]
"""Each capability of the group over the structural variants it can meet, or refused."""
