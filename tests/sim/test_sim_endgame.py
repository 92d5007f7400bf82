"""The exact endgame solver (durakc.sim.endgame) against minimax searches written here.

Random 2-player endgames (stock empty, 1 to 6 cards each, the rest of the deck discarded,
a random attacker) of transfer (where positions can repeat) and podkidnoy.  Neither check
knows anything of the solver; both use the same rule for a repeated round-start position (a
draw) and work only through the engine contract (`copy`, `legal_actions`, `apply`, `to_dict`):

- `brute_force`: a plain minimax without any pruning; its memo is keyed by the whole saved
  state together with the line of round starts that led to it, so it is trivially exact.  It
  visits the whole game graph, which is feasible up to 3 cards a hand.
- `exhaustive`: a minimax that stops a node once its mover has the best value there is,
  with a memo keyed by the whole saved state at every node (the solver keys round starts by
  their hands), storing a value only when no repetition below it referred to the line above
  it.  It reaches 6 cards a hand (a 6-card endgame's game graph has over 300,000 states).

The solver has a node budget; in about 0.6% of 6-card transfer endgames (transfers back and
forth between the same ranks) it spends it and raises `BudgetExceeded` (the search bot then
samples instead).  The 6-card check draws endgames until 1,000 are solved, and requires the
budget to be spent on at most 2% of those drawn.
"""

from __future__ import annotations

import json
import random

import pytest

from durakc.engines import podkidnoy, transfer
from durakc.sim.endgame import BudgetExceeded, Solver, applies

BUDGET = 200_000
WIN, DRAW, LOSS = 2, 1, 0


def endgame(engine, rng: random.Random, most: int):
    """A random 2-player position with an empty stock, 1 to `most` cards a hand."""
    deck = [r + s for r in engine.RANKS for s in engine.SUITS]
    rng.shuffle(deck)
    a, b = rng.randint(1, most), rng.randint(1, most)
    return engine.from_position({"players": 2, "trump": rng.choice(engine.SUITS), "stock": [],
                                 "hands": [deck[:a], deck[a:a + b]],
                                 "attacker": rng.randrange(2), "discard": deck[a + b:]})


def saved(game) -> str:
    """The whole saved state but the history, as text."""
    state = game.to_dict()
    del state["history"]
    return json.dumps(state, sort_keys=True)


def outcome(game, seat: int) -> int:
    return DRAW if game.loser is None else (LOSS if game.loser == seat else WIN)


def round_start(game) -> bool:
    return game.phase == "attack" and not game.table


def brute_force(game, seat: int, line: frozenset, memo: dict) -> int:
    """2 / 1 / 0: `seat` survives / a draw / `seat` is the durak, under perfect play."""
    whole = (saved(game), line)
    if whole not in memo:
        memo[whole] = _brute_force(game, seat, line, memo)
    return memo[whole]


def _brute_force(game, seat: int, line: frozenset, memo: dict) -> int:
    if game.is_over:
        return outcome(game, seat)
    if round_start(game):
        key = (str(game.hands), game.attacker)
        if key in line:
            return DRAW
        line = line | {key}
    values = []
    for act in game.legal_actions():
        child = game.copy()
        child.apply(act)
        values.append(brute_force(child, seat, line, memo))
    return max(values) if game.to_move == seat else min(values)


def exhaustive(game, seat: int, line: dict, memo: dict) -> tuple[int, int]:
    """(value for `seat`, the shallowest entry of `line` a repetition below referred to);
    `line` maps the saved round starts of the current line of play to their depth."""
    here = len(line)
    key = saved(game)
    if key in memo:
        return memo[key], here
    if game.is_over:
        return outcome(game, seat), here
    start = round_start(game)
    if start:
        if key in line:
            return DRAW, line[key]
        line[key] = here
    maxing = game.to_move == seat
    best, low = (-1 if maxing else 3), here
    for act in game.legal_actions():
        child = game.copy()
        child.apply(act)
        value, referred = exhaustive(child, seat, line, memo)
        low = min(low, referred)
        if (value > best) if maxing else (value < best):
            best = value
            if best == (WIN if maxing else LOSS):
                break
    if start:
        del line[key]
    if low >= here:
        memo[key] = best
    return best, low


def check(count: int, seed: int, most: int, exact) -> int:
    """Compare the solver with `exact` on `count` solved endgames; how many were drawn."""
    rng = random.Random(seed)
    solved = drawn = 0
    while solved < count:
        engine = transfer if drawn % 2 == 0 else podkidnoy
        game = endgame(engine, rng, most)
        seat = rng.randrange(2)
        drawn += 1
        assert applies(game)
        try:
            value, _ = Solver(seat, BUDGET).value(game)
        except BudgetExceeded:
            continue
        solved += 1
        assert value == exact(game, seat), (drawn, game.to_dict())
    return drawn


def by_brute_force(game, seat: int) -> int:
    return brute_force(game, seat, frozenset(), {})


def by_exhaustive(game, seat: int) -> int:
    return exhaustive(game, seat, {}, {})[0]


def test_solver_matches_brute_force_quick():
    assert check(100, seed=1, most=3, exact=by_brute_force) == 100


def test_solver_matches_brute_force_1000():
    assert check(1000, seed=2, most=3, exact=by_brute_force) == 1000


def test_solver_matches_exhaustive_minimax_1000_up_to_6_cards():
    drawn = check(1000, seed=3, most=6, exact=by_exhaustive)
    assert drawn <= 1020, f"the budget ran out on {drawn - 1000} of {drawn} endgames"


def test_solver_matches_exhaustive_minimax_on_a_sample_up_to_6_cards():
    """The 1,000-endgame check on 40 endgames (the quick subset runs this one, not that)."""
    drawn = check(40, seed=3, most=6, exact=by_exhaustive)
    assert drawn <= 45, f"the budget ran out on {drawn - 40} of {drawn} endgames"


def test_exhaustive_agrees_with_brute_force():
    """The 6-card check's minimax is the brute force's, where both can run."""
    rng = random.Random(4)
    for i in range(200):
        game = endgame(transfer if i % 2 == 0 else podkidnoy, rng, 3)
        seat = rng.randrange(2)
        assert by_exhaustive(game, seat) == by_brute_force(game, seat), game.to_dict()


def test_solver_budget_is_enforced():
    game = endgame(transfer, random.Random(5), 6)
    with pytest.raises(BudgetExceeded):
        Solver(0, 1).value(game)
