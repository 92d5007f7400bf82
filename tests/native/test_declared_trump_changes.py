"""CT2's trump changes declared once (capabilities/state.py, kind card_pairs): the Python
engine reads a saved game's `trump_changes` with the kind's reader and the C engine (through
the native binding) loads and saves them by the same declaration; a bad value is refused
with a clear InvalidGame on both backends, and a saved game after the hidden card was turned
loads and saves back the same."""

from __future__ import annotations

import random

import pytest
from native_support import native, needs_cc, python_engine

pytestmark = needs_cc


def _turned(engine, seed):
    """A game of changeable-trump played (seeded random moves) until the hidden card is turned."""
    game, rng = engine.new_game(2, seed), random.Random(seed)
    while not game.to_dict()["trump_changes"] and not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_trump_change_is_declared_and_survives_saving_on_both_backends():
    py, nat = python_engine("changeable-trump"), native("changeable-trump")
    assert py.STATE_FIELDS == (("trump_changes", "card_pairs"),)
    game = _turned(py, 3)
    d = game.to_dict()
    assert len(d["trump_changes"]) == 1 and d["hidden_trump"] is None  # CT2: turned once
    assert py.Game.from_dict(d).to_dict() == d == game.copy().to_dict()
    assert nat.Game.from_dict(d).to_dict() == d


@pytest.mark.parametrize("changes, message", [
    ("7S", "trump_changes must be a list of \\[card, card\\] pairs"),
    ([["7S"]], "trump_changes must be a list of \\[card, card\\] pairs"),
    ([["7S", "XX"]], "XX"),
])
def test_a_bad_saved_trump_change_is_refused_alike(changes, message):
    py, nat = python_engine("changeable-trump"), native("changeable-trump")
    d = dict(py.new_game(2, 1).to_dict(), trump_changes=changes)
    with pytest.raises(py.InvalidGame, match=message) as expected:
        py.Game.from_dict(d)
    with pytest.raises(nat.InvalidGame) as got:
        nat.Game.from_dict(d)
    assert str(got.value) == str(expected.value)
