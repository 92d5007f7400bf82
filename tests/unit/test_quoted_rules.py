"""IllegalAction messages quote the rule that refuses an action (issue 30 item 1): the text is
the rule's, as the engine's VARIANT records it, though the engine now has it from the IR as a
string literal (no template reads VARIANT["rules"]); the refused game is unchanged."""

from __future__ import annotations

import copy
import random
import re

import pytest

from durakc.loading.engines import load_engine

CASES = [("podkidnoy", "beating.beats"), ("transfer", "transfer.when"),
         ("proyezdnoy", "transfer.capacity"), ("rank-or-suit", "throw_in.card"),
         ("treshka", "attack.opening")]


def _candidates(game) -> list[str]:
    """Actions of the seat to move, mostly illegal: each card of its hand in every verb,
    beating each unbeaten card, attacking with two cards."""
    hand = game.hands[game.to_move]
    unbeaten = [a for a, d in game.table if d is None]
    return ([f"{verb} {c}" for c in hand for verb in ("attack", "throw", "transfer")]
            + [f"beat {a} {c}" for a in unbeaten for c in hand]
            + [f"attack {c} {d}" for i, c in enumerate(hand) for d in hand[i + 1:]])


def _quoting(engine, key: str, seeds: int = 6, steps: int = 200):
    """The first refusal quoting `key` in seeded random games: (game, action, message)."""
    quote = f"({key}: "
    for seed in range(seeds):
        game, rng = engine.new_game(engine.PLAYERS_MIN + 1, seed=seed), random.Random(seed)
        for _ in range(steps):
            if game.is_over:
                break
            for text in _candidates(game):
                try:
                    copy.copy(game).apply(text)
                except engine.IllegalAction as refusal:
                    if quote in str(refusal):
                        return game, text, str(refusal)
            game.apply(rng.choice(game.legal_actions()))
    raise AssertionError(f"no refusal quoting {key}")


@pytest.mark.parametrize("variant,key", CASES)
def test_a_refusal_quotes_the_rule_text_the_variant_records(variant, key):
    engine = load_engine(variant)
    game, text, message = _quoting(engine, key)
    rule = engine.VARIANT["rules"][key]
    assert f"({key}: {rule}" in message
    before = game.to_dict()
    with pytest.raises(engine.IllegalAction, match="^" + re.escape(message) + "$"):
        game.apply(text)
    assert game.to_dict() == before


def test_engines_no_longer_read_their_rules_to_quote_them():
    for variant, key in CASES:
        source = load_engine(variant).__file__
        with open(source, encoding="utf-8") as f:
            text = f.read()
        assert "VARIANT['rules']" not in text and f"({key}: " in text, variant
