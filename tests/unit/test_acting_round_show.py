"""The acting seat in the environments that lacked it (issue 31 item 3): `round`
(attack.limit: the attacker about to open the round) and `show` (transfer.show_card: the
defender that would show, through the transfer names), each name with its Python form, C
form and reference reading; a spec not reading them keeps its engine."""

from __future__ import annotations

from pathlib import Path

import pytest

from durakc.envs import ENVS
from durakc.envs.bounds import SEAT_RANGE
from durakc.expr.language import compile_expr
from durakc.ir.build import build_ir
from durakc.spec import load_spec

SPECS = Path(__file__).resolve().parents[1] / "specs"
ACTING = ("me", "hand", "hand_size", "attacker", "defender", "original_attacker", "dealer",
          "left_of", "right_of", "partner_of")


@pytest.mark.parametrize("env", ["round", "show"])
def test_the_environment_offers_the_acting_seat(env):
    names = {n.name: n for n in ENVS[env].names}
    for name in ACTING:
        assert names[name].py and names[name].c and names[name].ref is not None, (env, name)
    assert names["me"].type == "int" and names["me"].range == SEAT_RANGE
    assert names["hand"].type == "cards"


def test_the_round_reads_the_attacker_about_to_open():
    names = {n.name: n for n in ENVS["round"].names}
    assert names["me"].py == {"*": "self._attacker"} and names["me"].c == {"*": "g->atk"}
    assert names["hand_size"].py == {"*": "self._hands[self._attacker].bit_count()"}
    assert names["hand_size"].c == {"*": "popcount(g->hands[g->atk])"}


class _Round:
    """What the reference reads of a round's start for the acting seat."""

    players, _attacker, _opener, _defender, dealer = 3, 1, 1, 2, 0
    _hands = (("6S",), ("9H", "9C"), ("7D",))


def test_the_reference_reads_the_attacker():
    values = {n.name: n.ref(_Round(), {}) for n in ENVS["round"].names
              if n.name in ("me", "hand_size", "attacker", "defender", "dealer")}
    assert values == {"me": 1, "hand_size": 2, "attacker": 1, "defender": 2, "dealer": 0}


def test_the_names_are_typed_in_attack_limit():
    expr = compile_expr("min(6, hand_size)", "round", "int")
    assert expr.evaluate({"hand_size": 2}) == 2 and expr.evaluate({"hand_size": 9}) == 6
    found = compile_expr("min(6, hand)", "round", "int")
    assert isinstance(found, list) and "'hand' is a collection of cards" in found[0].message
    found = compile_expr("hnad_size", "round", "int")
    assert isinstance(found, list) and "did you mean 'hand_size'" in found[0].message


def test_only_a_limit_reading_the_hand_is_evaluated_per_round():
    assert build_ir(load_spec("podkidnoy")).round.limit_constant == 6
    ir = build_ir(load_spec(SPECS / "acting-limit-by-hand.yaml"))
    assert ir.round.limit_constant is None and ir.uses("limit_rule")
