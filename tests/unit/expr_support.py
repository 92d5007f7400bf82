"""Shared helpers of the expression-language tests (test_expressions*.py, test_expression_*.py)."""

from __future__ import annotations

from durakc.expr.language import Card, Expr, ExprProblem, compile_expr
from durakc.schema.keys import ALL_RANKS

BEATS = "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump)"
TRANSFER_NAMES = ("; names here: first_round, limit, attack_cards, unbeaten, beaten, "
                  "next_hand, stock, discard, transfers, next_defender, original_attacker, attacker, "
                  "defender, dealer, unbeaten_late, played, hand_after, me, hand, hand_size, losses, points, left_of, "
                  "right_of, partner_of")
"""What an unknown-name message lists for the transfer environment."""


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
