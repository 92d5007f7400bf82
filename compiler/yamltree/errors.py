"""YAML syntax errors in plain words, learnt from a table of malformed examples.

PyYAML reports a syntax error in its parser's terms (``expected <block end>, but found
'<block mapping start>'``) and often at a place other than the mistake.  Each entry of
`EXAMPLES` is a message, where to point, and small inputs that make that mistake.  An
error is matched by its *signature* (the error class, PyYAML's context and problem, and the
shape of the line at the error) against the signatures of the examples, in the spirit of
lark's ``match_examples``; an error no example explains keeps PyYAML's words, with its
jargon translated.

Where to point: ``problem`` (PyYAML's problem mark), ``context`` (its context mark, e.g.
where an unclosed quote opens) or ``line above`` (the previous non-blank line).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import yaml

_MISSING_COLON = "a key is missing its ':'"

EXAMPLES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    (("this line is indented differently from the lines above it (the keys of one mapping "
     "must start in the same column)"), "problem",
     ("rules:\n  attack:\n    limit: 4\n   transfer: {}\n",
      "sources:\n  - a\n - b\n", "# a comment\n  name: x\ntitle: y\n")),
    (("this line is indented more than the line above it, but that line already has a value "
     "(indent a key only under a key with nothing after its ':')"), "problem",
     ("name: x\ntitle: y\n  extra: 1\n", "rules:\n  attack: 1\n    limit: 4\n")),
    (_MISSING_COLON, "context",
     ("name: x\ntitle y\nrules: {}\n", "name: x\ntitle: y\nrules\n")),
    (_MISSING_COLON, "line above",
     ("rules:\n  attack\n  limit: 3\n", "rules:\n  attack\n limit: 3\n")),
    ("a value contains ': ' (put the value in quotes)", "problem",
     ("name: a: b\n", "title: note: it\n")),
    ("unclosed quote: this string has no closing {quote}", "context",
     ('name: x\ntitle: "abc\nrules: {}\n', "name: x\ntitle: 'abc\n", 'title: "abc',
      'sources: ["a, b]\n')),
    ("a tab is used for indentation: indent with spaces only", "problem",
     ("name: x\nrules:\n\tattack: 1\n", "rules:\n  attack:\n  \tlimit: 1\n")),
    ("a tab after ':': separate a key from its value with a space", "problem",
     ("name:\tx\n",)),
    ("a tab character is not allowed here: use spaces", "problem",
     ("na\tme: x\n", "name: x\nti\ttle: y\n", "rules:\n  players\t\n",
      "rules:\n  a:\n    b: 1\n  c\td: 2\n")),
    ("'{char}' can not start a value: put the value in quotes", "problem",
     ("title: @home\n", "title: `home`\n", "sources: [a, |]\n")),
    ("the list opened at line {open} is not closed, or a ',' is missing between its items",
     "problem",
     ("sources: [a, b\nname: x\n", "sources: [a, b\n", "sources: [a, b: c d: e]\n")),
    ("the mapping opened at line {open} is not closed, or a ',' is missing between its items",
     "problem",
     ("rules: {a: 1\nname: x\n", "rules: {a: 1\n", "rules: {a: 1 b: 2}\n")),
    ("a list item ('- ') where a key was expected (indent the list under its key)", "problem",
     ("name: x\n- a\n", "rules:\n  attack:\n    limit: 4\n  - x\n")),
    (("this line belongs to a list but is not an item of it (start it with '- ', or indent "
     "it less)"), "problem",
     ("sources:\n  - a\n  b: 1\n",)),
    ("text after the closing quote (put the whole value in quotes)", "problem",
     ('title: "abc" def\n', "title: 'abc' def\n")),
    (("unknown escape '\\{char}' in a double-quoted string (write '\\\\' for a backslash, or "
     "use single quotes)"), "problem",
     ('title: "a\\qb"\n',)),
    ("a ':' with no key before it", "problem",
     (": x\n", "name: x\n: y\n")),
    ("a '}}' or ']' that closes nothing", "problem",
     ("rules: {a: 1}}\n", "sources: [a]]\n")),
    ("'|' and '>' must end their line (the text goes on the lines below, indented)", "problem",
     ("title: |x\n  a\n", "title: >x\n  a\n", "description: > some text\n")),
    ("a value is missing here (found {found})", "problem",
     ("rules:\n  attack:\n    limit: }\n", "sources: [a, , b]\n", "sources: [a,\n",
      "rules: {a: 1, ]}\n")),
    (("a list item ('- ') can not follow a key on the same line (put it on the next line, "
     "indented)"), "problem",
     ("rules:\n  max: - a\n",)),
    ("a line starting with '%' is a YAML directive (put the value in quotes)", "problem",
     ("%x\nname: 1\n",)),
    ("a spec must be a single YAML document (found a second one)", "problem",
     ("a: 1\n---\nb: 2\n",)),
)
"""(message, where to point, malformed examples).  Messages may use {char} (the character
PyYAML names), {quote} (the character at the context mark) and {open} (line:column of the
context mark)."""

_JARGON = (
    ("<block end>", "the end of the indented block"),
    ("<block mapping start>", "a more indented key"),
    ("<block sequence start>", "a list"),
    ("<scalar>", "a value"),
    ("<stream end>", "the end of the file"),
    ("<document start>", "'---'"),
    ("simple key", "key"),
    ("block mapping", "mapping"),
    ("block collection", "list"),
)


@dataclass(frozen=True)
class Explained:
    """A YAML error in plain words, at the 0-based index of the character it is about."""

    message: str
    index: int
    width: int = 1


def explain(text: str, exc: yaml.MarkedYAMLError) -> Explained:
    """The plain-words message for `exc`, raised while composing `text`."""
    entry = _match(signature(text, exc))
    values = _values(text, exc)
    if entry is None:
        return Explained(_fallback(exc), _mark_index(exc.problem_mark or exc.context_mark))
    message, where = entry
    if where == "line above":
        start, end = _line_above(text, exc.problem_mark.index)
        return Explained(_refine(message.format(**values), text, start), start,
                         max(1, end - start))
    mark = exc.context_mark if where == "context" and exc.context_mark else exc.problem_mark
    index = _mark_index(mark)
    return Explained(_refine(message.format(**values), text, index), index)


def _refine(message: str, text: str, index: int) -> str:
    """A more precise message once the line is known: `key:value` lacks only a space."""
    if message == _MISSING_COLON:
        end = text.find("\n", index)
        if re.match(r"[^\s:#]+:\S", text[index:end if end >= 0 else len(text)]):
            return "a ':' needs a space after it (write 'key: value')"
    return message


def signature(text: str, exc: yaml.MarkedYAMLError) -> tuple[str, str, str, str]:
    """What identifies a kind of mistake: class, context, problem, shape of the line."""
    problem = re.sub(r"escape character '.*'$", "escape character '?'", exc.problem or "")
    problem = re.sub(r"character '[^\t]' that", "character '?' that", problem)
    if exc.context and ("flow" in exc.context or "block scalar" in exc.context
                        or "block node" in exc.context):
        problem = re.sub(r"(found|got) '.*'$", r"\1 '?'", problem)
    return type(exc).__name__, exc.context or "", problem, _shape(text, exc)


def _shape(text: str, exc) -> str:
    """How the error's line looks before the error: after a colon, only blanks, or its
    indentation against the previous non-blank line (deeper, same, shallower, first)."""
    mark = exc.problem_mark
    if mark is None:
        return ""
    line_start = text.rfind("\n", 0, mark.index) + 1
    before = text[line_start:mark.index]
    if ": " in before or before.endswith(":"):
        return "colon"
    if not before.strip():
        return "leading"
    above = _line_above(text, mark.index)
    if above[0] == above[1]:
        return "first"
    mine, theirs = _indent(text, line_start), _indent(text, text.rfind("\n", 0, above[0]) + 1)
    return "deeper" if mine > theirs else "same" if mine == theirs else "shallower"


def _indent(text: str, line_start: int) -> int:
    end = text.find("\n", line_start)
    line = text[line_start:end if end >= 0 else len(text)]
    return len(line) - len(line.lstrip(" "))


def _line_above(text: str, index: int) -> tuple[int, int]:
    """(start, end) of the content of the nearest non-blank, non-comment line above."""
    line_start = text.rfind("\n", 0, index) + 1
    while line_start > 0:
        prev_start = text.rfind("\n", 0, line_start - 1) + 1
        line = text[prev_start:line_start - 1]
        content = line.strip()
        if content and not content.startswith("#"):
            start = prev_start + len(line) - len(line.lstrip())
            return start, prev_start + len(line.rstrip())
        line_start = prev_start
    return 0, 0


def _values(text: str, exc) -> dict[str, str]:
    quoted = re.search(r"'(.*)'", exc.problem or "")
    char = quoted.group(1) if quoted else "?"
    mark = exc.context_mark
    quote = text[mark.index] if mark is not None and mark.index < len(text) else "quote"
    where = f"{mark.line + 1}, column {mark.column + 1}" if mark is not None else "?"
    return {"char": char, "quote": quote, "open": where, "found": _plain(f"'{char}'")}


def _mark_index(mark) -> int:
    return mark.index if mark is not None else 0


def _fallback(exc) -> str:
    message = f"invalid YAML: {exc.problem or exc.context or 'syntax error'}"
    if exc.context and exc.problem:
        message += f" ({exc.context.strip()})"
    return _plain(message)


def _plain(text: str) -> str:
    """PyYAML's token names in plain words."""
    for jargon, plain in _JARGON:
        text = text.replace(f"'{jargon}'", plain).replace(jargon, plain)
    return text


_TABLE: dict[tuple, tuple[str, str]] | None = None
_LOOSE: dict[tuple, tuple[str, str] | None] = {}


def _match(sig: tuple) -> tuple[str, str] | None:
    """The (message, where) of the examples with this signature; else of every example
    with the same class, context and problem, if they all agree; else None."""
    table = example_table()
    if sig in table:
        return table[sig]
    return _LOOSE.get(sig[:3])


def example_table() -> dict[tuple, tuple[str, str]]:
    """Signature -> (message, where), built once from `EXAMPLES`."""
    global _TABLE
    if _TABLE is None:
        table: dict[tuple, tuple[str, str]] = {}
        for message, where, examples in EXAMPLES:
            for example in examples:
                sig = example_signature(example)
                table.setdefault(sig, (message, where))
                loose = sig[:3]
                _LOOSE[loose] = (message, where) if _LOOSE.get(loose, (message, where)) \
                    == (message, where) else None
        _TABLE = table
    return _TABLE


def example_signature(example: str) -> tuple:
    """The signature of the error an example makes (ValueError if it makes none)."""
    try:
        yaml.compose(example, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        return signature(example, exc)
    raise ValueError(f"not a YAML error: {example!r}")
