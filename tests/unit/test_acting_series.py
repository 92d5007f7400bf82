"""The acting seat's series names (issue 31 item 1): `losses` (L1: games the acting seat has
lost so far in the series) and `points` (EP1: its series points before this game) in every
play environment.  A spec that reads `losses` counts the losses (the `losses` capability);
`points` needs outcome.points; throw_in.who reading them is judged when the throwers are
asked (the first round of a later game starts before next_game carries the counts on);
attack.limit may not read them.  Two rules nobody listed are written through them:
tests/specs/acting-loser-no-transfer.yaml and tests/specs/acting-points-no-throw.yaml
(scenarios: tests/conformance/scenarios/house_acting_series.yaml)."""

from __future__ import annotations

from pathlib import Path

import pytest

from durakc import cli
from durakc.diagnostics import SpecError
from durakc.envs import ENVS
from durakc.expr.language import compile_expr
from durakc.ir.build import build_ir
from durakc.reference import differential
from durakc.spec import load_spec

SPECS = Path(__file__).resolve().parents[1] / "specs"
ACTING_ENVS = [key for key, env in ENVS.items() if "me" in {n.name for n in env.names}]


def _spec(tmp_path: Path, rules: str, extends: str = "transfer"):
    path = tmp_path / "house.yaml"
    path.write_text(f"name: house\ntitle: House\nextends: {extends}\nrules:\n{rules}\n",
                    encoding="utf-8")
    return path


def _caps(spec) -> set[str]:
    return {c.name for c in build_ir(spec).capabilities}


@pytest.mark.parametrize("env", ACTING_ENVS)
def test_every_acting_environment_offers_the_series_names(env):
    names = {n.name: n for n in ENVS[env].names}
    assert names["losses"].type == "int" and names["points"].type == "int"
    assert names["losses"].py["*"].startswith("self._losses[")
    assert names["points"].c["*"].startswith("g->points_before[")


def test_misspelled_series_names_are_suggested():
    found = compile_expr("loses == 0", "transfer", "bool")
    assert isinstance(found, list)
    assert found[0].message.startswith("unknown name 'loses' (did you mean 'losses'?)")
    found = compile_expr("pionts > 1", "seat", "bool")
    assert isinstance(found, list)
    assert found[0].message.startswith("unknown name 'pionts' (did you mean 'points'?)")


def test_reading_losses_counts_them_and_asks_throwers_each_time(tmp_path):
    plain = load_spec(_spec(tmp_path, '  throw_in:\n    who: "not is_defender"'))
    assert not {"losses", "asked_throwers"} & _caps(plain)
    spec = load_spec(_spec(tmp_path, '  throw_in:\n    who: "not is_defender and losses < 2"'))
    assert {"losses", "asked_throwers"} <= _caps(spec)
    spec = load_spec(SPECS / "acting-loser-no-transfer.yaml")
    assert "losses" in _caps(spec) and "asked_throwers" not in _caps(spec)


def test_points_without_outcome_points_is_refused_at_its_key(tmp_path):
    with pytest.raises(SpecError) as err:
        load_spec(_spec(tmp_path, '  transfer:\n    when: "beaten == 0 and points < 3"'))
    (diag,) = [d for d in err.value.diagnostics if "points" in d.message]
    assert diag.message.startswith("transfer.when reads the acting seat's points, but this "
                                   "spec scores no points: set outcome.points")
    assert (diag.line, diag.col) == (6, 12)  # the condition of transfer.when


def test_the_limit_may_not_read_the_series(tmp_path):
    with pytest.raises(SpecError) as err:
        load_spec(_spec(tmp_path, '  attack:\n    limit: "6 - losses"'))
    (diag,) = [d for d in err.value.diagnostics if "attack.limit" in d.message]
    assert diag.message.startswith("attack.limit reads the acting seat's losses, which is not "
                                   "supported")
    assert (diag.line, diag.col) == (6, 13)  # the condition of attack.limit


def test_the_refusal_is_a_located_spec_error_without_traceback(tmp_path, capsys):
    path = _spec(tmp_path, '  throw_in:\n    who: "points == 0"')
    assert cli.main(["compile", str(path), "--out", str(tmp_path / "out")]) == 1  # a spec error
    err = capsys.readouterr().err
    assert "throw_in.who reads the acting seat's points" in err and "Traceback" not in err


@pytest.mark.parametrize("name, players, seed", [
    ("acting-points-no-throw", 3, 0),  # diverged in game 2 while throwers were kept per round
    ("acting-loser-no-transfer", 2, 1),
])
def test_a_series_matches_the_reference(name, players, seed):
    engine, ref = differential.both(SPECS / f"{name}.yaml")
    summary = differential.run(engine, ref, [players], games=4, seed=seed, series=4)
    assert not summary.divergences, summary.divergences[0]
    assert summary.games == 4
