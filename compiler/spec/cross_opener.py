"""Cross checks of first_attacker.first_game's list form (issue 31 item 2; T7, HR30): the
lowest or highest card satisfying a condition must be one seat's card, judged against the
one trump suit of the deal, and chosen once."""

from __future__ import annotations

_PATH = "first_attacker.first_game"


def check_first_game_list(values: dict):
    """Refuse the list form where its meaning would be ambiguous or is not supported."""
    if isinstance(values[_PATH], str):
        return
    if values["deck.copies"] > 1:
        yield ((_PATH, "deck.copies"),
               (f"{_PATH} as a list needs one copy of each card: with deck.copies: "
                f"{values['deck.copies']}, two seats may hold the card it looks for"))
    if values["trump.mode"] in ("per_seat", "per_seat_by_lot"):
        yield ((_PATH, "trump.mode"),
               (f"{_PATH} as a list judges c.is_trump against one trump suit for everyone, "
                f"but trump.mode {values['trump.mode']} gives each seat its own"))
    if values["deal.offer_redeal"].constant() is not False:
        yield ((_PATH, "deal.offer_redeal"),
               (f"{_PATH} as a list with deal.offer_redeal is not supported: a redeal chooses "
                "the first attacker by the choice words only"))
    if values["first_attacker.no_trump_held"] == "redeal":
        yield ((_PATH, "first_attacker.no_trump_held"),
               (f"{_PATH} as a list with first_attacker.no_trump_held: redeal is not "
                "supported: say left_of_dealer or lowest_card for when no item finds a card"))
    if values["deck.jokers"]:
        yield ((_PATH, "deck.jokers"),
               (f"{_PATH} as a list orders cards by rank, and a joker has none (J3): it "
                "needs deck.jokers: 0"))


__all__ = ["check_first_game_list"]
