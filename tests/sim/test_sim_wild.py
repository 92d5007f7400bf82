"""Bots with wild cards (W1-W3, variant weli): legal play, and the greedy bot names the
best suit for a wild card (the trump suit when attacking) and keeps wild cards like trumps."""

import random

import pytest

from durakc.cards import printed, rank, sort_key, suit
from durakc.loading.engines import load_engine
from durakc.sim.bots import get_bot, greedy_bot


@pytest.fixture(scope="module")
def weli():
    return load_engine("weli")


def _position(engine, hands, trump="C"):
    return engine.from_position({"players": 2, "trump": trump, "stock": [], "discard": [],
                                 "attacker": 0, "dealer": 1, "hands": hands})


def test_card_texts_with_a_named_suit():
    assert (printed("6S/H"), rank("6S/H"), suit("6S/H")) == ("6S", 6, "H")
    assert sort_key("6S/C") > sort_key("6S/H") > sort_key("6S")


@pytest.mark.parametrize("bot", ["random", "greedy", "mcts:4"])
def test_bots_play_legal_actions(weli, bot):
    policy = get_bot(bot)
    for players, seed in ((2, 1), (3, 2)):
        game = weli.new_game(players, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            action = policy(game, game.to_move, rng)
            assert str(action) in {str(a) for a in game.legal_actions()}
            game.apply(action)
        assert game.is_over


def test_greedy_attacks_with_a_wild_card_naming_trump(weli):
    # The six is the cheapest card; named as trump only a higher trump beats it.
    g = _position(weli, [["6S", "AC"], ["7S", "KH"]])
    assert str(greedy_bot(g, 0)) == "attack 6S/C"


def test_greedy_keeps_wild_cards_for_later(weli):
    # A plain nine opens before the wild six, and a plain card beats before a wild one.
    g = _position(weli, [["6S", "9H", "AC"], ["6D", "10H", "KS"]])
    assert str(greedy_bot(g, 0)) == "attack 9H"
    g.apply("attack 9H")
    assert str(greedy_bot(g, 1)) == "beat 9H 10H"


def test_greedy_beats_with_a_wild_card_before_a_real_trump(weli):
    # Beating the nine needs a trump: the wild six named trump costs less than the seven.
    g = _position(weli, [["9H", "AS"], ["6D", "7C", "8S"]])
    g.apply("attack 9H")
    assert str(greedy_bot(g, 1)) == "beat 9H 6D/C"
