"""Scenarios written for a test spec of tests/specs/ (one no bundled variant has, such as the
epaulette ladder with teams, EP2's decision): run on its engine (compiled into the engine
cache, or its C engine under `--backend native`) and on the reference interpreter.

Also: every scenario file's `variants:` names a bundled variant or such a test spec, so that
no scenario silently runs on no engine.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import conformance_scenarios as S
from conformance_properties import run_property
from conformance_runner import engine_names, run_scenario

from tests.engine_backend import backend

SPECS = Path(__file__).resolve().parents[1] / "specs"
SCENARIOS = S.load_scenarios()
BUNDLED, _ = engine_names()
TEST_SPECS = {p.stem: p for p in sorted(SPECS.glob("*.yaml"))}


def _params():
    params = []
    for name in TEST_SPECS:
        for sc in SCENARIOS:
            if name in (sc.get("_variants") or ()):
                params.append(pytest.param(name, sc, id=f"{name}::{sc['id']}"))
    return params


PARAMS = _params()
_ENGINES: dict = {}


def _engine(name: str, kind: str):
    if (name, kind) not in _ENGINES:
        path = str(TEST_SPECS[name])
        if kind == "reference":
            from durakc import reference
            _ENGINES[name, kind] = reference.load(path)
        elif backend() == "native":
            from durakc.native.engine import load_native_spec
            from durakc.targets.c.render import CTargetError
            try:
                _ENGINES[name, kind] = load_native_spec(path)
            except CTargetError as exc:  # e.g. deck.copies: 2 (HR17) has no C form
                pytest.skip(f"{name}: the C target refuses it ({exc})")
        else:
            from durakc.loading.engines import load_engine
            _ENGINES[name, kind] = load_engine(path)
    return _ENGINES[name, kind]


def test_every_scenario_names_an_engine_that_exists():
    known = set(BUNDLED) | set(TEST_SPECS)
    unknown = sorted({(sc["_file"], v) for sc in SCENARIOS for v in sc.get("_variants") or ()
                      if v not in known})
    assert not unknown, f"scenarios restricted to variants no engine has: {unknown}"


def test_test_spec_scenarios_exist():
    assert any(p.id.startswith("epaulette-pairs::EP2") for p in PARAMS)


@pytest.mark.parametrize("name, scenario", PARAMS)
@pytest.mark.parametrize("kind", ["engine", "reference"])
def test_scenario_on_a_test_spec(name, scenario, kind):
    mod = _engine(name, kind)
    assert S.applies(scenario, name, mod.VARIANT["rules"]), "the scenario's assumptions fail"
    if "property" in scenario:  # a deal property (issue 31 item 2: the opener's criteria)
        run_property(scenario, mod, name)
    else:
        run_scenario(scenario, mod, name)
