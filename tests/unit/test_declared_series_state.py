"""The series state of capability `results` declared once in compiler/capabilities/state.py
(HR21, HR23): `game` (kind ordinal, from 1) and, with series.repeat_loser_if, `repeat` (kind
seat_or_minus: a seat or -1, saved as -1 as the contract fixed it) and `doubled` (a flag, true
only for a lost game); saved, read back and refused with a clear InvalidGame."""

from __future__ import annotations

import pytest

from durakc.engines import double_durak, match_to_three


def test_the_engines_list_their_declared_series_state():
    assert double_durak.STATE_FIELDS == (("game", "ordinal"), ("repeat", "seat_or_minus"),
                                         ("doubled", "flag"))
    assert match_to_three.STATE_FIELDS == (("losses", "seat_ints"), ("game", "ordinal"))  # no repeat_loser_if


def test_a_new_series_starts_with_game_one_and_no_repeated_dealer():
    d = double_durak.new_game(3, 1).to_dict()
    assert (d["game"], d["repeat"], d["doubled"]) == (1, -1, False)  # -1 saved as -1 (HR23)
    assert double_durak.Game.from_dict(d).to_dict() == d


def test_a_saved_repeated_dealer_and_game_number_read_back():
    d = double_durak.new_game(3, 1).to_dict()
    later = dict(d, game=4, repeat=2)
    g = double_durak.Game.from_dict(later)
    assert g.to_dict()["game"] == 4 and g.to_dict()["repeat"] == 2
    assert g.copy().to_dict() == g.to_dict()


@pytest.mark.parametrize("key, value, message", [
    ("game", 0, "the game number must be a whole number from 1"),
    ("game", True, "the game number must be a whole number from 1"),
    ("game", "2", "the game number must be a whole number from 1"),
    ("repeat", 3, "the repeated dealer .* must be a seat from 0 to 2"),
    ("repeat", -2, "the repeated dealer .* must be a seat from 0 to 2"),
    ("repeat", None, "the repeated dealer .* must be a seat"),  # none is -1, not null
    ("doubled", 1, "doubled must be true or false"),
    ("doubled", True, "doubled is true only for a lost game"),  # the game has no loser yet
])
def test_a_bad_saved_series_value_is_refused_clearly(key, value, message):
    d = double_durak.new_game(3, 1).to_dict()
    with pytest.raises(double_durak.InvalidGame, match=message):
        double_durak.Game.from_dict(dict(d, **{key: value}))


def test_a_position_may_give_the_game_number_checked():
    """HR21: a position may give `game`, from 1; it starts a new series' game otherwise."""
    g = match_to_three.new_game(2, 3)
    position = {"players": 2, "trump": g.trump, "stock": [], "attacker": 0,
                "hands": [h[:2] for h in g.hands]}
    assert match_to_three.from_position(position).to_dict()["game"] == 1
    assert match_to_three.from_position(dict(position, game=3)).to_dict()["game"] == 3
    with pytest.raises(match_to_three.InvalidGame, match="the game number"):
        match_to_three.from_position(dict(position, game=0))
