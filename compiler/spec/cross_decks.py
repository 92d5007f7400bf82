"""Cross checks of the house rules on decks, deals and trumps (issue 20: HR12-HR19)."""

from __future__ import annotations


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
