"""Spec data rendered as Python source that can only ever be data.

Everything a spec says that is not an expression (names, titles, descriptions,
sources, file labels) reaches the generated engine through these functions:
`py_literal` emits literals built with `repr` (no quote, backslash or newline
can escape a string literal), and `doc_text` escapes text for a docstring.
"""

from __future__ import annotations

import textwrap

_INDENT = "    "


def py_literal(value, level: int = 0) -> str:
    """Deterministic Python source for JSON-like data (dict, list, tuple, str, int, bool, None)."""
    pad = _INDENT * (level + 1)
    end = _INDENT * level
    if isinstance(value, dict):
        if not value:
            return "{}"
        items = [f"{pad}{py_literal(str(k))}: {py_literal(v, level + 1)}," for k, v in value.items()]
        return "{\n" + "\n".join(items) + f"\n{end}}}"
    if isinstance(value, (list, tuple)):
        inner = [py_literal(v, level + 1) for v in value]
        one_line = ", ".join(inner)
        if isinstance(value, tuple):
            one_line += "," if len(inner) == 1 else ""
            return f"({one_line})"
        if len(one_line) <= 60 and "\n" not in one_line:
            return f"[{one_line}]"
        return "[\n" + "".join(f"{pad}{x},\n" for x in inner) + f"{end}]"
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        return repr(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value)
    raise TypeError(f"not literal data: {type(value).__name__}")


def doc_text(title: str, description: str = "", width: int = 88) -> str:
    """Docstring body: the title, a blank line, the wrapped description; quotes escaped."""
    parts = [_escape(" ".join(title.split()))]
    if description.strip():
        parts.append("")
        parts.extend(_escape(line) for line in textwrap.wrap(" ".join(description.split()), width))
    return "\n".join(parts)


def _escape(text: str) -> str:
    out = []
    for ch in text:
        if ch == "\\":
            out.append("\\\\")
        elif ch == '"':
            out.append('\\"')
        elif ch.isprintable():
            out.append(ch)
        else:
            out.append(ch.encode("unicode_escape").decode("ascii"))
    return "".join(out)
