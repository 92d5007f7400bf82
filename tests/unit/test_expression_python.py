"""Tests of the expression language's Python output and folding: to_python, canonical, constant."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from expr_support import BEATS, ok

from durakc.schema.keys import ENVIRONMENTS, KEYS

ROOT = Path(__file__).resolve().parents[2]


# ---------------------------------------------------------------------------
# to_python, canonical, constant
# ---------------------------------------------------------------------------
PYTHON_CASES = [
    ("attack_cards <= min(limit, next_hand)",
     "attack_cards_code <= min(limit_code, next_hand_code)"),
    ("beaten == 0", "beaten_code == 0"),
    ("first_round == true or not (beaten > 0) and first_round != false",
     "first_round_code or (beaten_code <= 0 and first_round_code)"),
    ("limit - (beaten - 1) > -(-transfers) + 1",
     "limit_code - (beaten_code - 1) > transfers_code + 1"),
    ("(limit if first_round else 3) >= attack_cards",
     "(limit_code if first_round_code else 3) >= attack_cards_code"),
    ("true == first_round", "first_round_code"),
    ("first_round == False", "not first_round_code"),
]

# Legal Python that linters reject is folded or rewritten (expressions are pure).
SIMPLIFIED_CASES = [
    ("1 + 2 > limit", "3 > limit"),
    ("-(-limit) > 0", "limit > 0"),
    ("not not first_round", "first_round"),
    ("not (limit == 3)", "limit != 3"),
    ("not (beaten < 1 < limit)", "not (beaten < 1 < limit)"),
    ("limit == limit or first_round", "True"),
    ("first_round and beaten == 0 and not first_round", "False"),
    ("first_round or (beaten > 1 or first_round)", "first_round or beaten > 1"),
    ("(true if beaten > 0 else false) and 1 < 2", "beaten > 0"),
    ("(false if beaten > 0 else true)", "beaten <= 0"),
    ("(limit if first_round else limit) > 0", "limit > 0"),
    ("first_round == (beaten > 0) == true", "first_round == (beaten > 0) and beaten > 0"),
    ("(limit if 2 > 3 else beaten) - 1 >= 0", "beaten - 1 >= 0"),
    ("beaten + (0 - 3) < 0", "beaten + -3 < 0"),
    ("0 < beaten and beaten <= limit", "0 < beaten <= limit"),
    ("first_round == true == (0 < beaten) == (beaten < limit)",
     "first_round and 0 < beaten and (0 < beaten) == (beaten < limit)"),
]


@pytest.mark.parametrize("text,python", PYTHON_CASES)
def test_to_python(text, python):
    expr = ok(text)
    assert expr.to_python({n: f"{n}_code" for n in ENVIRONMENTS["transfer"]}) == python


@pytest.mark.parametrize("text,python", SIMPLIFIED_CASES)
def test_to_python_simplifies(text, python):
    expr = ok(text)
    assert expr.to_python({n: n for n in ENVIRONMENTS["transfer"]}) == python
    values = {"limit": 2, "beaten": 0, "first_round": True}
    assert eval(python, {"min": min, "max": max}, values) == expr.evaluate(values)


def test_to_python_constants():
    seat = {n: n for n in ENVIRONMENTS["seat"]}
    fixed = {"is_defender": False}
    assert ok("not is_defender", "seat").to_python(seat, fixed) == "True"
    assert ok("is_defender and players > 2", "seat").to_python(seat, fixed) == "False"
    assert ok("is_defender or is_attacker", "seat").to_python(seat, fixed) == "is_attacker"
    assert ok("players - 1 if is_defender else players", "seat", "int").to_python(
        seat, {"players": 4}) == "(3 if is_defender else 4)"
    assert ok("is_attacker", "seat").to_python({"is_attacker": "(s == atk)"}, fixed) == (
        "(s == atk)")


def test_to_python_refuses_cards_and_missing_names():
    with pytest.raises(ValueError, match="card field 'a.is_trump' can not be emitted"):
        ok("a.is_trump", "cards").to_python({})
    with pytest.raises(ValueError, match="no Python name given for 'limit'"):
        ok("limit > 0").to_python({})


INLINED_CASES = [
    ("attack_cards <= min(limit, next_hand)",
     "attack_cards <= (limit if limit <= next_hand else next_hand)"),
    ("max(limit, 2) > min(limit + 1, 3)", "(limit if limit >= 2 else 2) > min(limit + 1, 3)"),
    ("min(limit, max(beaten, 1)) > 0", "min(limit, beaten if beaten >= 1 else 1) > 0"),
    ("beaten == 0", "beaten == 0"),
]


@pytest.mark.parametrize("text,python", INLINED_CASES)
def test_to_python_inlines_min_and_max_of_two_plain_operands(text, python):
    expr = ok(text)
    names = {n: n for n in ENVIRONMENTS["transfer"]}
    assert expr.to_python(names, inline_minmax=True) == python
    note = expr.lint_note(names)
    assert (note == "") == (python == expr.to_python(names))
    for values in ({"limit": 2, "beaten": 0, "next_hand": 5, "attack_cards": 2},
                   {"limit": 6, "beaten": 3, "next_hand": 1, "attack_cards": 2},
                   {"limit": 3, "beaten": 3, "next_hand": 3, "attack_cards": 3}):
        assert eval(python, {"min": min, "max": max}, values) == expr.evaluate(values)


def test_to_python_passes_ruff(tmp_path):
    params = ", ".join(ENVIRONMENTS["transfer"])
    lines = [f"def check({params}):"]
    names = {n: n for n in ENVIRONMENTS["transfer"]}
    emitted = [ok(text).to_python(names) for text, _ in PYTHON_CASES + SIMPLIFIED_CASES]
    emitted += [ok(text).to_python(names, inline_minmax=True) + ok(text).lint_note(names)
                for text, _ in INLINED_CASES]
    for i, code in enumerate(emitted):
        lines.append(f"    r{i} = {code}")
    lines.append(f"    return [{', '.join(f'r{i}' for i in range(len(emitted)))}]")
    source = tmp_path / "emitted.py"
    source.write_text("\n".join(lines) + "\n")
    ruff = Path(sys.executable).with_name("ruff")
    if not ruff.exists():
        pytest.skip("ruff not installed next to the interpreter")
    run = subprocess.run([str(ruff), "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"),
                          str(source)], check=False, capture_output=True, text=True)
    assert run.returncode == 0, run.stdout + run.stderr


def test_canonical():
    assert ok("  ( beaten==0 )and(first_round)").canonical() == "beaten == 0 and first_round"
    assert ok(BEATS, "cards").canonical() == BEATS
    assert ok("a.rank == 6 and d.rank > J", "cards").canonical() == "a.rank == 6 and d.rank > J"
    assert ok("limit if first_round else (3 if True else 4)", result="int").canonical() == (
        "limit if first_round else 3 if true else 4")
    assert ok("-(-(limit))", result="int").canonical() == "-(-limit)"


@pytest.mark.parametrize("text,value", [
    ("6", 6), ("false", False), ("True", True), ("5 if false else 6", 6),
    ("min(3, 7) - -2", 5), ("J > 10", True), ("H == S", False),
])
def test_constant(text, value):
    expr = ok(text, "round", "bool" if isinstance(value, bool) else "int")
    assert expr.constant() == value
    assert type(expr.constant()) is type(value)


def test_constant_is_none_with_names():
    assert ok("stock", "round", "int").constant() is None


def test_constant_folds_names_that_can_not_matter():
    """Issue 29 item 4: `inherited and x` under a parent's false never varies, so no backend
    emits code (nor C locals or helpers) for it; the value is what evaluating it gives."""
    parent = ok("false", "dealt", "bool")
    folded = ok("inherited and 6 in hand.ranks", "dealt", "bool", inherited=parent)
    assert folded.constant() is False
    assert ok("cards > 3 or true", "dealt", "bool").constant() is True
    assert ok("cards > 3 or cards > 4", "dealt", "bool").constant() is None


def test_schema_defaults_compile():
    for key in KEYS:
        if key.type == "expr":
            ok(key.default, key.env, key.result)
