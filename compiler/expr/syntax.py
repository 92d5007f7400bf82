"""Parsing expression text: the Lark parser over `expr.lark`, the limits of one text, and
syntax errors in plain words.

`parse(text)` returns the parse tree, or the one `ExprProblem` that stops parsing; the
checker (`durakc.expr.check`) only ever sees trees `parse` has passed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from lark import Lark, Tree, UnexpectedCharacters, UnexpectedInput, UnexpectedToken

MAX_LENGTH = 2000
"""Longest expression text accepted, in characters."""

MAX_DEPTH = 100
"""Deepest nesting of operators accepted in one expression text."""


@dataclass(frozen=True)
class ExprProblem:
    """A problem in an expression text: `offset` is a 0-based character offset."""

    message: str
    offset: int
    width: int = 1


_PARSER = Lark(
    (Path(__file__).with_name("expr.lark")).read_text(encoding="utf-8"),
    parser="lalr",
    # The basic lexer makes `and`, `or`, ... keywords everywhere, never names.
    lexer="basic",
    propagate_positions=True,
    maybe_placeholders=True,
)


def parse(text: str) -> Tree | ExprProblem:
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
    ("#", "comments are not allowed"),
)

# Python words that make no sense here; named when parsing fails around them.
_PYTHON_WORDS = {
    "lambda": "lambdas are not allowed",
    "is": "use '==' instead of 'is'",
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
    ("subscripts are not allowed (a list stands on its own: [K, A])", "token",
     ["a[0]", "1[0]", "a.b[0]", "(a)[0]", "min(a, b)[0]", "[a][0]"]),
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
