"""Simplification of checked expression trees before they are emitted as Python.

Emitted engines are linted (ruff), and linters reject legal but odd Python:
`1 == 1`, `x == x`, `x == True`, `-(-x)`, `not not x`, `not x == y`,
`x and False`, `x or not x`, `True if c else False`...  Expressions are pure,
so such parts can be folded or rewritten without changing the meaning
(constant folding, `not (x < y)` as `x >= y`, ...).
"""

from __future__ import annotations

import dataclasses

from durakc.expr.nodes import (
    COMPARE,
    Binary,
    BoolLit,
    Call,
    Compare,
    Cond,
    Inherited,
    Name,
    Neg,
    Node,
    Not,
    Num,
    SuitLit,
)
from durakc.expr.seats import SeatCall
from durakc.expr.sets import Count, DeckRank, Filter, Len, Member, SetField

# Nodes of collections (durakc.expr.sets): their operand fields are simplified in place.
_OPERANDS = {Member: ("item", "collection"), Len: ("arg",), SetField: ("base",),
             Count: ("base", "arg"), Filter: ("base", "arg"), DeckRank: ("arg",),
             SeatCall: ("arg",)}

_NEGATED = {"==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"}


def simplify(node: Node, known: dict | None = None, inline_minmax: bool = False) -> Node:
    """An equivalent tree free of the shapes linters reject (for `python`).

    `known` maps names whose value is fixed where the code is used to that
    value; they are folded like literals.  With `inline_minmax`, ``min``/``max``
    of two plain operands are emitted as conditionals (for hot engine code).
    """
    known = known or {}
    while isinstance(node, Inherited):
        node = node.inner
    span = {"start": node.start, "end": node.end}
    if not node.uses_names:
        return _folded(node, span)
    result = _simplify_parts(node, known, span, inline_minmax)
    if not result.uses_names and not isinstance(result, (Num, BoolLit, SuitLit, Neg)):
        return _folded(result, span)  # everything in it was known
    return result


def _folded(node: Node, span) -> Node:
    """A name-free node as a literal; a collection (a list literal) stays as it is."""
    value = node.evaluate({})
    if isinstance(value, (frozenset, tuple)):
        return node
    return _literal_node(value, span)


def _simplify_parts(node: Node, known: dict, span, inline_minmax: bool) -> Node:
    def simple(child: Node) -> Node:
        return simplify(child, known, inline_minmax)

    if isinstance(node, Name):
        return _literal_node(known[node.name], span) if node.name in known else node
    if isinstance(node, Not):
        return _negate(simple(node.operand))
    if isinstance(node, Neg):
        operand = simple(node.operand)
        return operand.operand if isinstance(operand, Neg) else Neg(operand=operand, **span)
    if isinstance(node, Binary) and node.op in ("and", "or"):
        return _logic(node.op, [simple(node.left), simple(node.right)], span)
    if isinstance(node, Binary):
        return Binary(op=node.op, left=simple(node.left), right=simple(node.right), **span)
    if isinstance(node, Compare):
        return _simplify_compare([simple(o) for o in node.operands], node.ops, span)
    if isinstance(node, Cond):
        return _simplify_cond(simple(node.cond), simple(node.then), simple(node.other), span)
    if isinstance(node, Call):
        return Call(func=node.func, args=tuple(simple(a) for a in node.args),
                    inline=inline_minmax, **span)
    if type(node) in _OPERANDS:
        return dataclasses.replace(node, **{f: simple(getattr(node, f)) for f in _OPERANDS[type(node)]})
    return node  # card fields


def _literal_node(value, span) -> Node:
    """A folded value (bool, int or rank index, suit letter) as a literal node."""
    if isinstance(value, bool):
        return BoolLit(value=value, **span)
    if isinstance(value, str):
        return SuitLit(suit=value, **span)
    if value < 0:
        return Neg(operand=Num(value=-value, **span), **span)
    return Num(value=value, **span)


def _same(left: Node, right: Node) -> bool:
    return left.source() == right.source()


