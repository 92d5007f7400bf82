"""The seat relation `partner_of(s)` (issue 31 item 2, PR1): offered wherever `left_of` is,
typed like it, read by the reference by the fixed seating of teams.mode, emitted as a helper
only for a spec that calls it, and refused at its key (with a located error) when the spec
has no teams."""

from __future__ import annotations

from pathlib import Path

import pytest

from durakc.diagnostics import SpecError
from durakc.envs import ENVS
from durakc.envs.acting import partner_of
from durakc.expr.language import compile_expr
from durakc.ir.build import build_ir
from durakc.schema.teams import team_of
from durakc.spec import load_spec

SPEC = Path(__file__).resolve().parents[1] / "specs" / "attacking-pair-throws.yaml"


class _Seats:
    """The reference's questions partner_of asks: `players` and `team(seat)`."""

    def __init__(self, mode: str, players: int):
        self.players, self.mode = players, mode

    def team(self, seat: int) -> int:
        return seat if self.mode == "none" else team_of(self.mode, self.players, seat)


def _spec(tmp_path: Path, rules: str, extends: str):
    path = tmp_path / "house.yaml"
    path.write_text(f"name: house\ntitle: House\nextends: {extends}\nrules:\n{rules}\n",
                    encoding="utf-8")
    return load_spec(path)


@pytest.mark.parametrize("env", [key for key, env in ENVS.items()
                                 if "left_of" in {n.name for n in env.names}])
def test_partner_of_is_offered_wherever_left_of_is(env):
    names = {n.name: n for n in ENVS[env].names}
    assert names["partner_of"].type == "function"
    assert names["partner_of"].py == {"*": "self._partner_of({})"}
    assert names["partner_of"].c == {"*": "partner_of_seat(g, {})"}


@pytest.mark.parametrize("mode, players, expected", [
    ("opposite", 4, [2, 3, 0, 1]),  # PR1: {0,2} {1,3}
    ("opposite", 6, [3, 4, 5, 0, 1, 2]),  # {0,3} {1,4} {2,5}
    ("alternate", 6, [2, 3, 4, 5, 0, 1]),  # {0,2,4} {1,3,5}: the next of the team clockwise
    ("none", 4, [0, 1, 2, 3]),  # no partner: the seat itself (the checker refuses this)
])
def test_the_reference_reads_the_next_seat_of_the_team(mode, players, expected):
    assert [partner_of(_Seats(mode, players), s) for s in range(players)] == expected


def test_partner_of_is_typed_and_misspellings_suggested():
    found = compile_expr("me == partnr_of(attacker)", "seat", "bool")
    assert isinstance(found, list)
    assert found[0].message.startswith("'partnr_of' can not be called (did you mean "
                                       "'partner_of'?)")
    found = compile_expr("partner_of(hand) == me", "throw", "bool")
    assert isinstance(found, list) and found[0].message == (
        "'hand' is a collection of cards, partner_of(s) needs a seat number s, e.g. "
        "partner_of(me)")
    expr = compile_expr("me == partner_of(attacker)", "seat", "bool")
    assert expr.evaluate({"me": 2, "attacker": 0, "partner_of": lambda s: (s + 2) % 4}) is True
    assert expr.evaluate({"me": 1, "attacker": 0, "partner_of": lambda s: (s + 2) % 4}) is False


def test_a_spec_without_teams_is_refused_at_the_key(tmp_path):
    with pytest.raises(SpecError) as err:
        _spec(tmp_path, '  throw_in:\n    who: "me == partner_of(attacker)"', "podkidnoy")
    (diag,) = [d for d in err.value.diagnostics if "partner_of" in d.message]
    assert diag.message.startswith("throw_in.who calls partner_of(s), but this spec has no "
                                   "teams: set teams.mode")
    assert (diag.line, diag.col) == (6, 11)  # the condition of throw_in.who


def test_only_a_spec_calling_partner_of_gets_the_helper(tmp_path):
    assert build_ir(load_spec(SPEC)).uses("partner_relation")
    assert not build_ir(load_spec("pairs")).uses("partner_relation")
    ir = build_ir(_spec(tmp_path, '  throw_in:\n    who: "me != partner_of(defender)"', "pairs"))
    assert ir.uses("partner_relation")
