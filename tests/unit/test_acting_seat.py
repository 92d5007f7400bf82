"""The acting seat in conditions (issue 31, item 1): `me`, `hand`, `hand_size` in every play
environment, typed and checked; a beat rule reading the defender judged at run time only
for the pairs its two cards leave open (`durakc.ir.beats`, the `runtime_beats` capability);
a throw_in.who reading a hand judged when the seats are asked (`asked_throwers`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from durakc.analysis.checks import analyse
from durakc.diagnostics import SpecError
from durakc.envs import ENVS
from durakc.envs.bounds import SEAT_RANGE
from durakc.expr.language import compile_expr
from durakc.ir.beats import beat_masks, runtime_beats
from durakc.ir.build import build_ir
from durakc.spec import load_spec

PLAY_ENVS = ("cards", "seat", "throw", "transfer", "opening")


def _problem(text: str, env: str) -> str:
    found = compile_expr(text, env, "bool")
    assert isinstance(found, list), text
    return found[0].message


def _spec(tmp_path: Path, rules: str, extends: str = "podkidnoy"):
    path = tmp_path / "house.yaml"
    path.write_text(f"name: house\ntitle: House\nextends: {extends}\nrules:\n{rules}\n", encoding="utf-8")
    return load_spec(path)


@pytest.mark.parametrize("env", PLAY_ENVS)
def test_every_play_environment_offers_the_acting_seat(env):
    names = {n.name: n for n in ENVS[env].names}
    assert names["me"].type == "int" and names["me"].range == SEAT_RANGE
    assert names["hand"].type == "cards"
    assert names["hand_size"].type == "int" and names["hand_size"].range[0] == 0
    for n in ("me", "hand", "hand_size"):  # a Python form, a C form and a reading each
        assert names[n].py and names[n].c and names[n].ref is not None, (env, n)


def test_the_new_names_are_typed_and_misspellings_suggested():
    assert _problem("hnad_size > 2", "seat").startswith(
        "unknown name 'hnad_size' (did you mean 'hand_size'?)")
    assert "did you mean 'above'" in _problem("len(hand.abov(a.rank)) == 0", "cards")
    assert _problem("len(hand.above(a.suit)) == 0", "cards") == (
        "'a.suit' is a suit, above(x) needs a rank")
    assert _problem("hand > 2", "throw").startswith("'hand' is a collection of cards")
    assert _problem("me == hand", "transfer").startswith("'hand' is a collection of cards")


def test_a_condition_over_the_acting_seat_that_can_never_hold_is_warned(tmp_path):
    spec = _spec(tmp_path, '  throw_in:\n    who: "is_defender and hand_size > 2"')
    assert [d.message.split(":")[0] for d in analyse(spec)] == ["nobody may ever throw in"]
    spec = _spec(tmp_path, '  throw_in:\n    who: "not is_defender and hand_size > 2"')
    assert analyse(spec) == []  # the hand is unknown: no false alarm


def test_the_beat_table_keeps_what_the_two_cards_decide():
    follow = load_spec("follow-suit").values["beating.beats"]
    plain = load_spec("podkidnoy").values["beating.beats"]
    assert runtime_beats(follow) and not runtime_beats(plain)
    args = (["6", "7", "8", "9", "10", "J", "Q", "K", "A"], ["S", "H", "D", "C"],
            "turned_bottom", [], None)
    # BEATEN_BY of follow-suit holds every pair that may beat: the podkidnoy relation (T11)
    assert beat_masks(follow, *args) == beat_masks(plain, *args)


def test_only_a_spec_reading_the_defender_gets_the_run_time_beat():
    caps = {c.name for c in build_ir(load_spec("follow-suit")).capabilities}
    assert "runtime_beats" in caps and "asked_throwers" not in caps
    assert "runtime_beats" not in {c.name for c in build_ir(load_spec("podkidnoy")).capabilities}
    sure = next(c for c in build_ir(load_spec("follow-suit")).capabilities
                if c.name == "runtime_beats").sure_tables
    # 9H (card int 13) with clubs trump (index 3): surely beaten by the higher hearts only
    hearts = [line.split("#")[1].strip() for line in sure[3][1]]
    mask = int(sure[3][1][13].split(",")[0], 16)
    assert [hearts[i] for i in range(36) if mask >> i & 1] == ["10H", "JH", "QH", "KH", "AH"]


def test_a_throw_in_rule_reading_a_hand_is_asked_each_time():
    spec = load_spec(Path(__file__).resolve().parents[1] / "specs"
                     / "acting-full-hand-no-throw.yaml")
    assert "asked_throwers" in {c.name for c in build_ir(spec).capabilities}


@pytest.mark.parametrize("mode", ["per_seat", "per_seat_by_lot"])
def test_a_beat_rule_reading_the_defender_refuses_a_trump_per_seat(tmp_path, mode):
    seat = "\n    seat_suits: [S, H, D, C]" if mode == "per_seat" else ""
    rules = (f"  trump:\n    mode: {mode}{seat}\n  beating:\n"
             '    beats: "inherited and hand_size > 1"')
    with pytest.raises(SpecError) as err:
        _spec(tmp_path, rules, extends="svoi-kozyri" if mode == "per_seat" else "trumps-by-lot")
    assert "beating.beats reads the defender (hand_size)" in str(err.value)


def test_the_seat_relations_are_functions_of_a_seat():
    assert _problem("left_of == me", "seat") == "'left_of' must be called, e.g. left_of(me)"
    assert _problem("right_of(hand) == me", "throw") == (
        "'hand' is a collection of cards, right_of(s) needs a seat number s, e.g. right_of(me)")
    assert _problem("left_of(me, 1) == me", "transfer") == (
        "'left_of' needs one argument: a seat, e.g. left_of(me)")
    assert _problem("left_of(losses) == 0", "deal").startswith("'left_of' can not be called")
    expr = compile_expr("left_of(right_of(me)) == me and right_of(dealer) != me", "seat", "bool")
    ring = {"left_of": lambda s: (s + 1) % 4, "right_of": lambda s: (s - 1) % 4}
    assert expr.evaluate({**ring, "me": 2, "dealer": 0}) is True
    assert expr.evaluate({**ring, "me": 3, "dealer": 0}) is False
    assert expr.to_python({"me": "s", "dealer": "self._dealer", "left_of": "self._next_seat[{}]",
                           "right_of": "self._right_of({})"}) == (
        "self._next_seat[self._right_of(s)] == s and self._right_of(self._dealer) != s")


def test_a_relation_is_unknown_without_a_game():
    from durakc.expr.partial import UNKNOWN

    expr = compile_expr("is_attacker or me == left_of(defender)", "seat", "bool")
    assert expr.evaluate_partial({"is_attacker": False, "me": 1, "defender": 0}) is UNKNOWN
    assert expr.evaluate_partial({"is_attacker": True}) is True
