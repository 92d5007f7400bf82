"""Tests of the expression language (durakc.expr.language, durakc.expr.check, durakc.expr.nodes,
durakc.expr.simplify)."""

from __future__ import annotations

import pytest
from expr_support import BEATS, TRANSFER_NAMES, card, ok, problems

from durakc.expr import language as expressions
from durakc.expr import syntax as expr_syntax
from durakc.expr.language import ExprProblem, compile_expr

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
