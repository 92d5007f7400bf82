"""Small readers of the RL encoding (`durakc.rl.encoding`): the wild cards of a variant's
rules, a clear refusal of the rules it does not cover, and the shows and take of the round
in progress from a game's history."""

from __future__ import annotations

from types import ModuleType


def refuse_unsupported(engine: ModuleType, rules: dict) -> None:
    """A clear error for rules the encoding does not cover yet (reserved in the schema)."""
    name = engine.VARIANT.get("name", "?")
    if not rules.get("deck.ranks") or not rules.get("deck.suits"):
        raise ValueError(f"{name}: VARIANT['rules'] names no deck.ranks / deck.suits")


def wild_cards(rules: dict, suits: tuple) -> tuple[str, ...]:
    """The printed texts of the wild cards (deck.wild_rank x deck.wild_suits, W1), suits in
    the order S H D C; empty without wild cards."""
    rank = rules.get("deck.wild_rank")
    if not rank:
        return ()
    wild_suits = set(rules.get("deck.wild_suits") or suits)
    return tuple(rank + s for s in suits if s in wild_suits)


def this_round(history) -> tuple[list[str], bool]:
    """(trumps shown, whether the defender took) since the round's opening attack.

    Only for a round in progress (cards on the table): the history has no round-end entry.
    """
    shown, took = [], False
    for text in reversed(history):
        kind, _, rest = text.partition(" ")
        if kind == "attack":
            break
        if kind == "show":
            shown.append(rest)
        elif kind == "take":
            took = True
    return shown, took


__all__ = ["refuse_unsupported", "this_round", "wild_cards"]
