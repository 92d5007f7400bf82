"""The expression language: parse (Lark, `expr.lark`), check, emit, evaluate.

Public API (used by `durakc.spec`, `durakc.ir.build` and `durakc.targets.python.codegen`):

    compile_expr(text, env, result, inherited=None) -> Expr | list[ExprProblem]
        Parse `text`, resolve names against `schema.ENVIRONMENTS[env]`,
        type-check, and require the result type `result` ("int" or "bool").
        `inherited` is the parent's `Expr` for the same key: the name
        `inherited` inside `text` stands for it.  Returns every problem found.

    ExprProblem(message, offset, width)
        `offset` is a 0-based character offset into `text`.

    Expr.text, Expr.names (set of names used), Expr.result
    Expr.evaluate(values: dict) -> int | bool
        `values` maps environment names to Python values; cards are `Card`.
    Expr.to_python(namemap: dict[str, str], constants=None) -> str
        Python source for the expression, each name replaced by
        `namemap[name]`; fully parenthesised where needed, deterministic.
        Names in the optional `constants` dict are folded to their values.
        Only int/bool-typed environments are emitted (the card environment
        is evaluated at compile time into tables).
    Expr.to_c(namemap: dict[str, str], constants=None) -> str
        The same for C99 (fully parenthesised; `durakc.expr.emit_c`).
    Expr.constant() -> int | bool | None
        The value when the expression uses no names, else None.
    Expr.canonical() -> str
        The expression re-printed with single spaces and minimal parentheses
        (`inherited` is shown expanded).

    Card(rank, suit, is_trump), Card.joker(colour)
        `rank` is an index into `schema.ALL_RANKS`; `suit` a letter; `colour` follows the suit.

Parsing and syntax errors live in `durakc.expr.syntax` (`ExprProblem`, `MAX_LENGTH` and
`MAX_DEPTH` are importable from here too).

Nothing here is ever handed to Python's eval or exec: expressions are
evaluated by walking the checked tree (`durakc.expr.nodes`, built by `durakc.expr.check`).
Hostile or huge input gets an `ExprProblem`, never an exception.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from lark import Tree

from durakc.expr.check import Checker
from durakc.expr.emit_c import c_source
from durakc.expr.nodes import BoolLit, Inherited, Node, Num
from durakc.expr.partial import partial
from durakc.expr.ranges import interval, is_wide, result_problem
from durakc.expr.sets import needs
from durakc.expr.simplify import simplify
from durakc.expr.sizes import size_terms
from durakc.expr.syntax import MAX_DEPTH, MAX_LENGTH, ExprProblem, parse
from durakc.schema.keys import ENVIRONMENTS, SUIT_COLOURS

MAX_TOTAL_DEPTH = 200
"""Deepest nesting accepted once `inherited` is expanded (chains of variants)."""

MAX_TOTAL_SIZE = 5000
"""Most operators and operands accepted once `inherited` is expanded."""

RESULT_TYPES = ("int", "bool")


@dataclass(frozen=True)
class Card:
    """A card as the `cards` environment sees it: rank index, suit letter, trump flag.

    A joker (J1-J4) has no rank and no suit: `rank` is -1 (below every rank), `suit` is ""
    (equal to no suit but the other joker's), it is never a trump; `colour` is its identity.
    """

    rank: int
    suit: str
    is_trump: bool
    is_joker: bool = False
    colour: str = ""

    def __post_init__(self) -> None:
        if not self.colour and not self.is_joker:
            object.__setattr__(self, "colour", SUIT_COLOURS.get(self.suit, ""))

    @classmethod
    def joker(cls, colour: str) -> Card:
        """The joker of `colour` ("red" or "black")."""
        return cls(-1, "", False, True, colour)


class Expr:
    """A checked expression of environment `env` and result type `result`."""

    def __init__(self, text: str, env: str, result: str, root: Node, names: frozenset[str]):
        self.text = text
        self.env = env
        self.result = result
        self.names = names
        self._root = root
        self._constant: tuple[int | bool | None] | None = None  # constant()'s, once known

    def evaluate(self, values: dict) -> int | bool:
        """The value for `values` (environment name -> value; cards as `Card`)."""
        return cast("int | bool", self._root.evaluate(values))

    def evaluate_partial(self, values: dict) -> object:
        """The value for `values`, where names left out are unknown: True, False, a number,
        or `expr_partial.UNKNOWN` (three-valued logic, for the static analysis)."""
        return partial(self._root, values)

    def to_python(self, namemap: dict[str, str], constants: dict | None = None, *,
                  inline_minmax: bool = False) -> str:
        """Python source with each name replaced by `namemap[name]`.

        `constants` optionally fixes names to values where the code is used
        (e.g. ``{"is_defender": False}``); they are folded, not emitted, so
        ``is_defender and x`` becomes ``False`` rather than ``False and x``.
        Each `namemap` value is inserted as an atom: parenthesise compound ones.

        Parts without names are folded and shapes linters reject (such as
        ``x == True`` or ``-(-x)``) are rewritten, so the text may differ
        from `canonical()`.  Raises ValueError if a name is missing from
        `namemap` or the expression uses cards (evaluated at compile time).

        `inline_minmax` writes ``min``/``max`` of two plain operands as a
        conditional, several times cheaper than calling the builtin: for code
        run at every decision.  Ruff's FURB136 flags that shape; see
        `lint_note`.
        """
        return simplify(self._root, constants, inline_minmax).python(namemap)[0]

    def to_c(self, namemap: dict[str, str], constants: dict | None = None) -> str:
        """C99 source with each name replaced by `namemap[name]` (see `durakc.expr.emit_c`).

        The same simplified tree as `to_python`; raises `expr_c.NotInC` (a ValueError)
        for names missing from `namemap` or card-typed parts.
        """
        return c_source(simplify(self._root, constants), namemap, wide=self.wide)

    @property
    def wide(self) -> bool:
        """Some integer part may leave the 32-bit range: C computes it in 64 bits
        (`durakc.expr.ranges`)."""
        return is_wide(self._root, self.env)

    def runtime_needs(self) -> set[str]:
        """The engine tables and helpers its emitted form reads (`durakc.expr.sets.NEEDS`)."""
        return needs(self._root)

    def size_terms(self, name: str) -> list[tuple[str, Node]] | None:
        """The sizes this condition allows for the collection `name`, as terms of
        `durakc.expr.sizes.size_terms`; None when they can not be bounded."""
        return size_terms(self._root, name)

    def int_range(self) -> tuple[int, int] | None:
        """The values this int expression can take, as `durakc.expr.ranges.interval` bounds
        them from the names' ranges (a sound, not always tight, interval); None for a bool."""
        return interval(self._root, self.env) if self.result == "int" else None

    def lint_note(self, namemap: dict[str, str], constants: dict | None = None) -> str:
        """The noqa comment a line holding ``to_python(..., inline_minmax=True)`` needs, or ''."""
        plain = self.to_python(namemap, constants)
        fast = self.to_python(namemap, constants, inline_minmax=True)
        return "  # noqa: FURB136 (min/max inlined: faster)" if fast != plain else ""

    def constant(self) -> int | bool | None:
        """The value when the expression has one for every input, else None: it uses no
        names, or it simplifies to a literal (``inherited and x`` under a parent's
        ``false``), so no backend emits code, locals or helpers for a condition that never
        varies.  Computed once: the reference asks at every step."""
        if self._constant is None:
            if not self.names:
                self._constant = (cast("int | bool", self._root.evaluate({})),)
            else:
                folded = simplify(self._root)
                self._constant = (folded.value if isinstance(folded, (BoolLit, Num)) else None,)
        return self._constant[0]

    def canonical(self) -> str:
        """The expression normalised: single spaces, only needed parentheses."""
        return self._root.source()[0]

    def canonical_with(self, constants: dict) -> str:
        """The canonical text once the names of `constants` are fixed to their values and
        folded (a spec's table settings at chosen values, `durakc.spec.options`)."""
        return simplify(self._root, constants).source()[0]

    @property
    def inherits(self) -> bool:
        """The text names `inherited` (the parent's expression, which `canonical` expands)."""
        return _names_inherited(self._root)

    @property
    def depth(self) -> int:
        """Nesting depth of the checked tree (with `inherited` expanded)."""
        return self._root.depth

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Expr):
            return NotImplemented
        return (self.env, self.result, self.canonical()) == (
            other.env, other.result, other.canonical())

    def __hash__(self) -> int:
        return hash((self.env, self.result, self.canonical()))

    def __repr__(self) -> str:
        return f"Expr({self.text!r}, env={self.env!r}, result={self.result!r})"


