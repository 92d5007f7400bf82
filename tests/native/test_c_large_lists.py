"""HR8 (threes-and-fives): an opening list too long for the C stack (the header's
HEAP_ACTIONS) is listed and applied as the Python engine does.

An attacker holding 31 cards against a defender holding 5 is the largest list the
condition allows (targets/c/openings.py: at most 174,437 openings)."""

from __future__ import annotations

import pytest
from native_support import native, needs_cc, python_engine

pytestmark = needs_cc

NAME = "threes-and-fives"


def _position(engine):
    deck = [r + s for r in engine.RANKS for s in engine.SUITS]
    return {"players": 2, "trump": "S", "stock": [], "hands": [deck[:31], deck[31:]],
            "attacker": 0, "discard": []}


def test_the_largest_opening_list_matches_the_python_engine():
    py_engine, nat_engine = python_engine(NAME), native(NAME)
    py_game = py_engine.from_position(_position(py_engine))
    nat_game = nat_engine.from_position(_position(py_engine))
    legal = py_game.legal_actions()
    assert len(legal) > 16_384  # past what a stack list holds
    assert [a.text for a in nat_game.legal_actions()] == [a.text for a in legal]
    five = [a for a in legal if len(a.cards) == 5]
    for action in (legal[0], five[-1]):
        py_copy, nat_copy = py_game.copy(), nat_game.copy()
        py_copy.apply(action)
        nat_copy.apply(action.text)
        assert nat_copy.to_dict() == py_copy.to_dict()


def test_an_opening_the_condition_refuses_is_illegal_in_both():
    py_engine, nat_engine = python_engine(NAME), native(NAME)
    nat_game = nat_engine.from_position(_position(py_engine))
    before = nat_game.to_dict()
    for text in ("attack 6S 7S 8S", "attack 6S 6H 7S 8S 9S"):  # no pair; one pair of five
        for game, engine in ((py_engine.from_position(_position(py_engine)), py_engine),
                             (nat_game, nat_engine)):
            with pytest.raises(engine.IllegalAction):
                game.apply(text)
    assert nat_game.to_dict() == before
