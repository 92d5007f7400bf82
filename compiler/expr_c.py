"""The C emitter of the expression language: a checked, simplified tree as C99 source.

`Expr.to_c` (durakc.expressions) calls `c_source`.  Everything is fully
parenthesised, so no operator precedence of C has to match the language's.
Booleans are C ints (0 or 1), `min`/`max` call the static helpers `expr_min`
and `expr_max` that every generated C engine defines, and a chained comparison
`a < b <= c` becomes `((a < b) && (b <= c))` (expressions are pure: reading an
operand twice changes nothing).  Card-typed parts are evaluated at compile
time into tables, like in Python, and can not be emitted.
"""

from __future__ import annotations

from durakc.expr_nodes import (
    Binary,
    BoolLit,
    Call,
    Compare,
    Cond,
    Field,
    Inherited,
    Name,
    Neg,
    Node,
    Not,
    Num,
    RankLit,
    SuitLit,
)


class NotInC(ValueError):
    """The expression uses something the C target can not express."""


_C_OPS = {"and": "&&", "or": "||", "+": "+", "-": "-"}


def c_source(node: Node, namemap: dict[str, str]) -> str:
    """C source for `node`, each name replaced by `namemap[name]`."""
    if isinstance(node, Inherited):
        return c_source(node.inner, namemap)
    if isinstance(node, (Num, RankLit)):
        return str(node.value if isinstance(node, Num) else node.index)
    if isinstance(node, BoolLit):
        return "1" if node.value else "0"
    if isinstance(node, Name):
        if node.type == "card" or node.name not in namemap:
            raise NotInC(f"'{node.name}' has no C form here")
        return namemap[node.name]
    if isinstance(node, Not):
        return f"(!{c_source(node.operand, namemap)})"
    if isinstance(node, Neg):
        return f"(-{c_source(node.operand, namemap)})"
    if isinstance(node, Binary):
        left, right = c_source(node.left, namemap), c_source(node.right, namemap)
        return f"({left} {_C_OPS[node.op]} {right})"
    if isinstance(node, Compare):
        parts = [c_source(o, namemap) for o in node.operands]
        links = [f"({parts[i]} {op} {parts[i + 1]})" for i, op in enumerate(node.ops)]
        return links[0] if len(links) == 1 else "(" + " && ".join(links) + ")"
    if isinstance(node, Call):
        args = [c_source(a, namemap) for a in node.args]
        text = args[0]
        for arg in args[1:]:  # min(a, b, c) == min(min(a, b), c)
            text = f"expr_{node.func}({text}, {arg})"
        return text
    if isinstance(node, Cond):
        cond, then, other = (c_source(x, namemap) for x in (node.cond, node.then, node.other))
        return f"({cond} ? {then} : {other})"
    if isinstance(node, (Field, SuitLit)):
        raise NotInC("card expressions are evaluated at compile time, not in C")
    raise NotInC(f"no C form for {type(node).__name__}")  # pragma: no cover - new node kinds
