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


def test_a_finished_games_declared_points_load_and_save_back():
    """HR22: `points` (a declared game_scores) is null in a running game and the list once it
    is over, in the C engine's to_dict as in Python's; a finished game with other points
    loads into the C engine and saves back the same; points out of range are refused."""
    py, nat = python_engine("ace-points"), native("ace-points")
    assert nat.new_game(3, 5).to_dict()["points"] is None
    game = py.new_game(3, 5)
    _play_out(game, random.Random(1))
    d = dict(game.to_dict(), points=[3, -4, 1])
    assert nat.Game.from_dict(d).to_dict() == py.Game.from_dict(d).to_dict() == d
    with pytest.raises(ValueError, match="points must be a list of 3"):
        nat.Game.from_dict(dict(d, points=[py.COUNTER_MAX + 1, 0, 0]))


def test_declared_members_and_the_carried_losses_match_python():
    """L1 (ladder) and PK4 (poker): the declared members (STATE_MEMBERS) are properties of
    the native Game with the Python engine's docstring, and the carried loss counts
    (STATE_CARRIED) start the next game as in Python."""
    py, nat = python_engine("ladder"), native("ladder")
    assert nat.Game.losses.__doc__ == py.Game.losses.__doc__
    py_game, nat_game = py.new_game(3, 6), nat.new_game(3, 6)
    lost = 0
    for number in range(3):
        _play_out(py_game, random.Random(number))
        _play_out(nat_game, random.Random(number))
        lost += py_game.loser is not None  # a draw counts for nobody (L1)
        assert nat_game.losses == py_game.losses and sum(py_game.losses) == lost
        py_game, nat_game = py_game.next_game(20 + number), nat_game.next_game(20 + number)
        assert nat_game.to_dict() == py_game.to_dict()
    poker_py, poker_nat = python_engine("poker"), native("poker")
    assert poker_nat.Game.swaps_left.__doc__ == poker_py.Game.swaps_left.__doc__
    assert poker_nat.new_game(3, 1).swaps_left == poker_py.new_game(3, 1).swaps_left
