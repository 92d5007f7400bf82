"""Cross checks of the house rules on decks, deals and trumps (issue 20: HR12-HR19)."""

from __future__ import annotations

from durakc.spec.hands import hand_size


def check_lot_trumps(values: dict):
    """HR15: a card is turned for each seat from the cards left after the deal; rules that need
    one trump for everyone, or other cards turned, do not go with it."""
    if values["trump.mode"] != "per_seat_by_lot":
        return
    size = len(values["deck.ranks"]) * len(values["deck.suits"]) + values["deck.jokers"]
    players = values["players.max"]
    hand = hand_size(values, players)
    left = size - hand * players if values["deal.mode"] == "hands" else 0
    if left < players:
        yield (("trump.mode", "players.max", "deal.hand_size", "deal.mode"),
               (f"trump.mode per_seat_by_lot turns a card for each seat after the deal, but "
                f"{players} players leave {max(left, 0)} of the {size} cards (deal.mode "
                f"{values['deal.mode']}, {hand} each)"))
    for path, value, rule in (("first_attacker.first_game", "lowest_trump", "T7"),
                              ("series.first_attacker", "lowest_trump", "T7"),
                              ("transfer.show_trump", True, "S1")):
        if values[path] == value and (path != "transfer.show_trump" or values["transfer.enabled"]):
            yield ((path, "trump.mode"),
                   (f"{path}: {value if value is not True else 'true'} needs one trump suit for "
                    f"everyone ({rule}), but trump.mode per_seat_by_lot gives each seat its own"))
    for path, bad, what in (("deck.jokers", 0, "a joker has no suit to give (J3)"),
                            ("trump.never", [], "every turned card gives its suit"),
                            ("trump.hidden_second", False, "no card is turned for everyone"),
                            ("deal.stock", "drawn", "the turned cards lie under the stock"),
                            ("swap.per_game", 0, "PK2 needs one face-up trump card"),
                            ("trump.six_exchange", False, "TX1 needs one face-up trump card")):
        if values[path] != bad:
            yield ((path, "trump.mode"),
                   f"{path} does not go with trump.mode per_seat_by_lot: {what}")


def check_offer_redeal(values: dict):
    """HR19: a redeal deals the game again as new_game does; a deal that depends on the last
    game of a series (deal.initial_hand over losses, series.first_attacker: right_of_loser) is
    not supported with it yet."""
    if values["deal.offer_redeal"].constant() is False:
        return
    if values["deal.initial_hand"].canonical() != "hand_size":
        yield (("deal.offer_redeal", "deal.initial_hand"),
               ("deal.offer_redeal with deal.initial_hand is not supported yet: a redeal deals "
                "every hand as new_game does"))
    if values["series.first_attacker"] == "right_of_loser":
        yield (("deal.offer_redeal", "series.first_attacker"),
               ("deal.offer_redeal with series.first_attacker: right_of_loser is not supported "
                "yet: a redeal does not know the last game's loser"))


def check_set_aside(values: dict):
    """HR12, HR13: cards set aside out of play never lie in the stock, so the rules that need
    the face-up card in the stock (CT1, PK2, TX1) or a stock at all do not go with them."""
    card = values["trump.card"] == "aside"
    stock = values["deal.stock"] == "aside"
    if not (card or stock):
        return
    key = "deal.stock" if stock else "trump.card"
    what = ("nothing is ever drawn (deal.stock: aside)" if stock
            else "the turned card lies out of play (trump.card: aside)")
    for other, rule in (("trump.hidden_second", "CT1"), ("swap.per_game", "PK2"),
                        ("trump.six_exchange", "TX1")):
        if values[other]:
            yield ((key, other),
                   (f"{key}: aside does not go with {other}: {rule} needs the face-up trump card "
                    f"in the stock, but {what}"))
