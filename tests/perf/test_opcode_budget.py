"""A load-independent speed guard for the hot path.

`durakc bench` measures games/s, which this noisy VM varies by 20% and more.  This test
counts the bytecode instructions the transfer engine executes per decision of the bench
loop (`durakc.bench.bytecodes_per_decision`, also `durakc bench --bytecodes`), which is
the same on every run of one CPython minor version, and fails when a change makes the
engine do clearly more work.  The budgets are the figures measured when the 3,000 games/s
target was reached (315 and 304), plus about 8%.
"""

from __future__ import annotations

import sys

import pytest

from durakc.bench import bytecodes_per_decision

# (CPython minor version, players) -> most engine bytecodes per decision.
BUDGETS = {((3, 11), 2): 340, ((3, 11), 6): 330}


@pytest.mark.parametrize("players", [2, 6])
def test_transfer_engine_stays_within_its_bytecode_budget(players):
    budget = BUDGETS.get((sys.version_info[:2], players))
    if budget is None:
        pytest.skip(f"no budget recorded for Python {sys.version_info[0]}.{sys.version_info[1]}")
    if sys.gettrace() is not None:
        pytest.skip("another tracer (coverage, a debugger) is active")
    import durakc.engines.transfer as mod

    per_decision = bytecodes_per_decision(mod, players, games=40)
    assert per_decision > 100  # the engine's own code was counted
    assert per_decision <= budget, (
        f"{per_decision:.0f} bytecodes per decision with {players} players, budget {budget}: "
        "the hot path got slower (see README, Speed)")
