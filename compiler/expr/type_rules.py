"""The type rules of the expression checker, and how it reports problems.

`TypeRules` holds one expression text and the problems found in it; its methods word a
problem at a span of the text and apply the rules several constructs share: an operand of
the type wanted, equality of operands of one type, ordering of ints or ranks, and number
literals read as ranks beside a rank (`a.rank == 6`).  `durakc.expr.check.Checker` (one
method per construct of the grammar) builds on it.
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.expr.nodes import Call, Cond, Node, Num, RankLit
from durakc.schema.keys import ALL_RANKS

_ARTICLE = {"int": "an int", "bool": "a bool", "rank": "a rank", "suit": "a suit",
            "card": "a card", "colour": "a colour", "cards": "a collection of cards",
            "ranks": "a set of ranks", "suits": "a set of suits"}

MAX_LITERAL = 1_000_000
"""The largest whole number an expression may write (`durakc.expr.ranges`)."""

_QUOTE_LIMIT = 30


@dataclass
class Problem:
    """A problem found by the checker, at a span of the source text."""

    message: str
    start: int
    end: int


Typed = tuple["Node | None", "str | None"]
"""A checked sub-expression and its type; both None after an error."""

FAILED: Typed = (None, None)
"""What a check returns after reporting its problems."""


class TypeRules:
    """Problems of one expression `text` (in `problems`) and the shared type rules."""

    def __init__(self, text: str):
        self.text = text
        self.problems: list[Problem] = []

    # -- reporting ------------------------------------------------------------
    def _report(self, message: str, span) -> None:
        start, end = span
        self.problems.append(Problem(message, start, end))

    def _quote(self, node: Node) -> str:
        """The node's source text, on one line and shortened, in quotes."""
        text = " ".join(self.text[node.start:node.end].split())
        if len(text) > _QUOTE_LIMIT:
            text = text[:_QUOTE_LIMIT - 3] + "..."
        return f"'{text}'"

    def _is(self, node: Node, typ: str) -> str:
        return f"{self._quote(node)} is {_ARTICLE[typ]}"

    def _require(self, typed: Typed, want: str, what: str) -> bool:
        """Report unless `typed` has type `want`; `what` ends the message."""
        node, typ = typed
        if typ is None:
            return False
        if typ != want:
            self._report(f"{self._is(node, typ)}, {what}", (node.start, node.end))
            return False
        return True

    # -- type rules -----------------------------------------------------------
    def _check_equality(self, op: str, pair: list[Typed]) -> bool:
        (left, ltype), (right, rtype) = pair
        for node, typ in pair:
            if typ in ("cards", "ranks", "suits"):
                self._report(f"{self._is(node, typ)}, '{op}' can not compare collections "
                             f"(use 'in', or compare len(...))", (node.start, node.end))
                return False
            if typ == "card":
                self._report(f"{self._is(node, typ)}, '{op}' can not compare cards "
                             f"(compare a field, e.g. '{self._quote(node)[1:-1]}.rank')",
                             (node.start, node.end))
                return False
        if ltype != rtype:
            self._report(f"{self._is(left, ltype)} but {self._is(right, rtype)}, "
                         f"'{op}' needs operands of one type", (left.start, right.end))
            return False
        return True

    def _same_ordered_type(self, items: list[Typed], what: str, noun: str) -> bool:
        """Every item is an int, or every item is a rank (for `<`, min, max)."""
        ok = True
        for node, typ in items:
            if typ not in ("int", "rank"):
                self._report(f"{self._is(node, typ)}, {what} needs ints or ranks",
                             (node.start, node.end))
                ok = False
        if not ok:
            return False
        first, ftype = items[0]
        for node, typ in items[1:]:
            if typ != ftype:
                self._report(f"{self._is(first, ftype)} but {self._is(node, typ)}, "
                             f"{what} needs {noun} of one type", (first.start, node.end))
                return False
        return True

    def _unify(self, items: list[Typed]) -> list[Typed]:
        """Turn number literals into ranks when a sibling is a rank.

        `a.rank == 6` compares with the rank 6, not the number 6; so do
        `min(a.rank, 6)` and `a.rank if x else 6`.
        """
        if not any(typ == "rank" for _, typ in items):
            return items
        return [self._to_rank(node) if typ == "int" and _literal(node) else (node, typ)
                for node, typ in items]

    def _to_rank(self, node: Node) -> Typed:
        """The rank-literal form of a literal int expression (see `_literal`)."""
        span = {"start": node.start, "end": node.end}
        if isinstance(node, Num):
            text = str(node.value)
            if text not in ALL_RANKS:
                self._report(f"{text} is not a rank", (node.start, node.end))
                return FAILED
            return RankLit(index=ALL_RANKS.index(text), **span), "rank"
        if isinstance(node, Cond):
            then, other = self._to_rank(node.then), self._to_rank(node.other)
            if then[0] is None or other[0] is None:
                return FAILED
            return Cond(then=then[0], cond=node.cond, other=other[0], **span), "rank"
        assert isinstance(node, Call)
        args = [self._to_rank(a) for a in node.args]
        if any(a[0] is None for a in args):
            return FAILED
        return Call(func=node.func, args=tuple(a[0] for a in args), **span), "rank"


def _literal(node: Node) -> bool:
    """A number literal, or a choice / min / max of them: may stand for a rank."""
    if isinstance(node, Num):
        return True
    if isinstance(node, Cond):
        return _literal(node.then) and _literal(node.other)
    if isinstance(node, Call):
        return all(_literal(a) for a in node.args)
    return False
