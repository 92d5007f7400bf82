"""Tests of the expression language (durakc.expr.language, durakc.expr.check, durakc.expr.nodes,
durakc.expr.simplify)."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from durakc.expr import language as expressions
from durakc.expr import syntax as expr_syntax
from durakc.expr.language import Card, Expr, ExprProblem, compile_expr
from durakc.schema.keys import ALL_RANKS, ENVIRONMENTS, KEYS

BEATS = "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump)"
ROOT = Path(__file__).resolve().parents[2]


def ok(text: str, env: str = "transfer", result: str = "bool", **kw) -> Expr:
    expr = compile_expr(text, env, result, **kw)
    assert isinstance(expr, Expr), expr
    return expr


def problems(text: str, env: str = "transfer", result: str = "bool", **kw):
    found = compile_expr(text, env, result, **kw)
    assert isinstance(found, list) and found, found
    assert all(isinstance(p, ExprProblem) for p in found)
    return [(p.message, p.offset, p.width) for p in found]


def card(rank: str, suit: str, trump: str | None = "H") -> Card:
    return Card(ALL_RANKS.index(rank), suit, suit == trump)


# ---------------------------------------------------------------------------
# Syntax errors: exact messages and offsets
# ---------------------------------------------------------------------------
SYNTAX_CASES = [
    ("a.rank >", "expression ends too early", 8, 1),
    ("a.rank > ", "expression ends too early", 8, 1),
    ("not", "expression ends too early", 3, 1),
    ("limit +", "expression ends too early", 7, 1),
    ("a.rank = 6", "use '==' to compare", 7, 1),
    ("(a.rank", "unclosed '('", 0, 1),
    ("x and (y or (z)", "unclosed '('", 6, 1),
    ("min(limit, beaten", "unclosed '('", 3, 1),
    ("a)", "unmatched ')'", 1, 1),
    ("(a))", "unmatched ')'", 3, 1),
    ("a.rank && b", "use 'and' instead of '&&'", 7, 2),
    ("a || b", "use 'or' instead of '||'", 2, 2),
    ("!first_round", "use 'not' instead of '!'", 0, 1),
    ("x ? y : z", "use 'y if x else z'", 2, 1),
    ("limit if first_round", "missing 'else' (use 'y if x else z')", 20, 1),
    ("()", "empty parentheses", 1, 1),
    ("1.5", "only whole numbers are allowed", 2, 1),
    ("limit 6", "missing operator before '6'", 6, 1),
    ("limit beaten", "missing operator before 'beaten'", 6, 6),
    ("and limit", "'and' needs something on its left", 0, 3),
    ("limit == == 6", "'==' needs something on its left", 9, 2),
    ("limit * 2", "'*' is not supported (only '+' and '-')", 6, 1),
    ("limit ** 2", "'**' is not supported (only '+' and '-')", 6, 2),
    ("limit[0]", "subscripts are not allowed (a list stands on its own: [K, A])", 5, 1),
    ("'x' == 'x'", "strings are not allowed", 0, 1),
    ("f'{x}'", "strings are not allowed", 1, 1),
    ("limit # why", "comments are not allowed", 6, 1),
    ("lambda x: x", "lambdas are not allowed", 0, 6),
    ("limit is 3", "use '==' instead of 'is'", 6, 2),
    ("limit in", "expression ends too early", 8, 1),
    ("import os", "'import' is not part of the expression language", 0, 6),
    ("beaten ≤ 3", "unexpected character '≤' (U+2264)", 7, 1),
    ("beaten\x00", "unexpected character U+0000", 6, 1),
    ("beaten == \ud800", "unexpected character U+D800", 10, 1),
    ("limit,", "unexpected ','", 5, 1),
    ("first_round == not first_round", "put 'not ...' in parentheses here, e.g. 'x == (not y)'",
     15, 3),
    ("", "empty expression", 0, 1),
    ("  \n ", "empty expression", 0, 1),
]


@pytest.mark.parametrize("text,message,offset,width", SYNTAX_CASES)
def test_syntax_errors(text, message, offset, width):
    assert problems(text) == [(message, offset, width)]


def test_syntax_examples_do_not_conflict():
    """No two messages of the example table claim the same parser state and token."""
    seen: dict = {}
    for state, token_type, message, _anchor in expr_syntax._examples():
        assert seen.setdefault((state, token_type), message) == message


# ---------------------------------------------------------------------------
# Names and types: every problem, with its place
# ---------------------------------------------------------------------------
TRANSFER_NAMES = ("; names here: first_round, limit, attack_cards, unbeaten, beaten, "
                  "next_hand, stock, transfers, next_defender, original_attacker, attacker, "
                  "defender, dealer, unbeaten_late, played, hand_after, me, hand, hand_size, left_of, "
                  "right_of, partner_of")
"""What an unknown-name message lists for the transfer environment."""


def test_unknown_name_did_you_mean():
    assert problems("atack_cards <= 6") == [
        ("unknown name 'atack_cards' (did you mean 'attack_cards'?)" + TRANSFER_NAMES, 0, 11)]


def test_unknown_name_without_suggestion():
    assert problems("zzz or first_round") == [("unknown name 'zzz'" + TRANSFER_NAMES, 0, 3)]


def test_all_name_and_type_errors_reported():
    assert problems("limit and atack_cards > 0 and nxt_hand") == [
        ("'limit' is an int, 'and' needs bool operands", 0, 5),
        ("unknown name 'atack_cards' (did you mean 'attack_cards'?)" + TRANSFER_NAMES, 10, 11),
        ("unknown name 'nxt_hand' (did you mean 'next_hand'?)" + TRANSFER_NAMES, 30, 8),
    ]


def test_type_errors():
    assert problems("limit + first_round > 0") == [
        ("'first_round' is a bool, '+' needs int operands", 8, 11)]
    assert problems("not limit") == [("'limit' is an int, 'not' needs a bool operand", 4, 5)]
    assert problems("-first_round") == [("'first_round' is a bool, '-' needs an int operand", 1, 11)]
    assert problems("limit == first_round") == [
        ("'limit' is an int but 'first_round' is a bool, '==' needs operands of one type", 0, 20)]
    assert problems("first_round < 3") == [
        ("'first_round' is a bool, '<' needs ints or ranks", 0, 11)]
    assert problems("beaten if first_round else first_round") == [
        ("'beaten' is an int but 'first_round' is a bool, both branches of 'if' need one type",
         0, 38)]
    assert problems("(1 if limit else 2) > 0") == [
        ("'limit' is an int, 'if' needs a bool condition", 6, 5)]


def test_result_type():
    assert problems("limit") == [("expected a bool expression, got int", 0, 5)]
    assert problems("first_round", "transfer", "int") == [
        ("expected an int expression, got bool", 0, 11)]


def test_card_errors():
    fields = "(fields: colour, is_joker, is_trump, rank, suit)"
    assert problems("a.colur == d.color", "cards") == [
        (f"card 'a' has no field 'colur' (did you mean 'colour'?) {fields}", 2, 5),
        (f"card 'd' has no field 'color' (did you mean 'colour'?) {fields}", 13, 5),
    ]
    assert problems("a.colour == S", "cards") == [
        ("'a.colour' is a colour but 'S' is a suit, '==' needs operands of one type", 0, 13)]
    assert problems("a == d", "cards") == [
        ("'a' is a card, '==' can not compare cards (compare a field, e.g. 'a.rank')", 0, 1)]
    assert problems("a.rank.suit == H", "cards") == [
        ("'a.rank' is a rank, only cards have fields", 0, 11)]
    assert problems("limit.rank > 1", "transfer") == [
        ("'limit' is an int, only cards have fields", 0, 10)]
    assert problems("a.suit == J", "cards") == [
        ("'a.suit' is a suit but 'J' is a rank, '==' needs operands of one type", 0, 11)]
    assert problems("a", "cards") == [("expected a bool expression, got card", 0, 1)]


def test_number_literals_as_ranks():
    assert problems("a.rank == 11", "cards") == [("11 is not a rank", 10, 2)]
    assert problems("d.rank > 1 or a.rank < 99", "cards") == [
        ("1 is not a rank", 9, 1), ("99 is not a rank", 23, 2)]
    beats_ten = ok("d.rank > 10", "cards")
    assert beats_ten.evaluate({"a": card("6", "S"), "d": card("J", "S")}) is True
    assert beats_ten.evaluate({"a": card("6", "S"), "d": card("10", "S")}) is False
    assert ok("a.rank == 6", "cards").evaluate({"a": card("6", "C")}) is True
    sixes = ok("a.rank == (7 if a.is_trump else 6)", "cards")
    assert sixes.evaluate({"a": card("7", "H")}) is True
    assert sixes.evaluate({"a": card("7", "S")}) is False
    assert ok("min(a.rank, 8) == 8", "cards").evaluate({"a": card("K", "S")}) is True


def test_calls():
    assert problems("min(limit) > 0") == [("'min' needs at least two arguments", 0, 10)]
    assert problems("eval(limit)") == [("'eval' can not be called (only min, max, len, deck_rank, count, of and above)", 0, 4)]
    assert problems("max(limit, first_round) > 0") == [
        ("'first_round' is a bool, 'max' needs ints or ranks", 11, 11)]
    assert problems("min > 0") == [("'min' must be called, e.g. min(a, b)", 0, 3)]


# ---------------------------------------------------------------------------
# inherited
# ---------------------------------------------------------------------------
def test_inherited_without_parent():
    assert problems("inherited and beaten == 0") == [
        ("unknown name 'inherited' (this key has no inherited value)", 0, 9)]


def test_inherited_inlines_parent():
    parent = ok("attack_cards <= min(limit, next_hand)")
    child = ok("inherited and transfers < 2", inherited=parent)
    assert child.names == {"attack_cards", "limit", "next_hand", "transfers"}
    assert child.canonical() == "attack_cards <= min(limit, next_hand) and transfers < 2"
    values = {"attack_cards": 3, "limit": 6, "next_hand": 3, "transfers": 1}
    assert child.evaluate(values) is True
    assert child.evaluate({**values, "next_hand": 2}) is False
    names = {n: n.upper() for n in child.names}
    assert child.to_python(names) == "ATTACK_CARDS <= min(LIMIT, NEXT_HAND) and TRANSFERS < 2"


def test_inherited_keeps_parent_type():
    parent = ok("6", "round", "int")
    assert problems("inherited and true", "round", "bool", inherited=parent) == [
        ("'inherited' is an int, 'and' needs bool operands", 0, 9)]
    assert ok("inherited - 1", "round", "int", inherited=parent).constant() == 5


def test_inherited_chain_depth_is_bounded():
    expr = ok("-players", "round", "int")
    for _ in range(expressions.MAX_TOTAL_DEPTH):
        found = compile_expr("-(-inherited)", "round", "int", inherited=expr)
        if isinstance(found, list):
            assert found == [ExprProblem(
                "expression nests too deeply once 'inherited' is expanded (more than 200 levels)",
                0, 1)]
            return
        expr = found
    pytest.fail("inherited chains were never limited")


def test_inherited_chain_size_is_bounded():
    """Using `inherited` twice doubles the expanded tree: refuse blow-ups early."""
    expr = ok("players", "round", "int")
    for _ in range(64):
        found = compile_expr("inherited + inherited", "round", "int", inherited=expr)
        if isinstance(found, list):
            assert found == [ExprProblem(
                "expression is too large once 'inherited' is expanded (more than 5000 parts)",
                0, 1)]
            assert len(expr.to_python({"players": "p"})) < 50_000
            return
        expr = found
    pytest.fail("inherited chains were never limited")


# ---------------------------------------------------------------------------
# Evaluation
# ---------------------------------------------------------------------------
def test_beats_relation():
    beats = ok(BEATS, "cards")
    assert beats.names == {"a", "d"}
    assert beats.result == "bool"
    cases = [
        (card("6", "S"), card("7", "S"), True),     # higher of the suit
        (card("7", "S"), card("6", "S"), False),    # lower of the suit
        (card("7", "S"), card("7", "S"), False),    # equal rank
        (card("A", "S"), card("6", "H"), True),     # trump beats plain
        (card("6", "H"), card("A", "S"), False),    # plain never beats trump
        (card("10", "H"), card("J", "H"), True),    # higher trump
        (card("K", "C"), card("A", "D"), False),    # other plain suit
    ]
    for attack, defence, expected in cases:
        assert beats.evaluate({"a": attack, "d": defence}) is expected, (attack, defence)


def test_beats_with_no_trump_and_literals():
    expr = ok("d.suit == a.suit and d.rank > a.rank or a.suit == H and d.rank == A", "cards")
    assert expr.evaluate({"a": card("6", "H", None), "d": card("A", "S", None)}) is True
    assert expr.evaluate({"a": card("6", "C", None), "d": card("A", "S", None)}) is False


def test_lowest_and_highest_are_rank_indices():
    expr = ok("a.rank == lowest and d.rank == highest", "cards")
    values = {"a": card("6", "S"), "d": card("A", "S"), "lowest": 4, "highest": 12}
    assert expr.evaluate(values) is True


def test_evaluate_int_expressions():
    expr = ok("min(limit, next_hand) - beaten if first_round else max(limit, 2) + -1",
              "transfer", "int")
    values = {"limit": 6, "next_hand": 4, "beaten": 1, "first_round": True}
    assert expr.evaluate(values) == 3
    assert expr.evaluate({**values, "first_round": False}) == 5


def test_chained_comparison():
    expr = ok("0 < beaten <= limit")
    assert expr.evaluate({"beaten": 1, "limit": 1}) is True
    assert expr.evaluate({"beaten": 0, "limit": 1}) is False
    assert expr.evaluate({"beaten": 2, "limit": 1}) is False
    assert expr.to_python({"beaten": "b", "limit": "n"}) == "0 < b <= n"


def test_evaluate_missing_value():
    with pytest.raises(ValueError, match="no value given for 'limit'"):
        ok("limit > 0").evaluate({})


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


# ---------------------------------------------------------------------------
# Hostile and huge input
# ---------------------------------------------------------------------------
HOSTILE = [
    ("__import__('os').system('x')", "strings are not allowed", 11),
    ("__import__", ("unknown name '__import__'; names here: a, d, lowest, highest, me, hand, hand_size, attacker, "
     "defender, original_attacker, dealer, left_of, right_of, partner_of"), 0),
    ("a.__class__", "card 'a' has no field '__class__' (fields: colour, is_joker, is_trump, rank, suit)", 2),
    ("().__class__", "empty parentheses", 1),
    ("open('f')", "strings are not allowed", 5),
    ("open(a)", "'open' can not be called (only min, max, len, deck_rank, count, of and above)", 0),
    ("eval(a)", "'eval' can not be called (only min, max, len, deck_rank, count, of and above)", 0),
    ("a.rank.__globals__", "'a.rank' is a rank, only cards have fields", 0),
    ("(lambda: 1)()", "lambdas are not allowed", 1),
    ("a.rank(1)", "'a.rank' can not be called (only min, max, len, deck_rank, count, of and above)", 0),
    ("[x for x in a]", "'for' is not part of the expression language", 3),
]


@pytest.mark.parametrize("text,message,offset", HOSTILE)
def test_hostile_input(text, message, offset):
    found = problems(text, "cards")
    assert (found[0][0], found[0][1]) == (message, offset)


def test_deep_nesting():
    deep = "(" * 10_000 + "a" + ")" * 10_000
    assert problems(deep) == [("expression is too long (more than 2000 characters)", 2000, 1)]
    nested = "(" * 500 + "first_round" + ")" * 500
    assert ok(nested).canonical() == "first_round"
    assert problems("not " * 400 + "first_round") == [
        ("expression nests too deeply (more than 100 levels)", 400, 1)]
    # A long flat sum nests too: `+` is left-associative.
    assert problems("+".join(["1"] * 300) + " > 0") == [
        ("expression nests too deeply (more than 100 levels)", 402, 1)]
    assert problems("min(" * 150 + "1" + ", 1)" * 150 + " > 0")[0][0].startswith(
        "expression nests too deeply")


def test_huge_input():
    assert problems("1" * 1_000_000) == [
        ("expression is too long (more than 2000 characters)", 2000, 1)]
    assert problems("x" * 1999) == [("unknown name '" + "x" * 1999 + "'" + TRANSFER_NAMES,
                                     0, 1999)]


def test_non_text():
    assert problems(6) == [("expected an expression text, got int", 0, 1)]


def test_programming_errors_raise():
    with pytest.raises(ValueError, match="unknown expression environment"):
        compile_expr("1", "nowhere", "int")
    with pytest.raises(ValueError, match="result type"):
        compile_expr("1", "round", "card")


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(exclude_categories=()), max_size=60),
       st.sampled_from(sorted(ENVIRONMENTS)), st.sampled_from(["int", "bool"]))
def test_random_text_never_raises(text, env, result):
    found = compile_expr(text, env, result)
    if isinstance(found, list):
        assert found and all(0 <= p.offset <= len(text) and p.width >= 1 for p in found)
        # Messages are printable anywhere: no lone surrogates from the input.
        assert all(p.message.encode("utf-8") for p in found)
    else:
        assert found.result == result


TOKENS = ["limit", "beaten", "first_round", "1", "6", "J", "H", "true", "(", ")", "and", "or",
          "not", "==", "<", "+", "-", "if", "else", "min", ",", ".", "rank", "a", "="]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=12))
def test_random_token_soup_never_raises(tokens):
    text = " ".join(tokens)
    found = compile_expr(text, "transfer", "bool")
    assert isinstance(found, (Expr, list))


# ---------------------------------------------------------------------------
# Random well-typed expressions: evaluate, to_python and canonical agree
# ---------------------------------------------------------------------------
INT_NAMES = ["limit", "beaten", "next_hand"]
BOOL_NAMES = ["first_round"]


def _exprs():
    ints = st.recursive(
        st.sampled_from(INT_NAMES) | st.integers(0, 9).map(str),
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(["+", "-"]), inner).map(" ".join),
            inner.map(lambda x: f"-({x})"),
            st.tuples(inner, inner).map(lambda p: f"min({p[0]}, {p[1]})"),
            st.tuples(inner, inner).map(lambda p: f"max({p[0]}, {p[1]})"),
            inner.map(lambda x: f"({x})"),
        ),
        max_leaves=6,
    )
    return st.recursive(
        st.sampled_from(BOOL_NAMES + ["true", "false"])
        | st.tuples(ints, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), ints).map(" ".join),
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(["and", "or", "==", "!="]), inner).map(" ".join),
            inner.map(lambda x: f"not {x}"),
            inner.map(lambda x: f"({x})"),
            st.tuples(inner, inner, inner).map(lambda t: f"({t[0]}) if ({t[1]}) else {t[2]}"),
        ),
        max_leaves=6,
    )


@settings(max_examples=300, deadline=None)
@given(_exprs(), st.lists(st.integers(-3, 8), min_size=3, max_size=3), st.booleans())
def test_random_expressions_round_trip(text, numbers, flag):
    found = compile_expr(text, "transfer", "bool")
    if isinstance(found, list):
        # As in Python, `x == not y` needs parentheses; and `==` may be chained
        # across a comparison and a bool.
        assert all("needs operands of one type" in p.message
                   or p.message.startswith("put 'not ...' in parentheses") for p in found), found
        return
    values = dict(zip(INT_NAMES, numbers), first_round=flag)
    expected = found.evaluate(values)
    # The emitted Python means the same (tests may eval; the module never does).
    for inline in (False, True):
        python = found.to_python({n: n for n in ENVIRONMENTS["transfer"]}, inline_minmax=inline)
        assert eval(python, {"min": min, "max": max}, values) == expected
    # The canonical text compiles to the same meaning and is a fixed point.
    again = ok(found.canonical())
    assert again.canonical() == found.canonical()
    assert again.evaluate(values) == expected


def test_every_environment_name_is_usable():
    for env, names in ENVIRONMENTS.items():
        for name, (typ, _doc) in names.items():
            if typ == "card":
                text = f"{name}.is_trump"
            elif typ == "bool":
                text = name
            elif typ in ("cards", "ranks", "suits"):
                text = f"len({name}) >= 0"
            elif typ == "function":  # a seat relation (issue 31)
                text = f"{name}(0) == 0"
            else:
                text = f"{name} == {name}"
            assert ok(text, env).names == {name}


def test_card_product_is_total():
    """The beat relation evaluates for every pair of a 36-card deck."""
    beats = ok(BEATS, "cards")
    deck = [card(r, s) for r, s in itertools.product(ALL_RANKS[4:], "SHDC")]
    wins = sum(beats.evaluate({"a": a, "d": d}) for a in deck for d in deck)
    # Per suit of 9: 36 pairs beat within the suit; 9 trumps beat 27 plain cards each.
    assert wins == 4 * 36 + 9 * 27
