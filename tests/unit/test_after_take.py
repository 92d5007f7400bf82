"""P8/T23 where no bundled variant reaches: after_take.next_attacker: same_attacker together
with transfers, compiled from a user spec. The taker never attacks next (P8: the defender
"loses the turn to attack"; T23: "one who took is skipped")."""

from __future__ import annotations

import types

import pytest

from durakc.spec import load_spec
from durakc.targets.python.codegen import render_engine

SPEC = """\
name: transfer-stays
title: Transfer durak where the attacker stays after a take
extends: transfer
rules:
  after_take:
    next_attacker: same_attacker
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    path = tmp_path_factory.mktemp("spec") / "transfer-stays.yaml"
    path.write_text(SPEC, encoding="utf-8")
    module = types.ModuleType("transfer_stays")
    exec(compile(render_engine(load_spec(path)), str(path), "exec"), module.__dict__)
    return module


def _game(engine, players, attacker, hands):
    return engine.from_position({"players": players, "trump": "D", "stock": [], "discard": [],
                                 "attacker": attacker, "dealer": 0, "hands": hands})


def test_original_attacker_stays_after_a_transfer_and_take(engine):
    # 0 opens, 1 transfers to 2, 2 takes: 0 is still in and was not the taker, so 0 attacks 1.
    g = _game(engine, 3, 0, [["9H", "AH"], ["9C", "AC"], ["JH", "KC", "10C"]])
    for action in ("attack 9H", "transfer 9C", "take"):
        g.apply(action)
    assert (g.attacker, g.defender, g.to_move) == (0, 1, 0)
    assert g.hands[2] == ["9H", "9C", "10C", "JH", "KC"]


def test_taker_who_opened_does_not_attack_again(engine):
    # Two players: the transfer brings the attack back to the opener (T13), who takes.
    g = _game(engine, 2, 0, [["9H", "10H", "QC"], ["9C", "JH", "KH"]])
    for action in ("attack 9H", "transfer 9C", "take"):
        g.apply(action)
    assert (g.attacker, g.defender, g.to_move) == (1, 0, 1)


def test_taker_skipped_when_original_attacker_left(engine):
    # 0 opens with its last card and leaves; 1 transfers to 2, who takes: 1 attacks 2.
    g = _game(engine, 3, 0, [["9H"], ["9C", "AH"], ["JH", "KC", "10C"]])
    for action in ("attack 9H", "transfer 9C", "take"):
        g.apply(action)
    assert g.out == [0]
    assert (g.attacker, g.defender, g.to_move) == (1, 2, 1)
