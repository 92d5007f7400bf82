"""Evaluating an expression when some names have no known value (three-valued logic).

The static analysis (`durakc.analysis.checks`) warns about a condition that can never hold by
evaluating it over every value its names can take.  A collection (the cards on the table,
a hand) has no enumerable domain, so those names are left *unknown*: `partial` then
answers True, False or `UNKNOWN`, with Kleene's rules (`x and False` is False whatever x
is, `x or True` is True, anything else that reads an unknown value is unknown).  A warning
is given only when every answer is definite, so an unknown name never causes a false alarm.
"""

from __future__ import annotations

from durakc.expr.nodes import (
    COMPARE,
    FUNCTIONS,
    Binary,
    Call,
    Compare,
    Cond,
    Inherited,
    Name,
    Neg,
    Node,
    Not,
)
from durakc.expr.seats import SeatCall
from durakc.expr.sets import DeckRank


class _Unknown:
    """The value of an expression that reads a name without a known value."""

    def __repr__(self) -> str:
        return "UNKNOWN"


UNKNOWN = _Unknown()


def partial(node: Node, values: dict) -> object:
    """The value of `node` for `values`; names missing from `values` are unknown."""
    if isinstance(node, Inherited):
        return partial(node.inner, values)
    if isinstance(node, Name):
        return values.get(node.name, UNKNOWN)
    if isinstance(node, Not):
        value = partial(node.operand, values)
        return UNKNOWN if value is UNKNOWN else not value
    if isinstance(node, Binary) and node.op in ("and", "or"):
        return _logic(node.op, partial(node.left, values), partial(node.right, values))
    if isinstance(node, Cond):
        cond = partial(node.cond, values)
        if cond is UNKNOWN:
            then, other = partial(node.then, values), partial(node.other, values)
            return then if then is not UNKNOWN and then == other else UNKNOWN
        return partial(node.then if cond else node.other, values)
    parts = [partial(child, values) for child in node.children()]
    if any(part is UNKNOWN for part in parts) or (isinstance(node, DeckRank)
                                                  and "$deck_ranks" not in values):
        return UNKNOWN
    if isinstance(node, SeatCall) and not callable(values.get(node.func)):
        return UNKNOWN  # a seat relation without a game (issue 31)
    return _apply(node, parts, values)


def _logic(op: str, left: object, right: object) -> object:
    decisive = op == "or"  # the value that decides `or` (True) or `and` (False) alone
    if left is not UNKNOWN and bool(left) == decisive:
        return decisive
    if right is not UNKNOWN and bool(right) == decisive:
        return decisive
    if left is UNKNOWN or right is UNKNOWN:
        return UNKNOWN
    return not decisive


def _apply(node: Node, parts: list, values: dict) -> object:
    """A node whose operands are all known: its own evaluation, on the known parts."""
    if isinstance(node, Neg):
        return -parts[0]
    if isinstance(node, Binary):
        return parts[0] + parts[1] if node.op == "+" else parts[0] - parts[1]
    if isinstance(node, Compare):
        return all(COMPARE[op](parts[i], parts[i + 1]) for i, op in enumerate(node.ops))
    if isinstance(node, Call):
        return FUNCTIONS[node.func](*parts)
    # literals, card fields and collections: every part is known, so evaluate as usual
    known = {n: v for n, v in values.items() if v is not UNKNOWN}
    return node.evaluate(known)
