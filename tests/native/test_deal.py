"""Identical deals: the C engine shuffles with CPython's Mersenne Twister exactly as
random.Random(seed).shuffle does, so every seed deals the same game in both engines."""

from __future__ import annotations

import pytest
from native_support import native, needs_cc, python_engine, variant_players

pytestmark = needs_cc

SEEDS = [0, 1, 2, 7, 42, 2**31 - 1, 2**32, 2**32 + 5, 2**48 - 1, 2**63 + 12345, -1, -2**40]
OTHER_SEEDS = [2**64, -2**70, "a text seed", b"bytes", 3.5, None]


def _deal(game):
    return (game.hands, game.stock, game.trump, game.trump_card, game.attacker, game.defender,
            game.discard, game.dealer)


@pytest.mark.parametrize(("name", "players"), variant_players())
def test_same_deal_for_every_seed(name, players):
    py, nat = python_engine(name), native(name)
    for seed in SEEDS + list(range(100, 140)):
        for dealer in (0, players - 1):
            assert _deal(nat.new_game(players, seed, dealer=dealer)) == \
                _deal(py.new_game(players, seed, dealer=dealer)), (seed, dealer)


@pytest.mark.parametrize("name", ["transfer", "podkidnoy", "albanian", "railroad"])
def test_seeds_beyond_64_bits_and_non_ints_deal_like_python(name):
    py, nat = python_engine(name), native(name)
    for seed in OTHER_SEEDS[:-1]:
        assert _deal(nat.new_game(3, seed)) == _deal(py.new_game(3, seed)), seed
    game = nat.new_game(3, None)  # a fresh random deal, still a whole game
    dealt = sum(len(h) for h in py.new_game(3, 0).hands)
    assert sum(len(h) for h in game.hands) == dealt


@pytest.mark.parametrize("name", ["transfer", "podkidnoy"])
def test_bad_setups_raise_the_python_engines_errors(name):
    py, nat = python_engine(name), native(name)
    for players, dealer in ((1, 0), (7, 0), (3, 3), (3, -1)):
        with pytest.raises(ValueError) as want:
            py.new_game(players, 0, dealer=dealer)
        with pytest.raises(ValueError) as got:
            nat.new_game(players, 0, dealer=dealer)
        assert str(got.value) == str(want.value)
        assert type(got.value) is type(want.value)
