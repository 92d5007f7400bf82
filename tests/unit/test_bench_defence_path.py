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
                                               ("podkidnoy", False)])
def test_only_plain_transfer_defences_are_counted(name, counted):
    # transfer itself now plays its bench games in locals (bench_locals.c.j2, fifth round);
    # first-round-five keeps the counted defence (its limit is not constant)
    text = _engine(name)
    assert (COUNTED in text) == counted
    assert (LISTING in text) != counted
