"""The search bot's worlds (durakc.sim.determinize): consistent with what the seat has seen."""

from __future__ import annotations

import random
from collections import Counter

from durakc.engines import transfer
from durakc.sim.bots import get_bot, greedy_bot
from durakc.sim.determinize import determinize, public_cards


def _after_a_take(seed: int):
    """A 3-player greedy game just after a round that ended in a take, and the taken cards."""
    game = transfer.new_game(3, seed)
    while not game.is_over:
        table = [c for pair in game.table for c in pair if c]
        defender = game.defender
        game.apply(greedy_bot(game, game.to_move))
        if (table and not game.table and game.stock
                and set(table) <= set(game.hands[defender])):  # the defender took the table
            return game, defender, set(table)
    return None


def test_taken_cards_and_trump_card_are_public():
    for seed in range(20):
        found = _after_a_take(seed)
        if found is None:
            continue
        game, taker, taken = found
        known = public_cards(game)
        assert game.trump_card in known
        assert taken <= known
        seat = (taker + 1) % 3
        world = determinize(game, seat, known, random.Random(seed))
        assert world.hands[seat] == game.hands[seat]
        assert [len(h) for h in world.hands] == [len(h) for h in game.hands]
        assert taken <= set(world.hands[taker])  # the taker keeps what it took
        assert world.stock[-1] == game.stock[-1]  # the face-up trump card stays put
        assert len(world.stock) == len(game.stock)
        before = Counter(c for h in game.hands for c in h) + Counter(game.stock)
        after = Counter(c for h in world.hands for c in h) + Counter(world.stock)
        assert before == after
        return
    raise AssertionError("no take in 20 games")


def test_nothing_hidden_draws_no_random_number():
    game = transfer.from_position({"players": 2, "trump": "S", "stock": [],
                                   "hands": [["6H", "7H"], ["8H"]], "attacker": 0})
    rng = random.Random(1)
    state = rng.getstate()
    known = public_cards(game) | {"8H"}
    assert determinize(game, 0, known, rng) is None
    assert rng.getstate() == state


def test_search_bot_is_registered_with_levels():
    bot = get_bot("search:3")
    assert bot.__name__ == "search:3"
    assert get_bot("search").__name__ == "search:256"
