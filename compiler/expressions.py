"""The expression language: parse (Lark, `expr.lark`), check, emit, evaluate.

Public API (used by `durakc.spec`, `durakc.ir` and `durakc.codegen`):

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
        The same for C99 (fully parenthesised; `durakc.expr_c`).
    Expr.constant() -> int | bool | None
        The value when the expression uses no names, else None.
    Expr.canonical() -> str
        The expression re-printed with single spaces and minimal parentheses
        (`inherited` is shown expanded).

    Card(rank, suit, is_trump), Card.joker(colour)
        `rank` is an index into `schema.ALL_RANKS`; `suit` a letter; `colour` follows the suit.

Nothing here is ever handed to Python's eval or exec: expressions are
evaluated by walking the checked tree (`durakc.expr_nodes`, built by `durakc.expr_check`).
Hostile or huge input gets an `ExprProblem`, never an exception.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from durakc.expr_c import c_source
from durakc.expr_check import Checker
from durakc.expr_nodes import Node
from durakc.expr_simplify import simplify
from durakc.schema import ENVIRONMENTS, SUIT_COLOURS

MAX_LENGTH = 2000
"""Longest expression text accepted, in characters."""

MAX_DEPTH = 100
"""Deepest nesting of operators accepted in one expression text."""

MAX_TOTAL_DEPTH = 200
"""Deepest nesting accepted once `inherited` is expanded (chains of variants)."""

MAX_TOTAL_SIZE = 5000
"""Most operators and operands accepted once `inherited` is expanded."""

RESULT_TYPES = ("int", "bool")


@dataclass(frozen=True)
class ExprProblem:
    """A problem in an expression text: `offset` is a 0-based character offset."""

    message: str
    offset: int
    width: int = 1


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

    def __post_init__(self):
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

    def evaluate(self, values: dict) -> int | bool:
        """The value for `values` (environment name -> value; cards as `Card`)."""
        return self._root.evaluate(values)

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
        """C99 source with each name replaced by `namemap[name]` (see `durakc.expr_c`).

        The same simplified tree as `to_python`; raises `expr_c.NotInC` (a ValueError)
        for names missing from `namemap` or card-typed parts.
        """
        return c_source(simplify(self._root, constants), namemap)

    def lint_note(self, namemap: dict[str, str], constants: dict | None = None) -> str:
        """The noqa comment a line holding ``to_python(..., inline_minmax=True)`` needs, or ''."""
        plain = self.to_python(namemap, constants)
        fast = self.to_python(namemap, constants, inline_minmax=True)
        return "  # noqa: FURB136 (min/max inlined: faster)" if fast != plain else ""

    def constant(self) -> int | bool | None:
        """The folded value if the expression uses no names, else None."""
        return None if self.names else self._root.evaluate({})

    def canonical(self) -> str:
        """The expression normalised: single spaces, only needed parentheses."""
        return self._root.source()[0]

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


# ---------------------------------------------------------------------------
# Parsing
# ---------------------------------------------------------------------------
_PARSER = Lark(
    (Path(__file__).with_name("expr.lark")).read_text(encoding="utf-8"),
    parser="lalr",
    # The basic lexer makes `and`, `or`, ... keywords everywhere, never names.
    lexer="basic",
    propagate_positions=True,
    maybe_placeholders=True,
)


def compile_expr(text: str, env: str, result: str,
                 inherited: Expr | None = None) -> Expr | list[ExprProblem]:
    """Parse and check `text` in environment `env`, requiring type `result`.

    Returns the `Expr`, or every problem found (syntax errors stop at the
    first; name and type errors are all reported), sorted by offset.
    """
    if env not in ENVIRONMENTS:
        raise ValueError(f"unknown expression environment '{env}'")
    if result not in RESULT_TYPES:
        raise ValueError(f"result type must be one of {RESULT_TYPES}, not {result!r}")
    if not isinstance(text, str):
        return [ExprProblem(f"expected an expression text, got {type(text).__name__}", 0)]
    tree_or_problem = _parse(text)
    if isinstance(tree_or_problem, ExprProblem):
        return [tree_or_problem]
    return _check(text, tree_or_problem, env, result, inherited)


def _parse(text: str) -> Tree | ExprProblem:
    """The parse tree of `text`, or the (single) problem that stops parsing."""
    if len(text) > MAX_LENGTH:
        return ExprProblem(f"expression is too long (more than {MAX_LENGTH} characters)",
                           MAX_LENGTH)
    if not text.strip(" \t\r\n"):
        return ExprProblem("empty expression", 0)
    try:
        tree = _PARSER.parse(text)
    except UnexpectedInput as err:
        return _syntax_problem(text, err)
    too_deep = _too_deep(tree, MAX_DEPTH)
    if too_deep is not None:
        return ExprProblem(f"expression nests too deeply (more than {MAX_DEPTH} levels)",
                           too_deep)
    return tree


def _too_deep(tree: Tree, limit: int) -> int | None:
    """Offset of the first subtree nested deeper than `limit`, else None.

    Iterative on purpose: the checker recurses, and must only ever see trees
    this function has passed.
    """
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > limit:
            return node.meta.start_pos
        stack.extend((c, depth + 1) for c in node.children if isinstance(c, Tree))
    return None


def _check(text: str, tree: Tree, env: str, result: str,
           inherited: Expr | None) -> Expr | list[ExprProblem]:
    parent = None
    if inherited is not None:
        parent = (inherited._root, inherited.result, inherited.names)
    checker = Checker(text, ENVIRONMENTS[env], parent)
    root, typ = checker.check(tree)
    problems = [ExprProblem(p.message, p.start, max(1, p.end - p.start))
                for p in checker.problems]
    if typ is not None and typ != result:
        problems.append(ExprProblem(f"expected {_article(result)} expression, got {typ}",
                                    root.start, max(1, root.end - root.start)))
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
    return Expr(text, env, result, root, frozenset(checker.names))


def _article(typ: str) -> str:
    return f"an {typ}" if typ == "int" else f"a {typ}"


# ---------------------------------------------------------------------------
# Syntax errors: friendly messages, after lark's own GRAMMAR_ERRORS approach
# ---------------------------------------------------------------------------
# Characters no token starts with, longest first where one is a prefix of another.
_BAD_CHARACTERS = (
    ("&&", "use 'and' instead of '&&'"),
    ("&", "use 'and' instead of '&'"),
    ("||", "use 'or' instead of '||'"),
    ("|", "use 'or' instead of '|'"),
    ("!", "use 'not' instead of '!'"),
    ("=", "use '==' to compare"),
    ("?", "use 'y if x else z'"),
    ("**", "'**' is not supported (only '+' and '-')"),
    ("//", "'//' is not supported (only '+' and '-')"),
    ("*", "'*' is not supported (only '+' and '-')"),
    ("/", "'/' is not supported (only '+' and '-')"),
    ("%", "'%' is not supported (only '+' and '-')"),
    ("'", "strings are not allowed"),
    ('"', "strings are not allowed"),
    ("[", "subscripts and lists are not allowed"),
    ("]", "subscripts and lists are not allowed"),
    ("#", "comments are not allowed"),
)

# Python words that make no sense here; named when parsing fails around them.
_PYTHON_WORDS = {
    "lambda": "lambdas are not allowed",
    "is": "use '==' instead of 'is'",
    "in": "'in' is not supported",
    "elif": "use 'y if x else z' (no 'elif')",
    **{w: f"'{w}' is not part of the expression language" for w in (
        "import", "from", "def", "class", "for", "while", "return", "yield", "await",
        "async", "with", "del", "global", "nonlocal", "pass", "raise", "try", "except",
        "assert")},
}

# Known malformed inputs, mapped to messages, like lark's load_grammar.GRAMMAR_ERRORS.
# An error matches an example when the parser stops in the same LALR state on
# the same kind of token.  `anchor` says where the problem is reported:
# "token" at the offending token, "end" after the text, "paren" at the '('
# left open.  `{token}` in a message is replaced by the offending token.
_SYNTAX_EXAMPLES = (
    ("missing 'else' (use 'y if x else z')", "token",
     ["a if b", "a if b)", "a if b,", "(a if b)"]),
    ("unclosed '('", "paren",
     ["(a", "((a", "min(a", "min(a, b", "min(", "a(b"]),
    ("empty parentheses", "token", ["()"]),
    ("unmatched ')'", "token", ["a)", "1)", "a.b)", "a + b)", "min(a, b))", "(a))"]),
    ("only whole numbers are allowed", "token", ["1.5", "a + 1.5"]),
    ("expression ends too early", "end",
     ["a >", "a ==", "a +", "a -", "-", "not", "a and", "a or", "a if b else", "a.",
      "min(a,", "a if"]),
    ("missing operator before '{token}'", "token",
     ["a b", "a 1", "1 a", "1 1", "a.b c", "a.b 1", "(a) b", "(a) 1",
      "a not b", "1 not b", "min(a, b) c"]),
    ("put 'not ...' in parentheses here, e.g. 'x == (not y)'", "token",
     ["a == not b", "a == b == not c", "a + not b", "- not a"]),
    ("'{token}' needs something on its left", "token",
     ["and a", "or a", "== a", "< a", "+ a", "a and or b", "a == < b", "a + + b",
      "not and a", "- + a", "(and a)", "min(and a)"]),
)

_example_keys: list[tuple[object, str, str, str]] | None = None


def _examples() -> list[tuple[object, str, str, str]]:
    """``(state, token type, message, anchor)`` of every example, parsed once."""
    global _example_keys
    if _example_keys is None:
        keys = []
        for message, anchor, examples in _SYNTAX_EXAMPLES:
            for example in examples:
                try:
                    _PARSER.parse(example)
                except UnexpectedToken as err:
                    keys.append((err.state.position, err.token.type, message, anchor))
                else:  # pragma: no cover - a broken table is a bug
                    raise AssertionError(f"syntax example parses: {example!r}")
        _example_keys = keys
    return _example_keys


def _syntax_problem(text: str, err: UnexpectedInput) -> ExprProblem:
    """One friendly problem for a lark lexing or parsing error."""
    if isinstance(err, UnexpectedCharacters):
        problem = _bad_character(text, err.pos_in_stream)
    else:
        problem = _bad_token(text, err)
    word = _python_word(text)
    if word is not None and word.offset <= problem.offset:
        return word
    return problem


def _bad_character(text: str, offset: int) -> ExprProblem:
    for chars, message in _BAD_CHARACTERS:
        if text.startswith(chars, offset):
            return ExprProblem(message, offset, len(chars))
    return ExprProblem(f"unexpected character {_show_char(text[offset])}", offset)


def _show_char(char: str) -> str:
    """The character quoted, or its code point when it would not print safely."""
    if char.isprintable() and char.isascii():
        return f"'{char}'"
    if char.isprintable():
        return f"'{char}' (U+{ord(char):04X})"
    return f"U+{ord(char):04X}"


def _bad_token(text: str, err: UnexpectedToken) -> ExprProblem:
    token = err.token
    at_end = token.type == "$END"
    end = len(text.rstrip(" \t\r\n"))
    offset = end if at_end else token.start_pos
    width = 1 if at_end else max(1, len(token))
    for state, token_type, message, anchor in _examples():
        if state == err.state.position and token_type == token.type:
            if anchor == "paren":
                return ExprProblem(message, _paren_or(text, offset), 1)
            if anchor == "end":
                return ExprProblem(message, end, 1)
            return ExprProblem(message.format(token=token), offset, width)
    # No example matched: general rules, then the bare token.
    if at_end:
        if "RPAR" in err.accepts:
            return ExprProblem("unclosed '('", _paren_or(text, offset), 1)
        return ExprProblem("expression ends too early", end, 1)
    if token.type == "RPAR" and _open_paren(text, offset) < 0:
        return ExprProblem("unmatched ')'", offset, 1)
    return ExprProblem(f"unexpected '{token}'", offset, width)


def _open_paren(text: str, offset: int) -> int:
    """Offset of the innermost '(' still open before `offset`, or -1."""
    opened: list[int] = []
    for i, char in enumerate(text[:offset]):
        if char == "(":
            opened.append(i)
        elif char == ")" and opened:
            opened.pop()
    return opened[-1] if opened else -1


_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _python_word(text: str) -> ExprProblem | None:
    """The first Python keyword of `text` that the language lacks, as a problem."""
    for match in _WORD.finditer(text):
        message = _PYTHON_WORDS.get(match.group())
        if message is not None:
            return ExprProblem(message, match.start(), len(match.group()))
    return None


def _paren_or(text: str, offset: int) -> int:
    """The open '(' before `offset`, or `offset` itself when there is none."""
    paren = _open_paren(text, offset)
    return offset if paren < 0 else paren
