"""Issue 19 5e: `DurakEnv` over the native engine is faster than over the Python engine.

It was not (8k against 15k steps/s): the native observation() went through to_dict and the
Python engine's validating from_dict at every step.  Steps/s depend on the machine's load,
so this compares the Python bytecode instructions one step executes on each backend
(`durakc.rl.speed.bytecodes_per_step`, every frame counted), which do not; the C work the
native backend does instead is a small part of a step.  `python -m durakc.rl.speed` prints
the steps/s (docs/rl.md has figures).
"""

from __future__ import annotations

import sys

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from native_support import native, needs_cc, python_engine

from durakc.rl.speed import bytecodes_per_step, steps_per_second

pytestmark = needs_cc


@pytest.mark.parametrize(("variant", "players", "opponents"), [
    ("transfer", 2, "greedy"), ("transfer", 2, "random"), ("podkidnoy", 4, "greedy")])
def test_a_native_step_runs_clearly_less_python_than_a_python_step(variant, players, opponents):
    if sys.gettrace() is not None:
        pytest.skip("another tracer (coverage, a debugger) is active")
    py = bytecodes_per_step(python_engine(variant), players, opponents, steps=300)
    c = bytecodes_per_step(native(variant), players, opponents, steps=300)
    assert c < 0.85 * py, f"native {c:.0f} bytecodes per step, python {py:.0f}"


def test_native_observation_does_not_go_through_the_python_engine(monkeypatch):
    """The observation is read from the C state: no saved dict, no validating from_dict."""
    nat = native("transfer")
    g = nat.new_game(3, 2)
    expected = [python_engine("transfer").Game.from_dict(g.to_dict()).observation(s) for s in range(3)]

    def refuse(*args):
        raise AssertionError("observation() went through the Python engine")
    monkeypatch.setattr(nat.PYTHON_ENGINE.Game, "from_dict", classmethod(refuse))
    assert [g.observation(s) for s in range(3)] == expected


def test_steps_per_second_measures_both_backends():
    for engine in (python_engine("transfer"), native("transfer")):
        assert steps_per_second(engine, seconds=0.2) > 100
