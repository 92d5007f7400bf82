"""A load-independent speed guard for the hot path.

`durakc bench` measures games/s, which this noisy VM varies by 20%.  This test counts
the bytecode instructions the transfer engine executes per decision in the bench loop
(`compiler.bench.playout`), which is deterministic for a given CPython minor version,
and fails when a change makes the engine do clearly more work.  The budgets are the
figures measured when the 3,000 games/s target was reached, plus about 8%.
"""

from __future__ import annotations

import random
import sys

import pytest

from compiler.bench import playout

# (CPython minor version, players) -> most engine bytecodes per decision.
BUDGETS = {((3, 11), 2): 340, ((3, 11), 6): 330}


def engine_opcodes(mod, players: int, games: int) -> tuple[int, int]:
    """(bytecodes executed inside `mod`, decisions) over `games` bench playouts."""
    rand = random.Random(1).random
    for seed in range(300):  # warm the engine's lazily built tables first
        playout(mod, players, 10_000 + seed, rand)
    count = 0
    engine_file = mod.__file__

    def trace(frame, event, arg):
        nonlocal count
        if frame.f_code.co_filename != engine_file:
            return None
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return trace

    decisions = 0
    sys.settrace(trace)
    try:
        for seed in range(40):
            decisions += playout(mod, players, seed, rand)
    finally:
        sys.settrace(None)
    return count, decisions


@pytest.mark.parametrize("players", [2, 6])
def test_transfer_engine_stays_within_its_bytecode_budget(players):
    budget = BUDGETS.get((sys.version_info[:2], players))
    if budget is None:
        pytest.skip(f"no budget recorded for Python {sys.version_info[0]}.{sys.version_info[1]}")
    if sys.gettrace() is not None:
        pytest.skip("another tracer (coverage, a debugger) is active")
    import generated.transfer as mod

    count, decisions = engine_opcodes(mod, players, 40)
    per_decision = count / decisions
    assert decisions > 40 * 50  # the games were played to the end
    assert per_decision <= budget, (
        f"{per_decision:.0f} bytecodes per decision with {players} players, budget {budget}: "
        "the hot path got slower (see README, Speed)")
