"""The series state of capability `results` declared once in compiler/capabilities/state.py
(HR21, HR23): `game` (kind ordinal, from 1) and, with series.repeat_loser_if, `repeat` (kind
seat_or_minus: a seat or -1, saved as -1 as the contract fixed it) and `doubled` (a flag, true
only for a lost game); saved, read back and refused with a clear InvalidGame."""

from __future__ import annotations

import pytest

from durakc.engines import ace_points, double_durak, match_to_three


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


def test_points_before_are_declared_scores_carried_by_the_series():
    """HR22: with outcome.points the series' points before a game are declared (kind
    seat_scores, within +-COUNTER_MAX); a saved value out of range or of the wrong length is
    refused, naming it; a position gives them as `match_points`."""
    assert ace_points.STATE_FIELDS == (("game", "ordinal"), ("points_before", "seat_scores"),
                                       ("points", "game_scores"))
    d = ace_points.new_game(3, 2).to_dict()
    assert d["points_before"] == [0, 0, 0] and d["points"] is None
    g = ace_points.Game.from_dict(dict(d, points_before=[5, -3, 0]))
    assert g.match_points == [5, -3, 0] and g.copy().to_dict() == g.to_dict()
    most = ace_points.COUNTER_MAX
    for bad in ([1, 2], [most + 1, 0, 0], [True, 0, 0], None):
        with pytest.raises(ace_points.InvalidGame, match="points_before must be a list of 3"):
            ace_points.Game.from_dict(dict(d, points_before=bad))
    position = {"players": 2, "trump": g.trump, "stock": [], "attacker": 0,
                "hands": [h[:2] for h in g.hands[:2]]}
    assert ace_points.from_position(dict(position, match_points=[4, 1])).match_points == [4, 1]
    with pytest.raises(ace_points.InvalidGame, match="match_points must be a list of 2"):
        ace_points.from_position(dict(position, match_points=[4]))


def _finished(engine, players, seed):
    """A game of `engine` played to its end, always the first legal action."""
    g = engine.new_game(players, seed)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    return g


def test_this_games_points_are_declared_none_until_the_game_is_over():
    """HR22: a game's own points (kind game_scores) are null while it runs and a list of
    whole numbers within +-COUNTER_MAX once it is over; a saved game that breaks either is
    refused, naming the points; a copy and a saved game keep them."""
    running = ace_points.new_game(3, 2).to_dict()
    assert running["points"] is None
    over = _finished(ace_points, 3, 2)
    d = over.to_dict()
    assert d["phase"] == "over" and len(d["points"]) == 3 and d["points"] == over.points
    assert ace_points.Game.from_dict(d).to_dict() == d and over.copy().to_dict() == d
    most = ace_points.COUNTER_MAX
    for bad in ([1, 2], [most + 1, 0, 0], [True, 0, 0], "1"):
        with pytest.raises(ace_points.InvalidGame, match="points must be a list of 3"):
            ace_points.Game.from_dict(dict(d, points=bad))
    with pytest.raises(ace_points.InvalidGame, match=r"a game has points \(HR22\) exactly when it is over"):
        ace_points.Game.from_dict(dict(d, points=None))
    with pytest.raises(ace_points.InvalidGame, match=r"a game has points \(HR22\) exactly when it is over"):
        ace_points.Game.from_dict(dict(running, points=[0, 0, 0]))