def _negate(node: Node) -> Node:
    """``not node`` for a simplified bool node, simplified."""
    if isinstance(node, BoolLit):
        return BoolLit(value=not node.value, start=node.start, end=node.end)
    if isinstance(node, Not):
        return node.operand
    if isinstance(node, Compare) and len(node.ops) == 1:
        # Ints and ranks are totally ordered, bools and suits compare with == only.
        return Compare(operands=node.operands, ops=(_NEGATED[node.ops[0]],),
                       start=node.start, end=node.end)
    return Not(operand=node, start=node.start, end=node.end)


def _logic(op: str, operands: list[Node], span) -> Node:
    """`and` / `or` of simplified operands, flattened as Python's own AST does."""
    absorbing = op == "or"  # the constant that decides the result on its own
    flat: list[Node] = []
    for node in operands:
        for part in _flatten(node, op):
            if isinstance(part, BoolLit):
                if part.value == absorbing:
                    return BoolLit(value=absorbing, **span)
                continue  # the neutral constant drops out
            if not any(_same(part, seen) for seen in flat):
                flat.append(part)
    for i, part in enumerate(flat):
        negated = _negate(part)
        if any(_same(negated, other) for other in flat[i + 1:]):
            return BoolLit(value=absorbing, **span)  # x and not x, x or not x
    if not flat:
        return BoolLit(value=not absorbing, **span)
    if op == "and":
        flat = _merge_chains(flat)
    result = flat[0]
    for part in flat[1:]:
        result = Binary(op=op, left=result, right=part, **span)
    return result


def _merge_chains(parts: list[Node]) -> list[Node]:
    """``a < b and b < c`` as ``a < b < c`` (linters ask for the chain)."""
    merged = [parts[0]]
    for part in parts[1:]:
        last = merged[-1]
        if (isinstance(last, Compare) and isinstance(part, Compare)
                and _same(last.operands[-1], part.operands[0])):
            merged[-1] = Compare(operands=last.operands + part.operands[1:],
                                 ops=last.ops + part.ops, start=last.start, end=part.end)
        else:
            merged.append(part)
    return merged


def _flatten(node: Node, op: str) -> list[Node]:
    """The operands of a left-associative chain of `op` (`a op b op c`)."""
    parts = []
    while isinstance(node, Binary) and node.op == op:
        parts.append(node.right)
        node = node.left
    parts.append(node)
    return parts[::-1]


def _simplify_compare(operands: list[Node], ops: tuple[str, ...], span) -> Node:
    links = [_link(operands[i], op, operands[i + 1], span) for i, op in enumerate(ops)]
    if all(link is None for link in links):
        return Compare(operands=tuple(operands), ops=ops, **span)
    # Some link simplifies: spell the chain out as one comparison per link.
    parts = [link or Compare(operands=(operands[i], operands[i + 1]), ops=(op,), **span)
             for i, (link, op) in enumerate(zip(links, ops))]
    return _logic("and", parts, span)


def _link(left: Node, op: str, right: Node, span) -> Node | None:
    """A simpler form of one link ``left op right`` of a comparison, or None."""
    if not left.uses_names and not right.uses_names:
        return BoolLit(value=COMPARE[op](left.evaluate({}), right.evaluate({})), **span)
    if _same(left, right):
        return BoolLit(value=op in ("==", "<=", ">="), **span)
    for subject, other in ((left, right), (right, left)):
        if isinstance(other, BoolLit):
            # Only == and != reach here: the checker does not order bools.
            keep = other.value if op == "==" else not other.value
            return subject if keep else _negate(subject)
    return None


def _simplify_cond(cond: Node, then: Node, other: Node, span) -> Node:
    if isinstance(cond, BoolLit):
        return then if cond.value else other
    if _same(then, other):
        return then
    if isinstance(then, BoolLit) and isinstance(other, BoolLit):
        return cond if then.value else _negate(cond)
    return Cond(then=then, cond=cond, other=other, **span)
