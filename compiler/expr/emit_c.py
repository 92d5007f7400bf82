"""The C emitter of the expression language: a checked, simplified tree as C99 source.

`Expr.to_c` (durakc.expr.language) calls `c_source`.  Everything is fully
parenthesised, so no operator precedence of C has to match the language's.
Booleans are C ints (0 or 1), `min`/`max` call the static helpers `expr_min`
and `expr_max` that a generated C engine defines when it calls them (`expr_lmin`/`expr_lmax` in a `wide`
expression, whose integers are computed in 64 bits: `durakc.expr.ranges`), and a chained
comparison `a < b <= c` becomes `((a < b) && (b <= c))` (expressions are pure: reading an
operand twice changes nothing).  Card-typed parts are evaluated at compile
time into tables, like in Python, and can not be emitted; a card read at run time (the card
played, `c`) and collections of cards read the engine's EXPR_* tables (`durakc.expr.sets`).
"""

from __future__ import annotations

from durakc.expr.nodes import (
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
from durakc.expr.option_name import OptionName
from durakc.expr.seats import SeatCall
from durakc.expr.sets import Count, DeckRank, Filter, Len, ListLit, Member, SetField
from durakc.schema.keys import COLOURS, SUITS


class NotInC(ValueError):
    """The expression uses something the C target can not express."""


_C_OPS = {"and": "&&", "or": "||", "+": "+", "-": "-"}


def c_source(node: Node, namemap: dict[str, str], wide: bool = False) -> str:
    """C source for `node`, each name replaced by `namemap[name]`; with `wide`, every
    integer is a `long long` (see `durakc.expr.ranges`)."""
    return _Emitter(namemap, wide).emit(node)


def unwrapped(text: str) -> str:
    """`text` without the parentheses that enclose all of it, for `if (...)`: the emitter
    parenthesises every operation, and clang's -Wparentheses-equality refuses `if ((a == b))`."""
    if not (text.startswith("(") and text.endswith(")")):
        return text
    depth = 0
    for i, ch in enumerate(text):
        depth += ch == "("
        depth -= ch == ")"
        if depth == 0 and i < len(text) - 1:
            return text  # the first parenthesis closes before the end: `(a) && (b)`
    return text[1:-1]


class _Emitter:
    def __init__(self, namemap: dict[str, str], wide: bool):
        self.namemap = namemap
        self.wide = wide

    def emit(self, node: Node) -> str:
        c = self.emit
        if isinstance(node, Inherited):
            return c(node.inner)
        if isinstance(node, (Num, RankLit)):
            value = str(node.value if isinstance(node, Num) else node.index)
            return value + "LL" if self.wide and isinstance(node, Num) else value
        if isinstance(node, BoolLit):
            return "1" if node.value else "0"
        if isinstance(node, SuitLit):  # suits S H D C from 0, colours red 0, black 1
            return str(SUITS.index(node.suit) if node.suit in SUITS else COLOURS.index(node.suit))
        if isinstance(node, OptionName) and node.name not in self.namemap:
            text = f"g->opt_{node.name}"  # a table setting (spec options:), held by the game
            return f"((long long){text})" if self.wide else text
        if isinstance(node, Name):
            if node.name not in self.namemap:
                raise NotInC(f"'{node.name}' has no C form here")
            text = self.namemap[node.name]
            return f"((long long){text})" if self.wide and node.type == "int" else text
        if isinstance(node, Not):
            return f"(!{c(node.operand)})"
        if isinstance(node, Neg):
            return f"(-{c(node.operand)})"
        if isinstance(node, Binary):
            return f"({c(node.left)} {_C_OPS[node.op]} {c(node.right)})"
        if isinstance(node, Compare):
            parts = [c(o) for o in node.operands]
            links = [f"({parts[i]} {op} {parts[i + 1]})" for i, op in enumerate(node.ops)]
            return links[0] if len(links) == 1 else "(" + " && ".join(links) + ")"
        if isinstance(node, Call):
            args = [c(a) for a in node.args]
            func = f"expr_l{node.func}" if self.wide else f"expr_{node.func}"
            text = args[0]
            for arg in args[1:]:  # min(a, b, c) == min(min(a, b), c)
                text = f"{func}({text}, {arg})"
            return text
        if isinstance(node, Cond):
            return f"({c(node.cond)} ? {c(node.then)} : {c(node.other)})"
        return self._collection(node)

    def _collection(self, node: Node) -> str:
        c = self.emit
        if isinstance(node, Field):
            if not isinstance(node.base, Name) or node.base.name not in self.namemap:
                raise NotInC("card expressions are evaluated at compile time, not in C")
            base = self.namemap[node.base.name]
            if node.field == "is_trump":
                return f"(({self._trumps()} >> ({base})) & 1U)"
            if node.field == "is_joker":
                return f"((EXPR_JOKERS >> ({base})) & 1U)"
            return f"EXPR_{node.field.upper()}[{base}]"
        if isinstance(node, Member):
            if node.kind == "cards":  # a card of the same value (W2: a wild card as named)
                test = f"(({c(node.collection)} & EXPR_SAME[{c(node.item)}]) != 0)"
            else:
                test = f"((int)(({c(node.collection)} >> ({c(node.item)} + 1)) & 1U))"
            return f"(!{test})" if node.negated else test
        if isinstance(node, ListLit):
            return f"0x{node.mask():X}ULL"
        if isinstance(node, Len):
            return self._count(f"popcount({c(node.arg)})")
        if isinstance(node, SetField):
            if node.field == "trumps":
                return f"({c(node.base)} & {self._trumps()})"
            call = f"set_{node.field}({c(node.base)})"
            return call if node.field in ("ranks", "suits") else self._count(call)
        if isinstance(node, Count):
            table = {"rank": "EXPR_RANK_IDS", "suit": "EXPR_SUIT_IDS",
                     "colour": "EXPR_COLOUR_IDS"}[node.kind]
            index = c(node.arg) if node.kind == "colour" else f"{c(node.arg)} + 1"
            return self._count(f"popcount({c(node.base)} & {table}[{index}])")
        if isinstance(node, SeatCall):  # left_of(s), right_of(s) (issue 31)
            if node.func not in self.namemap:
                raise NotInC(f"'{node.func}' has no C form here")
            return self.namemap[node.func].format(c(node.arg))
        if isinstance(node, Filter):
            index = c(node.arg) if node.kind == "colour" else f"{c(node.arg)} + 1"
            return f"({c(node.base)} & {node.table()}[{index}])"
        if isinstance(node, DeckRank):
            return f"deck_rank({c(node.arg)})"
        raise NotInC(f"no C form for {type(node).__name__}")  # pragma: no cover - new node kinds

    def _count(self, text: str) -> str:
        return f"((long long){text})" if self.wide else text

    def _trumps(self) -> str:
        if "$trumps" not in self.namemap:
            raise NotInC("no C form given for the trump cards ('$trumps')")
        return self.namemap["$trumps"]
