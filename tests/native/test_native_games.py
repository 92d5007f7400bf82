"""C against Python: the same seed and the same choices give the same game.

At every decision of random games, for every bundled variant and player count, both
engines must offer the same legal actions (the very same Action objects, in the same
order) and be in the same state (`to_dict`).  Copies, saved states, positions, actions
given as text and illegal actions are checked along the way."""

from __future__ import annotations

import random

import pytest
from native_support import native, needs_cc, python_engine, variant_players

pytestmark = needs_cc

GAMES = 6


def _play_both(py_game, nat_game, rng, check_every=None):
    """Play both games with the same random choices; assert equality at every step."""
    steps = 0
    while True:
        legal = py_game.legal_actions()
        native_legal = nat_game.legal_actions()
        assert [a.text for a in native_legal] == [a.text for a in legal], steps
        assert all(a is b for a, b in zip(native_legal, legal))
        assert nat_game.to_dict() == py_game.to_dict(), steps
        assert nat_game.to_move == py_game.to_move
        _check_structural_members(py_game, nat_game)
        if not legal:
            break
        if check_every and steps % check_every == 0:
            _check_side_paths(py_game, nat_game)
        action = rng.choice(legal)
        py_game.apply(action)
        nat_game.apply(action if steps % 5 else action.text)  # objects and texts alike
        steps += 1
    assert (nat_game.is_over, nat_game.loser, nat_game.is_draw) == \
        (py_game.is_over, py_game.loser, py_game.is_draw)
    assert nat_game.annotations == py_game.annotations
    return steps


def _check_structural_members(py_game, nat_game):
    """The contract's structural members (teams, trump_of, hidden_trump, ...) agree."""
    for name in ("teams", "losing_team", "losses", "hidden_trump", "swaps_left", "trump", "stock",
                 "finishing_order", "winner", "points", "match_points", "match_over",
                 "standings", "dealer"):  # HR20-HR23
        assert getattr(nat_game, name) == getattr(py_game, name), name
    assert [nat_game.trump_of(s) for s in range(py_game.players)] == \
        [py_game.trump_of(s) for s in range(py_game.players)]


def _check_side_paths(py_game, nat_game):
    copy = nat_game.copy()
    assert copy.to_dict() == nat_game.to_dict()
    assert copy.history is not nat_game.history
    restored = type(nat_game).from_dict(nat_game.to_dict())
    assert restored.to_dict() == nat_game.to_dict()
    assert restored.legal_actions() == nat_game.legal_actions()
    seat = nat_game.to_move
    assert nat_game.observation(seat) == py_game.observation(seat)
    # Illegal actions: the same refusal, the game unchanged.
    for bad in ("take", "pass", "beat 6S 6S", "attack 6S", "frobnicate"):
        module = _module_of(py_game)
        try:
            parsed = module.parse_action(bad)  # W2: "attack 6S" is "attack 6S/S"
        except ValueError:
            parsed = None
        if any(a is parsed for a in py_game.legal_actions()):
            continue
        with pytest.raises(module.IllegalAction) as want:
            py_game.copy().apply(bad)
        before = nat_game.to_dict()
        with pytest.raises(module.IllegalAction) as got:
            nat_game.apply(bad)
        assert str(got.value) == str(want.value)
        assert nat_game.to_dict() == before


def _module_of(game):
    import sys
    return sys.modules[type(game).__module__]


@pytest.mark.parametrize(("name", "players"), variant_players())
def test_random_games_are_identical(name, players):
    py, nat = python_engine(name), native(name)
    for seed in range(GAMES):
        rng = random.Random(1000 + seed)
        steps = _play_both(py.new_game(players, seed), nat.new_game(players, seed), rng,
                           check_every=17 if seed == 0 else None)
        assert steps > 0


@pytest.mark.parametrize("name", ["transfer", "podkidnoy", "proyezdnoy", "kyiv", "epaulettes"])
def test_series_and_positions_are_identical(name):
    py, nat = python_engine(name), native(name)
    py_game, nat_game = py.new_game(4, 5), nat.new_game(4, 5)
    for game_no in range(4):
        _play_both(py_game, nat_game, random.Random(game_no))
        py_game, nat_game = py_game.next_game(77 + game_no), nat_game.next_game(77 + game_no)
    with pytest.raises(ValueError, match="not over"):
        nat_game.next_game(1)
    # A position mid-game, validated by the Python engine, played on in both.
    position = {"players": 3, "trump": py_game.trump, "stock": [], "attacker": 1,
                "hands": [h[:3] for h in py_game.hands[:3]]}
    _play_both(py.from_position(position), nat.from_position(position), random.Random(3))
    with pytest.raises(ValueError) as want:
        py.from_position(dict(position, attacker=9))
    with pytest.raises(ValueError) as got:
        nat.from_position(dict(position, attacker=9))
    assert str(got.value) == str(want.value)


@pytest.mark.parametrize("name", ["double-durak", "epaulette-ladder", "match-to-three",
                                  "ace-points", "first-out-wins"])
def test_matches_are_identical(name):
    """HR20-HR23, EP: a series on both backends, until the match ends (next_game refuses)."""
    py, nat = python_engine(name), native(name)
    for players in (2, 3, 4):
        py_game, nat_game = py.new_game(players, players), nat.new_game(players, players)
        for game_no in range(12):
            _play_both(py_game, nat_game, random.Random(game_no))
            _check_structural_members(py_game, nat_game)
            assert nat_game.to_dict() == py_game.to_dict()
            assert type(nat_game).from_dict(py_game.to_dict()).to_dict() == py_game.to_dict()
            if py_game.match_over:
                for game in (py_game, nat_game):
                    with pytest.raises(ValueError, match="match is over"):
                        game.next_game(1)
                break
            py_game, nat_game = py_game.next_game(7 + game_no), nat_game.next_game(7 + game_no)


@pytest.mark.parametrize(("name", "players"), variant_players(refused=True))
def test_player_counts_the_rules_can_not_seat_are_refused_alike(name, players):
    """teams.mode (PR1): a count in the range that the teams can not split is refused the same way."""
    py, nat = python_engine(name), native(name)
    with pytest.raises(py.InvalidGame) as want:
        py.new_game(players, 0)
    with pytest.raises(py.InvalidGame) as got:
        nat.new_game(players, 0)
    assert str(got.value) == str(want.value)
