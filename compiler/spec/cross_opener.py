"""Cross checks of the list form of first_attacker.first_game and series.first_attacker
(issue 31 item 2; T7, T8, HR30): the lowest or highest card satisfying a condition must be
one seat's card, judged against the one trump suit of the deal, and chosen once."""

from __future__ import annotations

LIST_KEYS = ("first_attacker.first_game", "series.first_attacker")
"""The keys that take a list of criteria: who opens the first game and a later one."""


def check_first_game_list(values: dict):
    """Refuse the list form where its meaning would be ambiguous or is not supported."""
    for path in LIST_KEYS:
        if not isinstance(values[path], str):
            yield from _check_list(values, path)


def _check_list(values: dict, path: str):
    """The refusals of the list form of the key `path`."""
    if values["deck.copies"] > 1:
        yield ((path, "deck.copies"),
               (f"{path} as a list needs one copy of each card: with deck.copies: "
                f"{values['deck.copies']}, two seats may hold the card it looks for"))
    if values["trump.mode"] in ("per_seat", "per_seat_by_lot"):
        yield ((path, "trump.mode"),
               (f"{path} as a list judges c.is_trump against one trump suit for everyone, "
                f"but trump.mode {values['trump.mode']} gives each seat its own"))
    if values["deal.offer_redeal"].constant() is not False:
        yield ((path, "deal.offer_redeal"),
               (f"{path} as a list with deal.offer_redeal is not supported: a redeal chooses "
                "the first attacker by the choice words only"))
    if values["first_attacker.no_trump_held"] == "redeal":
        yield ((path, "first_attacker.no_trump_held"),
               (f"{path} as a list with first_attacker.no_trump_held: redeal is not "
                "supported: say left_of_dealer or lowest_card for when no item finds a card"))
    if values["deck.jokers"]:
        yield ((path, "deck.jokers"),
               (f"{path} as a list orders cards by rank, and a joker has none (J3): it "
                "needs deck.jokers: 0"))


__all__ = ["LIST_KEYS", "check_first_game_list"]
