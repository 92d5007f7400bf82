"""Bots return legal actions, are deterministic given their rng; determinization is sound."""

import random
from collections import Counter

import pytest
from sim_support import BUNDLED, FAKE, bundled_available

from durakc.loading.engines import load_engine
from durakc.sim.bots import get_bot
from durakc.sim.search import determinize


def engines():
    return [FAKE] + bundled_available()


def _play(engine, players, seed, bot_names, check=None):
    game = engine.new_game(players, seed)
    rng = random.Random(seed)
    bots = [get_bot(b) for b in bot_names]
    played = []
    while not game.is_over:
        seat = game.to_move
        action = bots[seat % len(bots)](game, seat, rng)
        assert str(action) in {str(a) for a in game.legal_actions()}
        if check:
            check(game, seat, rng)
        game.apply(action)
        played.append(str(action))
    return played


@pytest.mark.parametrize("ref", [FAKE, *BUNDLED])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_and_greedy_play_legal_actions(ref, players):
    if ref != FAKE and ref not in bundled_available():
        pytest.skip(f"no generated engine {ref}")
    engine = load_engine(ref)
    if players > engine.VARIANT["rules"]["players.max"]:
        pytest.skip("too many players for this engine")
    for seed in range(6):
        _play(engine, players, seed, ["random", "greedy"])
        _play(engine, players, seed, ["greedy"])


@pytest.mark.parametrize("ref", [FAKE, *BUNDLED])
def test_search_bot_plays_legal_actions(ref):
    if ref != FAKE and ref not in bundled_available():
        pytest.skip(f"no generated engine {ref}")
    _play(load_engine(ref), 2, 1, ["mcts:2", "greedy"])


def test_bots_are_deterministic_given_the_rng():
    for ref in engines():
        engine = load_engine(ref)
        for bots in (["random"], ["greedy", "random"], ["mcts:2", "random"]):
            assert _play(engine, 2, 5, bots) == _play(engine, 2, 5, bots)


def test_unknown_bot_is_an_error():
    with pytest.raises(ValueError):
        get_bot("clever")


@pytest.mark.parametrize("text, message", [
    ("mcts:abc", ("bot 'mcts:abc': the number of samples after 'mcts:' must be a whole number, "
                 "not 'abc'")),
    ("mcts:0", "bot 'mcts:0': the number of samples must be at least 1, not 0"),
    ("rollout:-3", "bot 'rollout:-3': the number of samples must be at least 1, not -3"),
    ("mcts:", "bot 'mcts:': the number of samples after 'mcts:' must be a whole number, not ''"),
    ("greedy:2", "bot 'greedy:2': greedy takes no number (write just 'greedy')"),
    ("grredy", "unknown bot 'grredy' (did you mean 'greedy'?) (known: random, greedy, mcts"),
])
def test_a_bad_bot_text_says_what_is_wrong(text, message):
    """Issue 19 3c: `mcts:abc` said "invalid literal for int()", `mcts:0` quietly meant 12."""
    with pytest.raises(ValueError) as info:
        get_bot(text)
    assert str(info.value).startswith(message)
    assert "invalid literal" not in str(info.value)


def test_a_registered_bot_is_validated_like_the_others(monkeypatch):
    """A new bot (the search helper's `search:N`) gets the same checks by registering."""
    from durakc.sim import bots
    monkeypatch.setattr(bots, "BOTS", dict(bots.BOTS))
    bots.register_bot("deep", lambda n: (lambda game, seat, rng, repeated=False: n),
                      param="plies", minimum=2, maximum=9)
    assert get_bot("deep:4")(None, 0, None) == 4
    with pytest.raises(ValueError, match="the number of plies must be 2 to 9, not 10"):
        get_bot("deep:10")


@pytest.mark.parametrize("players", [2, 3, 6])
def test_determinize_keeps_what_the_seat_knows(players):
    for ref in engines():
        engine = load_engine(ref)
        lo, hi = engine.VARIANT["rules"]["players.min"], engine.VARIANT["rules"]["players.max"]
        if not lo <= players <= hi:
            continue
        changed = 0

        def check(game, seat, rng):
            nonlocal changed
            world = determinize(game, seat, rng)
            assert world.hands[seat] == game.hands[seat]
            assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
            assert world.table == game.table and world.discard == game.discard
            assert len(world.stock) == len(game.stock)
            assert world.stock[-1:] == game.stock[-1:]  # the face-up trump stays put
            assert Counter(c for h in world.hands for c in h) + Counter(world.stock) == \
                Counter(c for h in game.hands for c in h) + Counter(game.stock)
            assert world.to_move == game.to_move
            assert {str(a) for a in world.legal_actions()} == \
                {str(a) for a in game.legal_actions()} or seat != world.to_move
            changed += world.hands != game.hands or world.stock != game.stock

        _play(engine, players, 3, ["greedy"], check)
        assert changed > 0


# -- jokers (J1-J4) ---------------------------------------------------------------------------
def _jokers_engine():
    try:
        return load_engine("jokers")
    except Exception as exc:  # pragma: no cover - engines not generated
        pytest.skip(f"no jokers engine: {exc}")


def _position(hands, trump="C"):
    return {"players": 2, "trump": trump, "stock": [], "attacker": 0, "hands": hands,
            "discard": [], "dealer": 1, "first_round": False}


def test_greedy_keeps_jokers_for_defence():
    """A joker is the dearest defence card (J2): the greedy bot beats with a plain card or a
    trump when it can, and never opens with a joker while it holds another card."""
    engine = _jokers_engine()
    greedy = get_bot("greedy")
    g = engine.from_position(_position([["5H", "9S"], ["RJ", "AC", "7H", "2D"]]))
    assert str(greedy(g, 0, random.Random(0))) == "attack 5H"
    g.apply("attack 5H")
    assert str(greedy(g, 1, random.Random(0))) == "beat 5H 7H"  # not the red joker
    g = engine.from_position(_position([["RJ", "BJ", "AS"], ["7H", "8H", "9H", "10H"]]))
    assert str(greedy(g, 0, random.Random(0))) == "attack AS"  # jokers are kept
    g = engine.from_position(_position([["10D", "3S"], ["RJ", "QC", "2S"]]))
    g.apply("attack 10D")
    assert str(greedy(g, 1, random.Random(0))) == "beat 10D QC"  # a trump before the joker


def test_bots_play_jokers_games_legally():
    engine = _jokers_engine()
    for players in (2, 5, 8):
        _play(engine, players, players, ["greedy", "random"])
        _play(engine, players, players + 1, ["mcts:2", "greedy"])
