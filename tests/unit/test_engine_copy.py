"""`Game.copy` assigns every slot by name (the template lists them from the rendered
`__slots__` block, capabilities' slots included): a copy of a game in play holds every slot
the game holds, equal to it, and its mutable state is its own."""

from __future__ import annotations

import random

import pytest

import durakc.engines


def _in_play(mod, seed: int):
    game = mod.new_game(players=mod.PLAYERS_MIN, seed=seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(5, 40)):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


@pytest.mark.parametrize("name", sorted(durakc.engines.ENGINES))
def test_a_copy_holds_every_slot_of_the_game(name):
    mod = durakc.engines.load(name)
    for seed in range(3):
        game = _in_play(mod, seed)
        game.legal_actions()
        copy = game.copy()
        for slot in mod.Game.__slots__:
            if slot == "_legal":
                continue  # the copy computes its own list
            held = hasattr(game, slot)
            assert hasattr(copy, slot) == held, f"{name}: slot {slot} not copied"
            if held:
                assert getattr(copy, slot) == getattr(game, slot), f"{name}: slot {slot}"
        assert copy.to_dict() == game.to_dict()
        if not game.is_over:
            copy.apply(copy.legal_actions()[0])
            assert game.to_dict() != copy.to_dict()
            assert game.to_dict() == _in_play(mod, seed).to_dict()
