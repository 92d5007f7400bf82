"""HR33 (show-any-card): greedy's show cycles.  With 2 players, games 4, 241 and 395 of seed
0 looped: the defender showed a card of the attacked rank, the attacker could not beat its
own card and took it back, and the next round mirrored it, until the repeat limit.  Greedy
now neither shows nor transfers in a round that began from a repeated position (S3: a show
passes the attack on like a transfer)."""

import random

import pytest

from durakc.loading.engines import load_engine
from durakc.sim.bots import greedy_bot, random_bot
from durakc.sim.runner import bot_seed, game_seed, play_game

CYCLED = (4, 241, 395)


@pytest.mark.parametrize("index", CYCLED)
def test_greedy_finishes_the_show_cycles(index):
    engine = load_engine("show-any-card")
    record = play_game(engine, 2, game_seed(0, index), [greedy_bot] * 2,
                       random.Random(bot_seed(0, index)))
    assert record["unfinished"] is None
    assert record["draw"] or record["loser"] is not None


def test_greedy_does_not_show_in_a_repeated_round_and_is_otherwise_unchanged():
    engine = load_engine("show-any-card")
    shows_seen = 0
    for i in range(30):
        game, rng = engine.new_game(2, game_seed(5, i)), random.Random(i)
        while not game.is_over:
            seat = game.to_move
            usual = greedy_bot(game, seat, None)
            assert greedy_bot(game, seat, None, False) == usual
            if str(usual).startswith("show"):
                shows_seen += 1
                again = str(greedy_bot(game, seat, None, True))
                assert not again.startswith(("show", "transfer"))
                assert again in {str(a) for a in game.legal_actions()}
            game.apply(random_bot(game, seat, rng))
    assert shows_seen > 20
