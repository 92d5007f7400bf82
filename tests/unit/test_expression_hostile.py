"""Tests of the expression language on hostile, huge and random input, and over every name."""

from __future__ import annotations

import itertools

import pytest
from expr_support import BEATS, TRANSFER_NAMES, card, ok, problems
from hypothesis import given, settings
from hypothesis import strategies as st

from durakc.expr.language import Expr, compile_expr
from durakc.schema.keys import ALL_RANKS, ENVIRONMENTS

# ---------------------------------------------------------------------------
# Hostile and huge input
# ---------------------------------------------------------------------------
HOSTILE = [
    ("__import__('os').system('x')", "strings are not allowed", 11),
    ("__import__", ("unknown name '__import__'; names here: a, d, lowest, highest, me, hand, hand_size, losses, points, attacker, "
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
