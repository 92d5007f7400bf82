"""Integer ranges (issue 19, 1a): literals are bounded, every int name has a range, results
that an engine could not store are refused, and sums that may leave 32 bits are `wide` (64-bit
in C)."""

from __future__ import annotations

import pytest

from durakc.expr.language import compile_expr
from durakc.expr.ranges import STORE_RANGE, interval
from durakc.schema.keys import ENVIRONMENTS, NAME_RANGES


def test_every_int_name_has_a_range():
    missing = [(env, name) for env, names in ENVIRONMENTS.items()
               for name, (typ, _doc) in names.items()
               if typ == "int" and name not in NAME_RANGES.get(env, {})]
    assert not missing


@pytest.mark.parametrize("text", ["stock + 2147483647", "1000001",
                                  "stock + 99999999999999999999999999999999999999999999999999999"])
def test_a_literal_above_a_million_is_refused_where_it_is_written(text):
    found = compile_expr(text, "round", "int")
    assert isinstance(found, list)
    assert "is too large: whole numbers may be at most 1,000,000" in found[0].message
    assert found[0].offset == text.index(text.split()[-1])


def test_a_result_no_engine_can_store_is_refused():
    found = compile_expr("losses + losses + losses", "deal", "int")
    assert isinstance(found, list)
    assert found[0].message == ("this expression can reach 6,000,000,000, outside the whole "
                                "numbers an engine stores (-2,147,483,648 to 2,147,483,647)")


def test_sums_beyond_32_bits_are_computed_in_64_bits_in_c():
    narrow = compile_expr("stock + 1000000 >= 6", "round", "bool")
    assert not narrow.wide
    assert narrow.to_c({"stock": "g->nstock"}) == "((g->nstock + 1000000) >= 6)"
    wide = compile_expr("transfers + transfers + transfers > limit", "transfer", "bool")
    assert wide.wide
    assert wide.to_c({"transfers": "g->transfers", "limit": "g->limit"}) == (
        "(((((long long)g->transfers) + ((long long)g->transfers)) + ((long long)g->transfers))"
        " > ((long long)g->limit))")
    assert "expr_lmin(" in compile_expr("min(transfers + transfers + transfers, 1) > 0",
                                        "transfer", "bool").to_c(
        {"transfers": "g->transfers"})


def test_intervals_follow_the_operators():
    root = compile_expr("min(stock, 3) - max(players, 5) + (7 if first_round else -2)",
                        "round", "int")._root
    low, high = interval(root, "round")
    assert (low, high) == (0 - 12 - 2, 3 - 5 + 7)
    assert STORE_RANGE == (-2**31, 2**31 - 1)
