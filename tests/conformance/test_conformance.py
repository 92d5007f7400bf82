"""The conformance suite: every scenario on every generated engine it applies to.

Test ids read `<variant>::<scenario id>`.  The scenario format is in README.md.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import conformance_scenarios as S
import engine_backend
from conformance_properties import run_property
from conformance_runner import engine_names, load_engine, run_scenario
from conformance_schema import validate

MIN_APPLICABLE = 30
MIN_APPLICABLE_HOUSE = 8
"""A house rule of variants/house/ that changes which card may be added (throw_in.card: rank
or suit, suit or trump) changes what most throw-in scenarios expect, so fewer of the shared
scenarios apply (conformance_compat.throw_card_agrees); its own file names its rule."""

RULES = S.load_rules()
SCENARIOS = S.load_scenarios()
ENGINES, NO_ENGINE_REASON = engine_names()


def _engine_params():
    params, errors = [], []
    for name in ENGINES:
        try:
            mod = load_engine(name)
            rules = S.engine_rules(mod)
        except Exception as exc:  # an engine that does not import is a failure, not a skip
            errors.append((name, exc))
            continue
        for sc in SCENARIOS:
            if S.applies(sc, name, rules):
                params.append(pytest.param(name, sc, id=f"{name}::{sc['id']}"))
    return params, errors


PARAMS, IMPORT_ERRORS = _engine_params() if ENGINES else ([], [])


# ---------------------------------------------------------------------------
# suite self-checks (no engine needed)
# ---------------------------------------------------------------------------
def test_scenario_files_follow_the_schema():
    errors = validate(SCENARIOS, RULES)
    assert not errors, "scenario schema errors:\n" + "\n".join(errors)


def _rule_order(rule_id: str):
    """T2 before T10; house rules (H-name) after the numbered families."""
    head, digits = rule_id[0], rule_id[1:]
    return (head, int(digits) if digits.isdigit() else 0, digits)


def test_every_rule_has_a_scenario_and_every_id_exists():
    used = {r for sc in SCENARIOS for r in sc.get("rules", [])}
    missing = sorted(set(RULES) - used, key=_rule_order)
    unknown = sorted(used - set(RULES))
    assert not missing, f"rules without any scenario: {missing}"
    assert not unknown, f"scenarios name unknown rule ids: {unknown}"


def test_transfer_profile_has_at_least_60_scenarios():
    t_scenarios = [sc for sc in SCENARIOS if any(r.startswith("T") for r in sc["rules"])]
    assert len(t_scenarios) >= 60, len(t_scenarios)


# ---------------------------------------------------------------------------
# engine checks
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("name", ENGINES or [pytest.param(None, marks=pytest.mark.skip(
    reason=NO_ENGINE_REASON))])
def test_engine_imports_and_has_enough_scenarios(name):
    mod = load_engine(name)
    assert mod.VARIANT["name"] == name
    assert isinstance(mod.VARIANT["rules"], dict)
    assert issubclass(mod.IllegalAction, ValueError)
    n = sum(S.applies(sc, name, S.engine_rules(mod)) for sc in SCENARIOS)
    least = MIN_APPLICABLE_HOUSE if mod.VARIANT["source"].startswith("variants/house/") else MIN_APPLICABLE
    assert n >= least, f"only {n} scenarios apply to {name} (need {least})"


_SKIP = pytest.param(None, None, marks=pytest.mark.skip(
    reason=NO_ENGINE_REASON or "no scenario applies to any engine"))


@pytest.mark.parametrize("name, scenario", PARAMS or [_SKIP])
def test_scenario(name, scenario):
    mod = load_engine(name)
    if "property" in scenario:
        run_property(scenario, mod, name)
    else:
        run_scenario(scenario, mod, name)


_REFERENCE: dict = {}


def _reference(name):
    """The reference interpreter of bundled variant `name` (durakc.reference), loaded once."""
    if name not in _REFERENCE:
        from durakc import reference

        _REFERENCE[name] = reference.load(name)
    return _REFERENCE[name]


@engine_backend.reference_only()
@pytest.mark.parametrize("name, scenario", PARAMS or [_SKIP])
def test_scenario_on_the_reference(name, scenario):
    """The same scenarios on the reference interpreter: it offers the engine contract."""
    mod = _reference(name)
    if "property" in scenario:
        run_property(scenario, mod, name)
    else:
        run_scenario(scenario, mod, name)
