"""The sizes a condition over a collection allows (attack.opening as an expression, HR7, HR8).

An engine lists the openings a condition over `cards` allows by trying the subsets of the
hand of each size it may hold; the sizes must be few and known before the subsets are made.
`size_terms(root, name)` reads them off the condition: ``len(cards) == X`` allows the size
X, ``len(cards) <= X`` (or ``< X``) the sizes 1..X, `or` the union of its sides and `and`
the sizes of a side that bounds them; X is an int expression that does not read `cards`
(a number, or over `room` and the other names), evaluated when the openings are listed.
Anything else leaves the sizes unbounded (None), which the spec refuses at its key.
"""

from __future__ import annotations

from durakc.expr.emit_c import c_source
from durakc.expr.nodes import Binary, Compare, Name, Node
from durakc.expr.sets import Len

_FLIPPED = {"==": "==", "<=": ">=", "<": ">", ">=": "<=", ">": "<"}


def size_terms(root: Node, name: str) -> list[tuple[str, Node]] | None:
    """The sizes `root` allows for collection `name`, as terms ``("==", X)`` (size X) and
    ``("<=", X)`` (sizes 1..X); None when they can not be bounded."""
    if isinstance(root, Binary) and root.op == "or":
        left, right = size_terms(root.left, name), size_terms(root.right, name)
        return None if left is None or right is None else left + right
    if isinstance(root, Binary) and root.op == "and":
        left = size_terms(root.left, name)
        return left if left is not None else size_terms(root.right, name)
    if isinstance(root, Compare) and len(root.ops) == 1:
        a, b = root.operands
        op = root.ops[0]
        if _is_len(b, name) and not _is_len(a, name):
            a, b, op = b, a, _FLIPPED.get(op, op)
        if _is_len(a, name) and not _reads(b, name):
            if op in ("==", "<="):
                return [(op, b)]
            if op == "<":
                return [("<", b)]
    return None


def _is_len(node: Node, name: str) -> bool:
    return isinstance(node, Len) and isinstance(node.arg, Name) and node.arg.name == name


def _reads(node: Node, name: str) -> bool:
    """Does `node` read the name?"""
    if isinstance(node, Name) and node.name == name:
        return True
    return any(_reads(c, name) for c in node.children())


def sizes_python(terms: list[tuple[str, Node]], namemap: dict[str, str]) -> str:
    """Python source of the set of sizes `terms` allow (the engine keeps those within room)."""
    parts = []
    for op, node in terms:
        x = node.python(namemap)[0]
        if op == "==":
            parts.append(f"({x})")
        elif op == "<=":
            parts.append(f"*range(1, ({x}) + 1)")
        else:
            parts.append(f"*range(1, {x})")
    return "{" + ", ".join(parts) + "}"


def sizes_c(terms: list[tuple[str, Node]], namemap: dict[str, str]) -> str:
    """C test of a size `n` that `terms` allow (`sizes_python`'s set, as a condition on n)."""
    return " || ".join(f"n {op} ({c_source(node, namemap)})" for op, node in terms) or "1"


__all__ = ["size_terms", "sizes_c", "sizes_python"]
