"""The typed AST of the expression language: one node class per construct.

`Checker.check` (`durakc.expr.check`) builds these trees from Lark parse trees.  Each node
can `evaluate` itself, print itself as Python (`python`) and as canonical expression text
(`source`).  The printers return ``(text, prec)``: the text and the precedence level of its
outermost operator, so a parent adds parentheses only where they are needed.  Before a tree
is printed as Python it is simplified (`durakc.expr.simplify`); `canonical` text is not.

Types are the strings ``int``, ``bool``, ``rank``, ``suit``, ``colour`` and ``card``.
Rank values are indices into `schema.ALL_RANKS`; suit values are letters.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import ClassVar

from durakc.schema.keys import ALL_RANKS, COLOURS, SUITS

# Precedence levels of printed expressions, loosest first.
COND, OR, AND, NOT, CMP, SUM, NEG, ATOM = range(1, 9)

FUNCTIONS = {"min": min, "max": max}
"""The functions an expression may call, by name."""

COMPARE = {
    "==": operator.eq, "!=": operator.ne,
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}
"""The comparison operators, by their text."""


def trumps_of(namemap: dict[str, str]) -> str:
    """The emitted mask of the trump cards where an expression is used (`$trumps`)."""
    if "$trumps" not in namemap:
        raise ValueError("no emitted form given for the trump cards ('$trumps')")
    return namemap["$trumps"]


_CARD_TABLES = {"rank": "EXPR_RANK", "suit": "EXPR_SUIT", "colour": "EXPR_COLOUR"}
"""The engine tables of the card fields read at run time (see `durakc.expr.sets`)."""


def _wrap(part: tuple[str, int], min_prec: int) -> str:
    """The printed `part`, in parentheses if it binds looser than `min_prec`."""
    text, prec = part
    return text if prec >= min_prec else f"({text})"


def _not_text(part: tuple[str, int]) -> tuple[str, int]:
    """``not x``; a comparison operand is parenthesised for readability."""
    text, prec = part
    if prec < NOT or prec == CMP:
        text = f"({text})"
    return f"not {text}", NOT


@dataclass(eq=False, kw_only=True)
class Node:
    """A checked expression node; `start`/`end` are its span in the source."""

    start: int
    end: int
    depth: int = field(init=False, default=1)
    size: int = field(init=False, default=1)
    uses_names: bool = field(init=False, default=False)

    def __post_init__(self):
        # Depth and size with shared subtrees counted every time, as walking the
        # tree meets them: `inherited` may share a parent's tree several times,
        # so callers can refuse trees too deep or too large to walk.
        self.depth = 1 + max((c.depth for c in self.children()), default=0)
        self.size = 1 + sum(c.size for c in self.children())
        self.uses_names = isinstance(self, Name) or any(c.uses_names for c in self.children())

    def children(self) -> tuple[Node, ...]:
        return ()

    def evaluate(self, values: dict) -> object:
        raise NotImplementedError

    def python(self, namemap: dict[str, str]) -> tuple[str, int]:
        """Python source and precedence (see `simplify` for lint-clean output)."""
        raise NotImplementedError

    def source(self) -> tuple[str, int]:
        raise NotImplementedError


@dataclass(eq=False, kw_only=True)
class Num(Node):
    value: int

    def evaluate(self, values):
        return self.value

    def python(self, namemap):
        return str(self.value), ATOM

    def source(self):
        return str(self.value), ATOM


@dataclass(eq=False, kw_only=True)
class BoolLit(Node):
    value: bool

    def evaluate(self, values):
        return self.value

    def python(self, namemap):
        return str(self.value), ATOM

    def source(self):
        return ("true" if self.value else "false"), ATOM


@dataclass(eq=False, kw_only=True)
class RankLit(Node):
    """A rank literal (`J`, or a number 2..10 used as a rank): its index."""

    index: int

    def evaluate(self, values):
        return self.index

    def python(self, namemap):
        return str(self.index), ATOM

    def source(self):
        return ALL_RANKS[self.index], ATOM


@dataclass(eq=False, kw_only=True)
class SuitLit(Node):
    suit: str

    def evaluate(self, values):
        return self.suit

    def python(self, namemap):
        # emitted values: suits numbered S H D C from 0, colours red 0 and black 1
        return str(SUITS.index(self.suit) if self.suit in SUITS else COLOURS.index(self.suit)), ATOM

    def source(self):
        return self.suit, ATOM


@dataclass(eq=False, kw_only=True)
class Name(Node):
    """An environment name of type `type`."""

    name: str
    type: str

    def evaluate(self, values):
        try:
            return values[self.name]
        except KeyError:
            raise ValueError(f"no value given for '{self.name}'") from None

    def python(self, namemap):
        if self.type == "card" and self.name not in namemap:
            raise ValueError(f"card '{self.name}' can not be emitted as Python: "
                             "card expressions are evaluated at compile time")
        if self.name not in namemap:
            raise ValueError(f"no Python name given for '{self.name}'")
        return namemap[self.name], ATOM

    def source(self):
        return self.name, ATOM


@dataclass(eq=False, kw_only=True)
class Field(Node):
    """A card field: `base.field` where `base` is card-typed."""

    base: Node
    field: str

    def children(self):
        return (self.base,)

    def evaluate(self, values):
        return getattr(self.base.evaluate(values), self.field)

    def python(self, namemap):
        """A field of a card read at run time (the card int `base`), through the engine's
        EXPR_* tables; the cards of `beating.beats` are evaluated at compile time instead."""
        if not isinstance(self.base, Name) or self.base.name not in namemap:
            raise ValueError(f"card field '{self.source()[0]}' can not be emitted as Python: "
                             "card expressions are evaluated at compile time")
        base = namemap[self.base.name]
        if self.field == "is_trump":
            return f"({trumps_of(namemap)} >> {base} & 1)", ATOM
        if self.field == "is_joker":
            return f"(EXPR_JOKERS >> {base} & 1)", ATOM
        return f"{_CARD_TABLES[self.field]}[{base}]", ATOM

    def source(self):
        return f"{_wrap(self.base.source(), ATOM)}.{self.field}", ATOM


@dataclass(eq=False, kw_only=True)
class Not(Node):
    operand: Node

    def children(self):
        return (self.operand,)

    def evaluate(self, values):
        return not self.operand.evaluate(values)

    def python(self, namemap):
        return _not_text(self.operand.python(namemap))

    def source(self):
        return _not_text(self.operand.source())


@dataclass(eq=False, kw_only=True)
class Neg(Node):
    operand: Node

    def children(self):
        return (self.operand,)

    def evaluate(self, values):
        return -self.operand.evaluate(values)

    def python(self, namemap):
        return "-" + _wrap(self.operand.python(namemap), ATOM), NEG

    def source(self):
        return "-" + _wrap(self.operand.source(), ATOM), NEG


@dataclass(eq=False, kw_only=True)
class Binary(Node):
    """`left op right` for `and`, `or`, `+` and `-` (all left-associative)."""

    op: str
    left: Node
    right: Node

    _PREC: ClassVar[dict[str, int]] = {"or": OR, "and": AND, "+": SUM, "-": SUM}

    def children(self):
        return (self.left, self.right)

    def evaluate(self, values):
        if self.op == "and":
            return self.left.evaluate(values) and self.right.evaluate(values)
        if self.op == "or":
            return self.left.evaluate(values) or self.right.evaluate(values)
        left, right = self.left.evaluate(values), self.right.evaluate(values)
        return left + right if self.op == "+" else left - right

    def _print(self, left, right):
        prec = self._PREC[self.op]
        if self.op == "or":
            # `x and y or z` is clearer as `(x and y) or z`.
            left = (f"({left[0]})", ATOM) if left[1] == AND else left
            right = (f"({right[0]})", ATOM) if right[1] == AND else right
        return f"{_wrap(left, prec)} {self.op} {_wrap(right, prec + 1)}", prec

    def python(self, namemap):
        return self._print(self.left.python(namemap), self.right.python(namemap))

    def source(self):
        return self._print(self.left.source(), self.right.source())


@dataclass(eq=False, kw_only=True)
class Compare(Node):
    """A comparison, possibly chained: ``operands[0] ops[0] operands[1] ...``."""

    operands: tuple[Node, ...]
    ops: tuple[str, ...]

    def children(self):
        return self.operands

    def evaluate(self, values):
        results = [o.evaluate(values) for o in self.operands]
        return all(COMPARE[op](results[i], results[i + 1]) for i, op in enumerate(self.ops))

    def python(self, namemap):
        return self._print([o.python(namemap) for o in self.operands])

    def source(self):
        return self._print([o.source() for o in self.operands])

    def _print(self, parts):
        text = _wrap(parts[0], SUM)
        for op, part in zip(self.ops, parts[1:]):
            text += f" {op} {_wrap(part, SUM)}"
        return text, CMP


@dataclass(eq=False, kw_only=True)
class Call(Node):
    """``min(...)`` or ``max(...)`` of two or more arguments."""

    func: str
    args: tuple[Node, ...]
    inline: bool = False  # emit as a conditional where it can (see `simplify`)

    def children(self):
        return self.args

    def evaluate(self, values):
        return FUNCTIONS[self.func](*(a.evaluate(values) for a in self.args))

    def python(self, namemap):
        if self.inline and len(self.args) == 2 and all(isinstance(a, (Name, Num)) for a in self.args):
            # Two plain operands: a conditional gives the same value (min and max keep the
            # first operand on a tie) and costs a fraction of a call to the builtin, which
            # matters in engine code run at every decision.
            x, y = (a.python(namemap)[0] for a in self.args)
            return f"{x} if {x} {'<=' if self.func == 'min' else '>='} {y} else {y}", COND
        args = ", ".join(_wrap(a.python(namemap), COND) for a in self.args)
        return f"{self.func}({args})", ATOM

    def source(self):
        args = ", ".join(_wrap(a.source(), COND) for a in self.args)
        return f"{self.func}({args})", ATOM


@dataclass(eq=False, kw_only=True)
class Cond(Node):
    """``then if cond else other``."""

    then: Node
    cond: Node
    other: Node

    def children(self):
        return (self.then, self.cond, self.other)

    def evaluate(self, values):
        if self.cond.evaluate(values):
            return self.then.evaluate(values)
        return self.other.evaluate(values)

    def _print(self, then, cond, other):
        return f"{_wrap(then, OR)} if {_wrap(cond, OR)} else {_wrap(other, COND)}"

    def python(self, namemap):
        # Always parenthesised in Python: a reader need not know its precedence.
        text = self._print(self.then.python(namemap), self.cond.python(namemap),
                           self.other.python(namemap))
        return f"({text})", ATOM

    def source(self):
        return self._print(self.then.source(), self.cond.source(), self.other.source()), COND


@dataclass(eq=False, kw_only=True)
class Inherited(Node):
    """The name `inherited`: the parent's expression, inlined."""

    inner: Node

    def children(self):
        return (self.inner,)

    def evaluate(self, values):
        return self.inner.evaluate(values)

    def python(self, namemap):
        return self.inner.python(namemap)

    def source(self):
        return self.inner.source()
