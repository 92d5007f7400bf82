"""Siege (SG1-SG4, throw_in.timing: any_time): the spec errors of nonsense combinations, the
capability's place in the engines, and the protocol decision on the reference and an engine."""

from __future__ import annotations

import importlib

import pytest

from durakc.diagnostics import SpecError
from durakc.ir.build import build_ir
from durakc.reference import load
from durakc.spec import bundled_names, load_spec
from durakc.spec.cross_play import throwers_possible

SIEGE = "name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n  throw_in:\n    timing: any_time\n"


def errors_of(tmp_path, text: str) -> list[str]:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


def test_siege_with_transfers_is_a_spec_error_at_the_timing(tmp_path):
    text = "name: mine\ntitle: Mine\nextends: transfer\nrules:\n  throw_in:\n    timing: any_time\n"
    (diag,) = errors_of(tmp_path, text)
    assert diag.startswith(f"{tmp_path / 'mine.yaml'}:6:13: error: throw_in.timing any_time "
                           "(siege) needs transfer.enabled: false")
    assert diag.splitlines()[1:] == ["        timing: any_time", "                ^~~~~~~~"]


def test_siege_with_nobody_to_throw_in_is_a_spec_error_at_the_rule(tmp_path):
    (diag,) = errors_of(tmp_path, SIEGE + "    who: is_defender\n")
    assert diag.startswith(f"{tmp_path / 'mine.yaml'}:7:10: error: throw_in.timing any_time "
                           "(siege) needs players who may throw in")


def test_nobody_to_throw_in_proved_over_the_player_range(tmp_path):
    # 'players > 6' is false for every player count the variant allows (2-6)
    (diag,) = errors_of(tmp_path, SIEGE + "    who: players > 6\n")
    assert "'throw_in.who' is false for every seat but the defender" in diag


def test_siege_with_some_throwers_is_fine(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(SIEGE + "    who: is_attacker\n", encoding="utf-8")
    spec = load_spec(path)
    assert spec.values["throw_in.timing"] == "any_time"
    assert throwers_possible(spec.values) is True


def test_both_errors_at_once(tmp_path):
    text = ("name: mine\ntitle: Mine\nextends: transfer\nrules:\n  throw_in:\n"
            "    timing: any_time\n    who: is_defender\n")
    assert len(errors_of(tmp_path, text)) == 2


def test_only_siege_engines_hold_the_siege_capability():
    for name in bundled_names():
        ir = build_ir(load_spec(name))
        assert ir.uses("siege") == (name == "siege"), name
        text = importlib.import_module(f"durakc.engines.{name.replace('-', '_')}").__loader__
        source = text.get_source(f"durakc.engines.{name.replace('-', '_')}")
        assert ("throw_in.timing: any_time" in source) == (name == "siege"), name


POSITION = {"players": 3, "trump": "C", "stock": [], "attacker": 0, "dealer": 2,
            "discard": [], "first_round": False,
            "hands": [["9S", "9H", "KD"], ["10S", "JH", "QD", "AC"], ["9D", "8D"]]}


@pytest.mark.parametrize("backend", ["engine", "reference"])
def test_sg4_protocol_on_both_backends(backend):
    """SG4: after the opening the attacker, then seat 2 are asked; then the defender."""
    if backend == "engine":
        mod = importlib.import_module("durakc.engines.siege")
    else:
        mod = load(load_spec("siege"))
    g = mod.from_position(POSITION)
    g.apply("attack 9S")
    assert (g.to_move, [str(a) for a in g.legal_actions()]) == (0, ["throw 9H", "pass"])
    g.apply("pass")
    assert (g.to_move, [str(a) for a in g.legal_actions()]) == (2, ["throw 9D", "pass"])
    g.apply("throw 9D")
    assert g.to_move == 0  # a change to the table: the attacker is asked first again
    saved = g.to_dict()
    assert type(g).from_dict(saved).to_dict() == saved  # a throw phase with unbeaten cards
    g.apply("pass")
    assert g.to_move == 1 and g.table == [["9S", None], ["9D", None]]