def _names_inherited(node: Node) -> bool:
    return isinstance(node, Inherited) or any(_names_inherited(c) for c in node.children())


def compile_expr(text: str, env: str, result: str, inherited: Expr | None = None,
                 options: dict[str, tuple] | None = None) -> Expr | list[ExprProblem]:
    """Parse and check `text` in environment `env`, requiring type `result`.

    `options` adds a spec's table settings, ``name: (type, doc, (low, high) or None)``, to
    the environment's names
    (`durakc.expr.option_name`).  Returns the `Expr`, or every problem found (syntax errors
    stop at the first; name and type errors are all reported), sorted by offset.
    """
    if env not in ENVIRONMENTS:
        raise ValueError(f"unknown expression environment '{env}'")
    if result not in RESULT_TYPES:
        raise ValueError(f"result type must be one of {RESULT_TYPES}, not {result!r}")
    if not isinstance(text, str):
        return [ExprProblem(f"expected an expression text, got {type(text).__name__}", 0)]
    tree_or_problem = parse(text)
    if isinstance(tree_or_problem, ExprProblem):
        return [tree_or_problem]
    return _check(text, tree_or_problem, env, result, inherited, options)


def _check(text: str, tree: Tree, env: str, result: str, inherited: Expr | None,
           options: dict[str, tuple] | None = None) -> Expr | list[ExprProblem]:
    parent = None
    if inherited is not None:
        parent = (inherited._root, inherited.result, inherited.names)
    checker = Checker(text, ENVIRONMENTS[env], parent, options)
    root, typ = checker.check(tree)
    problems = [ExprProblem(p.message, p.start, max(1, p.end - p.start))
                for p in checker.problems]
    if root is not None and typ is not None and typ != result:
        problems.append(ExprProblem(f"expected {_article(result)} expression, got {typ}",
                                    root.start, max(1, root.end - root.start)))
    elif root is not None and typ == "int" and not checker.problems:
        too_large = result_problem(root, env)
        if too_large is not None:
            problems.append(ExprProblem(too_large, root.start, max(1, root.end - root.start)))
    if root is not None and root.depth > MAX_TOTAL_DEPTH:
        problems.append(ExprProblem(
            f"expression nests too deeply once 'inherited' is expanded "
            f"(more than {MAX_TOTAL_DEPTH} levels)", root.start))
    elif root is not None and root.size > MAX_TOTAL_SIZE:
        problems.append(ExprProblem(
            f"expression is too large once 'inherited' is expanded "
            f"(more than {MAX_TOTAL_SIZE} parts)", root.start))
    if problems:
        return sorted(problems, key=lambda p: (p.offset, p.message))
    assert root is not None, "the checker gives a tree whenever it finds no problem"
    return Expr(text, env, result, root, frozenset(checker.names))


def _article(typ: str) -> str:
    return f"an {typ}" if typ == "int" else f"a {typ}"


__all__ = ["MAX_DEPTH", "MAX_LENGTH", "MAX_TOTAL_DEPTH", "MAX_TOTAL_SIZE", "RESULT_TYPES", "Card",
           "Expr", "ExprProblem", "compile_expr"]
