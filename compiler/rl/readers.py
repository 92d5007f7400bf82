"""Small readers of the RL encoding (`durakc.rl.encoding`): the action verbs and the wild
cards of a variant's engine, a clear refusal of an engine it can not read, and the shows and take of the round
in progress from a game's history."""

from __future__ import annotations

from types import ModuleType


def refuse_unsupported(engine: ModuleType) -> None:
    """A clear error for an engine the encoding can not read (no deck constants)."""
    name = engine.VARIANT.get("name", "?")
    if not getattr(engine, "RANKS", None) or not getattr(engine, "SUITS", None):
        raise ValueError(f"{name}: the engine has no RANKS / SUITS (deck.ranks / deck.suits)")


def wild_cards(engine: ModuleType, suits: tuple) -> tuple[str, ...]:
    """The printed texts of the wild cards (the engine's WILD_CARDS: deck.wild_rank x
    deck.wild_suits, W1), suits in the order of `suits`; empty without wild cards."""
    printed = {engine.CARD_TEXT[c] for c in getattr(engine, "WILD_CARDS", ())}
    return tuple(sorted(printed, key=lambda text: suits.index(text[-1])))


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


def action_verbs(engine: ModuleType, built: frozenset, kinds: tuple, out_of_turn: tuple
                 ) -> tuple[str, ...]:
    """The engine's action verbs that have a block, in the order of `kinds` (the encoding's
    SHAPES, the first seven in every engine): the engine's `VERBS` (an engine without it:
    those seven and the ones its capabilities `built` add), with `wait` after an
    `out_of_turn` verb (HR34: the out-of-turn decision's "not now", durakc.rl.schedule)."""
    core = kinds[:7]
    listed = getattr(engine, "VERBS", None)
    if listed is None:
        listed = core + (("exchange",) if "trump_exchange" in built else ()) + (
            ("swap",) if "swaps" in built else ())
    if any(v in out_of_turn for v in listed):
        listed = (*listed, "wait")
    unknown = [v for v in listed if v not in kinds]
    if unknown:
        raise ValueError(f"{engine.VARIANT.get('name', '?')}: the RL encoding has no block for "
                         f"the action verb {unknown[0]!r} (add its shape to "
                         "durakc.rl.encoding.SHAPES)")
    return tuple(dict.fromkeys(core + tuple(k for k in kinds if k in listed)))


__all__ = ["action_verbs", "refuse_unsupported", "this_round", "wild_cards"]
