"""transfer.when counts after the transfer (issue 19 2b): `attack_cards`, `unbeaten` and
`unbeaten_late` mean the table after the transfer's cards are added, in transfer.when as in
transfer.capacity; `played` and `hand_after` are the transfer's cards and the defender's hand
after it (HR5, HR6).  Each reading on the generated engine and on the reference alike."""

from __future__ import annotations

import types

import pytest

from durakc import reference
from durakc.spec import load_spec
from durakc.targets.python.codegen import render_engine

SPEC = """\
name: {name}
title: A transfer.when over the table after the transfer
extends: transfer
rules:
  transfer:
    when: "{when}"
"""


def _backends(tmp_path, name, when):
    path = tmp_path / f"{name}.yaml"
    path.write_text(SPEC.format(name=name, when=when), encoding="utf-8")
    spec = load_spec(path)
    module = types.ModuleType(name.replace("-", "_"))
    exec(compile(render_engine(spec), str(path), "exec"), module.__dict__)
    return [module, reference.load(spec)]


def _pass_ons(backend, hands, opening="attack 9H"):
    g = backend.from_position({"players": 3, "trump": "D", "stock": [], "attacker": 0,
                               "hands": hands})
    g.apply(opening)
    return g, sorted(str(a) for a in g.legal_actions() if str(a).startswith("transfer"))


HANDS = [["9H", "KS", "8S"], ["9C", "9S", "7H"], ["JH", "QH", "AS", "KC"]]


@pytest.mark.parametrize("which", [0, 1], ids=["engine", "reference"])
def test_unbeaten_counts_the_transfers_own_cards(tmp_path, which):
    # one unbeaten nine: a one-card transfer leaves two unbeaten, a two-card one three
    backend = _backends(tmp_path, "unbeaten-two", "unbeaten == 2")[which]
    g, transfers = _pass_ons(backend, HANDS)
    assert transfers == ["transfer 9C", "transfer 9S"]
    with pytest.raises(backend.IllegalAction, match="transfer.when" if which == 0 else "transfer"):
        g.apply("transfer 9S 9C")


@pytest.mark.parametrize("which", [0, 1], ids=["engine", "reference"])
def test_attack_cards_counts_the_transfers_own_cards(tmp_path, which):
    backend = _backends(tmp_path, "three-after", "attack_cards == 3")[which]
    _, transfers = _pass_ons(backend, HANDS)
    assert transfers == ["transfer 9S 9C"]


@pytest.mark.parametrize("which", [0, 1], ids=["engine", "reference"])
def test_hand_after_and_played(tmp_path, which):
    backend = _backends(tmp_path, "keep-two", "hand_after >= 2 and S not in played.suits")[which]
    _, transfers = _pass_ons(backend, HANDS)
    assert transfers == ["transfer 9C"]
