"""The series state `results` declares (capabilities/state.py: game, points_before, repeat,
doubled) through the native binding: a saved game loads into the C engine and saves back the
same, and a series' next game carries them as the Python engine does (HR21-HR23)."""

from __future__ import annotations

import random

import pytest
from native_support import native, needs_cc, python_engine

pytestmark = needs_cc


def _play_out(game, rng):
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("name, changes", [
    ("double-durak", {"game": 4, "repeat": 1}),
    ("ace-points", {"game": 2, "points_before": [7, -2, 0]}),
])
def test_declared_series_state_loads_and_saves_back(name, changes):
    py, nat = python_engine(name), native(name)
    d = dict(py.new_game(3, 5).to_dict(), **changes)
    assert nat.Game.from_dict(d).to_dict() == py.Game.from_dict(d).to_dict() == d


@pytest.mark.parametrize("name", ["double-durak", "ace-points"])
def test_next_games_carry_the_series_as_in_python(name):
    py, nat = python_engine(name), native(name)
    py_game, nat_game = py.new_game(3, 9), nat.new_game(3, 9)
    for number in range(3):
        _play_out(py_game, random.Random(number))
        _play_out(nat_game, random.Random(number))
        assert nat_game.to_dict() == py_game.to_dict()
        py_game, nat_game = py_game.next_game(40 + number), nat_game.next_game(40 + number)
        assert nat_game.to_dict() == py_game.to_dict()
        assert nat_game.to_dict()["game"] == number + 2
