"""The exact endgame solver (durakc.sim.endgame) against a brute-force minimax written here.

Random 2-player endgames (stock empty, 1 to 6 cards each, the rest of the deck discarded,
a random attacker) of transfer (where positions can repeat) and podkidnoy.  The brute force
knows nothing of the solver: a plain minimax over `copy`/`legal_actions`/`apply` without
pruning, with the same rule for a repeated round-start position (a draw); its memo is keyed
by the whole saved state together with the line of round starts that led to it, so it is
trivially exact.
"""

from __future__ import annotations

import json
import random

import pytest

from durakc.engines import podkidnoy, transfer
from durakc.sim.endgame import BudgetExceeded, Solver, applies


def endgame(engine, rng: random.Random, most: int):
    """A random 2-player position with an empty stock, 1 to `most` cards a hand."""
    deck = [r + s for r in engine.RANKS for s in engine.SUITS]
    rng.shuffle(deck)
    a, b = rng.randint(1, most), rng.randint(1, most)
    return engine.from_position({"players": 2, "trump": rng.choice(engine.SUITS), "stock": [],
                                 "hands": [deck[:a], deck[a:a + b]],
                                 "attacker": rng.randrange(2), "discard": deck[a + b:]})


def brute_force(game, seat: int, line: frozenset, memo: dict) -> int:
    """2 / 1 / 0: `seat` survives / a draw / `seat` is the durak, under perfect play."""
    state = game.to_dict()
    del state["history"]
    whole = (json.dumps(state, sort_keys=True), line)
    if whole not in memo:
        memo[whole] = _brute_force(game, seat, line, memo)
    return memo[whole]


def _brute_force(game, seat: int, line: frozenset, memo: dict) -> int:
    if game.is_over:
        return 1 if game.loser is None else (0 if game.loser == seat else 2)
    if game.phase == "attack" and not game.table:
        key = (str(game.hands), game.attacker)
        if key in line:
            return 1
        line = line | {key}
    values = []
    for act in game.legal_actions():
        child = game.copy()
        child.apply(act)
        values.append(brute_force(child, seat, line, memo))
    return max(values) if game.to_move == seat else min(values)


def check(count: int, seed: int, most: int) -> None:
    rng = random.Random(seed)
    solved = 0
    for i in range(count):
        engine = transfer if i % 2 == 0 else podkidnoy
        game = endgame(engine, rng, most)
        assert applies(game)
        seat = rng.randrange(2)
        try:
            value, _ = Solver(seat, 200_000).value(game)
        except BudgetExceeded:  # pragma: no cover - the budget is ample for 6 cards
            continue
        solved += 1
        assert value == brute_force(game, seat, frozenset(), {}), (i, game.to_dict())
    assert solved == count


def test_solver_matches_brute_force_quick():
    check(100, seed=1, most=3)


def test_solver_matches_brute_force_1000():
    check(1000, seed=2, most=3)


def test_solver_budget_is_enforced():
    game = endgame(transfer, random.Random(5), 6)
    with pytest.raises(BudgetExceeded):
        Solver(0, 1).value(game)
