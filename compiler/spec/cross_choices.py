"""Cross checks of the choices made as data (issue 31 item 2): the lowest card opens (HR30)
and the hand size by player count (HR31)."""

from __future__ import annotations

from durakc.spec.hands import hand_sizes


def check_lowest_card(values: dict):
    """HR30: the lowest card must be one seat's: with two decks two seats may hold it."""
    if values["first_attacker.no_trump_held"] == "lowest_card" and values["deck.copies"] > 1:
        yield (("first_attacker.no_trump_held", "deck.copies"),
               ("first_attacker.no_trump_held: lowest_card needs one copy of each card: with "
                f"deck.copies: {values['deck.copies']}, two seats may hold the lowest card"))


def check_hand_size(values: dict):
    """HR31: an expression hand size deals 1 to 26 cards at every allowed player count (the
    int's bounds), and goes with the equal deal only (deal.initial_hand reads `hand_size` as
    one number)."""
    if isinstance(values["deal.hand_size"], int):
        return
    for players, size in hand_sizes(values).items():
        if not 1 <= size <= 26:
            yield (("deal.hand_size",),
                   (f"deal.hand_size gives {size} cards with {players} players; it must be "
                   "from 1 to 26 at every player count from players.min to players.max"))
            return
    if values["deal.initial_hand"].canonical() != "hand_size":
        yield (("deal.initial_hand", "deal.hand_size"),
               ("deal.initial_hand does not combine with a deal.hand_size expression yet: "
               "write the deal's sizes in deal.initial_hand over `players` instead"))
