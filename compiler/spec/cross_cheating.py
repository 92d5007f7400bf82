"""Cross checks of the cheating table (play.cheating, HR34): the rules it does not combine
with yet, each refused at its keys with the reason."""

from __future__ import annotations

from durakc.schema.keys import KEY_BY_PATH


def check_cheating(values: dict):
    """HR34: cheating plays and catches are built over the throw-in protocol of podkidnoy;
    transfers may break the rank rule (a caught foul transfer: its author takes everything), but
    showing a trump to transfer, jokers with transfers, siege, wild cards, two decks and a throw-in condition other
    than the rank rule are not combined with it yet."""
    if not values["play.cheating"]:
        return
    refused = (
        ("transfer.show_trump", values["transfer.enabled"] and values["transfer.show_trump"],
         "showing a trump to transfer"),
        ("deck.jokers", values["transfer.enabled"] and values["deck.jokers"] != 0,
         "jokers with transfers (a joker has no rank to pass on, J3)"),
        ("throw_in.timing", values["throw_in.timing"] != "after_defence", "siege (any_time)"),
        ("deck.wild_rank", values["deck.wild_rank"] is not None, "wild cards"),
        ("deck.copies", values["deck.copies"] != 1, "two decks"),
        ("throw_in.card",
         values["throw_in.card"].canonical() != KEY_BY_PATH["throw_in.card"].default,
         "a throw-in condition other than the table's ranks"),
    )
    for key, used, what in refused:
        if used:
            yield (("play.cheating", key),
                   (f"play.cheating (HR34) does not combine with {what} ({key}) yet: "
                    f"leave {key} at its default"))

