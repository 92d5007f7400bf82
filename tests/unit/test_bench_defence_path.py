"""The bench loop's counted defence (playout.c.j2, `counted_transfers`): only the variants
whose defence is beats, plain transfers (transfer.capacity attack_cards + k <= min(limit,
next hand)) and take get it; a variant whose capabilities change the defence's actions
(resign adds one at `bench_others`) or the applying (`applied`) keeps the listing one, and
Hooks.fills tells the templates which points a capability fills."""

from __future__ import annotations

import pytest

from durakc.ir.build import build_ir
from durakc.ir.hooks import UnknownHook
from durakc.spec import load_spec
from durakc.targets.c import render_c
from durakc.targets.c.bench_path import bench_values, when_in_locals
from durakc.targets.c.context import c_context
from durakc.targets.c.hooks import CHooks
from durakc.targets.c.render import _ENV

COUNTED = "the bench loop, nothing listed"
LISTING = "only the other actions are listed"


def _engine(name: str) -> str:
    return next(text for path, text in render_c(load_spec(name)).items() if path.endswith(".c"))


def _hooks(name: str) -> CHooks:
    spec = load_spec(name)
    ir = build_ir(spec)
    return CHooks(_ENV, c_context(spec, ir), ir.capabilities)


def test_fills_names_the_points_a_capability_fills():
    assert _hooks("resign").fills("bench_others")
    assert not _hooks("transfer").fills("bench_others")
    with pytest.raises(UnknownHook):
        _hooks("transfer").fills("no_such_point")


@pytest.mark.parametrize(("name", "counted"), [("first-round-five", True), ("resign", False),
                                               ("siege", False)])
def test_only_plain_transfer_defences_are_counted(name, counted):
    # transfer itself now plays its bench games in locals (bench_locals.c.j2, fifth round);
    # first-round-five keeps the counted defence (its limit is not constant)
    text = _engine(name)
    assert (COUNTED in text) == counted
    assert (LISTING in text) != counted


def _paths(name: str) -> dict:
    spec = load_spec(name)
    ir = build_ir(spec)
    v = c_context(spec, ir)
    return bench_values(v, ir.capabilities, CHooks(_ENV, v, ir.capabilities))


@pytest.mark.parametrize(("name", "in_locals"), [
    ("transfer", True), ("no-transfer-back", True), ("podkidnoy", True), ("durak52", True),
    ("first-round-five", False),  # the limit is not constant
    ("resign", False),  # a defence action at `bench_others`
    ("table", False),  # table settings
    ("kyiv", False),  # transfer.capacity is not T11's and the late cards are tracked
    ("trump-transfer", False),  # transfer.when reads `played` (the cards a transfer plays)
])
def test_the_game_in_locals_is_decided_from_the_ir_and_the_hooks(name, in_locals):
    # bench_path reads the IR's expressions and the points the capabilities fill, never the
    # rendered C text; the engine holds bench_game exactly when it says so
    assert _paths(name)["bench_locals"] == in_locals
    assert ("static long bench_game(" in _engine(name)) == in_locals


def test_transfer_when_reads_the_locals_by_name():
    assert _paths("transfer-while-stock")["transfer_when_locals_c"] == "(beaten == 0) && (nstock > 0)"
    assert _paths("no-transfer-back")["transfer_when_locals_c"] == "(beaten == 0) && (nxt[def] != orig)"
    assert _paths("podkidnoy")["transfer_when_locals_c"] == "1"  # never read: no transfers


def test_a_name_the_locals_lack_keeps_the_engine_loop():
    ir = build_ir(load_spec("no-last-card-transfer"))
    when = next(cap.when for cap in ir.capabilities if cap.name == "transfer")
    assert "hand_after" in when.expr.names
    assert when_in_locals(when) is None
