"""The checker and typed AST of the expression language.

`Checker.check` turns a Lark parse tree (grammar `expr.lark`) into a tree of
`Node`s, resolving names against an environment and type-checking as it goes.
Every problem is collected (a sub-expression with an error gets the type None
and is not complained about again), so one run reports them all.

Each node can `evaluate` itself, print itself as Python (`python`) and as
canonical expression text (`source`).  The printers return ``(text, prec)``:
the text and the precedence level of its outermost operator, so a parent adds
parentheses only where they are needed.  `simplify` first rewrites a tree
into an equivalent one that linters accept once printed as Python (constant
folding, `not (x < y)` as `x >= y`, ...); `canonical` text is not simplified.

Types are the strings ``int``, ``bool``, ``rank``, ``suit`` and ``card``.
Rank values are indices into `schema.ALL_RANKS`; suit values are letters.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import ClassVar

from lark import Token, Tree

from durakc.diagnostics import did_you_mean
from durakc.schema import ALL_RANKS, CARD_FIELDS, COLOURS, SUITS

# Precedence levels of printed expressions, loosest first.
COND, OR, AND, NOT, CMP, SUM, NEG, ATOM = range(1, 9)

RANK_LETTERS = {r: ALL_RANKS.index(r) for r in ALL_RANKS if not r.isdigit()}
"""Bare names that are rank literals: J, Q, K, A."""

BOOL_NAMES = {"true": True, "True": True, "false": False, "False": False}

FUNCTIONS = {"min": min, "max": max}

_COMPARE = {
    "==": operator.eq, "!=": operator.ne,
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge,
}

_ARTICLE = {"int": "an int", "bool": "a bool", "rank": "a rank", "suit": "a suit",
            "card": "a card", "colour": "a colour"}

_QUOTE_LIMIT = 30


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


# ---------------------------------------------------------------------------
# AST nodes
# ---------------------------------------------------------------------------
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
        return repr(self.suit), ATOM

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
        if self.type == "card":
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
        raise ValueError(f"card field '{self.source()[0]}' can not be emitted as Python: "
                         "card expressions are evaluated at compile time")

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
        return all(_COMPARE[op](results[i], results[i + 1]) for i, op in enumerate(self.ops))

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


# ---------------------------------------------------------------------------
# Simplification before emitting Python
# ---------------------------------------------------------------------------
# Emitted engines are linted (ruff), and linters reject legal but odd Python:
# `1 == 1`, `x == x`, `x == True`, `-(-x)`, `not not x`, `not x == y`,
# `x and False`, `x or not x`, `True if c else False`...  Expressions are pure,
# so such parts can be folded or rewritten without changing the meaning.

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
        return _literal_node(node.evaluate({}), span)
    result = _simplify_parts(node, known, span, inline_minmax)
    if not result.uses_names and not isinstance(result, (Num, BoolLit, SuitLit, Neg)):
        return _literal_node(result.evaluate({}), span)  # everything in it was known
    return result


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
        return BoolLit(value=_COMPARE[op](left.evaluate({}), right.evaluate({})), **span)
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


# ---------------------------------------------------------------------------
# The checker
# ---------------------------------------------------------------------------
@dataclass
class Problem:
    """A problem found by the checker, at a span of the source text."""

    message: str
    start: int
    end: int


Typed = tuple["Node | None", "str | None"]
"""A checked sub-expression and its type; both None after an error."""

_FAILED: Typed = (None, None)


class Checker:
    """Checks parse trees of one expression text against one environment.

    `env` maps names to ``(type, doc)`` as `schema.ENVIRONMENTS` does;
    `parent` is the inherited expression's root node and type, or None.
    After `check`, `problems` holds every problem and `names` the names used.
    """

    def __init__(self, text: str, env: dict[str, tuple[str, str]],
                 parent: tuple[Node, str, frozenset] | None = None):
        self.text = text
        self.env = env
        self.parent = parent
        self.problems: list[Problem] = []
        self.names: set[str] = set()

    # -- helpers ------------------------------------------------------------
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

    @staticmethod
    def _span(tree: Tree) -> tuple[int, int]:
        return tree.meta.start_pos, tree.meta.end_pos

    @staticmethod
    def _tok_span(tok: Token) -> tuple[int, int]:
        return tok.start_pos, tok.end_pos

    def _require(self, typed: Typed, want: str, what: str) -> bool:
        """Report unless `typed` has type `want`; `what` ends the message."""
        node, typ = typed
        if typ is None:
            return False
        if typ != want:
            self._report(f"{self._is(node, typ)}, {what}", (node.start, node.end))
            return False
        return True

    # -- dispatch -------------------------------------------------------------
    def check(self, tree: Tree) -> Typed:
        """Check `tree`; returns its node and type, or `_FAILED` after problems."""
        method = getattr(self, f"_check_{tree.data}")
        return method(tree, *self._span(tree))

    def _check_number(self, tree, start, end) -> Typed:
        return Num(value=int(tree.children[0]), start=start, end=end), "int"

    def _check_name(self, tree, start, end) -> Typed:
        word = str(tree.children[0])
        span = {"start": start, "end": end}
        if word in self.env:
            self.names.add(word)
            typ = self.env[word][0]
            return Name(name=word, type=typ, **span), typ
        if word == "inherited":
            if self.parent is None:
                self._report("unknown name 'inherited' (this key has no inherited value)",
                             (start, end))
                return _FAILED
            inner, typ, names = self.parent
            self.names.update(names)
            return Inherited(inner=inner, **span), typ
        if word in BOOL_NAMES:
            return BoolLit(value=BOOL_NAMES[word], **span), "bool"
        if word in RANK_LETTERS:
            return RankLit(index=RANK_LETTERS[word], **span), "rank"
        if word in SUITS:
            return SuitLit(suit=word, **span), "suit"
        if word in COLOURS:  # jokers (J2): red, black
            return SuitLit(suit=word, **span), "colour"
        if word in FUNCTIONS:
            self._report(f"'{word}' must be called, e.g. {word}(a, b)", (start, end))
            return _FAILED
        hint = did_you_mean(word, [*self.env, "true", "false"])
        self._report(f"unknown name '{word}'{hint}; {self._names_here()}", (start, end))
        return _FAILED

    def _names_here(self) -> str:
        """The names this expression may use, for an unknown-name message."""
        names = [*self.env, *(["inherited"] if self.parent is not None else [])]
        return "names here: " + ", ".join(names) if names else "no names here"

    def _check_field(self, tree, start, end) -> Typed:
        base_tree, name = tree.children
        base, typ = self.check(base_tree)
        if typ is None:
            return _FAILED
        if typ != "card":
            self._report(f"{self._is(base, typ)}, only cards have fields", (start, end))
            return _FAILED
        if name not in CARD_FIELDS:
            fields = ", ".join(sorted(CARD_FIELDS))
            hint = did_you_mean(str(name), CARD_FIELDS)
            self._report(f"card {self._quote(base)} has no field '{name}'{hint} (fields: {fields})",
                         self._tok_span(name))
            return _FAILED
        return Field(base=base, field=str(name), start=start, end=end), CARD_FIELDS[name][0]

    def _check_call(self, tree, start, end) -> Typed:
        callee, arglist = tree.children
        args = [self.check(a) for a in (arglist.children if arglist else [])]
        if callee.data != "name":
            self._report("only min and max can be called", self._span(callee))
            return _FAILED
        func = str(callee.children[0])
        if func not in FUNCTIONS:
            self._report(f"'{func}' can not be called (only min and max)", self._span(callee))
            return _FAILED
        if len(args) < 2:
            self._report(f"'{func}' needs at least two arguments", (start, end))
            return _FAILED
        args = self._unify(args)
        if any(typ is None for _, typ in args):
            return _FAILED
        if not self._same_ordered_type(args, f"'{func}'", "arguments"):
            return _FAILED
        return Call(func=func, args=tuple(n for n, _ in args), start=start, end=end), args[0][1]

    def _check_neg(self, tree, start, end) -> Typed:
        operand = self.check(tree.children[1])
        if not self._require(operand, "int", "'-' needs an int operand"):
            return _FAILED
        return Neg(operand=operand[0], start=start, end=end), "int"

    def _check_arith(self, tree, start, end) -> Typed:
        left_tree, op, right_tree = tree.children
        return self._binary(str(op), left_tree, right_tree, "int", start, end)

    def _check_and_op(self, tree, start, end) -> Typed:
        return self._binary("and", *tree.children, "bool", start, end)

    def _check_or_op(self, tree, start, end) -> Typed:
        return self._binary("or", *tree.children, "bool", start, end)

    def _binary(self, op, left_tree, right_tree, typ, start, end) -> Typed:
        left, right = self.check(left_tree), self.check(right_tree)
        what = f"'{op}' needs {typ} operands"
        ok_left = self._require(left, typ, what)
        ok_right = self._require(right, typ, what)
        if not (ok_left and ok_right):
            return _FAILED
        return Binary(op=op, left=left[0], right=right[0], start=start, end=end), typ

    def _check_not_op(self, tree, start, end) -> Typed:
        operand = self.check(tree.children[0])
        if not self._require(operand, "bool", "'not' needs a bool operand"):
            return _FAILED
        return Not(operand=operand[0], start=start, end=end), "bool"

    def _check_compare(self, tree, start, end) -> Typed:
        operands = [self.check(t) for t in tree.children[0::2]]
        ops = [str(t) for t in tree.children[1::2]]
        operands = self._unify(operands)
        ok = True
        for i, op in enumerate(ops):
            pair = operands[i:i + 2]
            if any(typ is None for _, typ in pair):
                ok = False
            elif op in ("==", "!="):
                ok = self._check_equality(op, pair) and ok
            else:
                ok = self._same_ordered_type(pair, f"'{op}'", "operands") and ok
        if not ok:
            return _FAILED
        return Compare(operands=tuple(n for n, _ in operands), ops=tuple(ops),
                       start=start, end=end), "bool"

    def _check_cond(self, tree, start, end) -> Typed:
        then, cond, other = (self.check(t) for t in tree.children)
        ok = self._require(cond, "bool", "'if' needs a bool condition")
        then, other = self._unify([then, other])
        if then[1] is None or other[1] is None:
            return _FAILED
        if then[1] != other[1]:
            self._report(f"{self._is(then[0], then[1])} but {self._is(other[0], other[1])}, "
                         "both branches of 'if' need one type", (start, end))
            return _FAILED
        if not ok:
            return _FAILED
        return Cond(then=then[0], cond=cond[0], other=other[0], start=start, end=end), then[1]

    # -- type rules -----------------------------------------------------------
    def _check_equality(self, op: str, pair: list[Typed]) -> bool:
        (left, ltype), (right, rtype) = pair
        for node, typ in pair:
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
                return _FAILED
            return RankLit(index=ALL_RANKS.index(text), **span), "rank"
        if isinstance(node, Cond):
            then, other = self._to_rank(node.then), self._to_rank(node.other)
            if then[0] is None or other[0] is None:
                return _FAILED
            return Cond(then=then[0], cond=node.cond, other=other[0], **span), "rank"
        assert isinstance(node, Call)
        args = [self._to_rank(a) for a in node.args]
        if any(a[0] is None for a in args):
            return _FAILED
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
