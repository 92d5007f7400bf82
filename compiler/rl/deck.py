"""What the RL encoding reads of a variant's deck (`VARIANT["rules"]`): the wild cards, and
a clear refusal of the rules it does not cover."""

from __future__ import annotations

from types import ModuleType


def refuse_unsupported(engine: ModuleType, rules: dict) -> None:
    """A clear error for rules the encoding does not cover yet (reserved in the schema)."""
    name = engine.VARIANT.get("name", "?")
    if not rules.get("deck.ranks") or not rules.get("deck.suits"):
        raise ValueError(f"{name}: VARIANT['rules'] names no deck.ranks / deck.suits")
    if int(rules.get("deck.copies") or 1) > 1:  # HR17: a card block holds one bit per text
        raise ValueError(f"{name}: the RL encoding does not cover deck.copies: "
                         f"{rules['deck.copies']} yet (each card text is in the deck more than "
                         "once; its card blocks hold one bit per text)")


def wild_cards(rules: dict, suits: tuple) -> tuple[str, ...]:
    """The printed texts of the wild cards (deck.wild_rank x deck.wild_suits, W1), suits in
    the order S H D C; empty without wild cards."""
    rank = rules.get("deck.wild_rank")
    if not rank:
        return ()
    wild_suits = set(rules.get("deck.wild_suits") or suits)
    return tuple(rank + s for s in suits if s in wild_suits)


__all__ = ["refuse_unsupported", "wild_cards"]
