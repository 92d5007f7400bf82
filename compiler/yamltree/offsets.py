"""Where each character of a YAML scalar's value lies in the file (`durakc.yamltree.read`): the
source characters that stand for it, across quoting, escapes, folding and indentation, so
that a problem in the middle of an expression string is reported at its own column.
"""

from __future__ import annotations

import re

_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v",
    "f": "\f", "r": "\r", "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\",
    "N": "\x85", "_": "\xa0", "L": "\u2028", "P": "\u2029",
}
_BREAKS = "\r\n\x85\u2028\u2029"
_LOOKAHEAD = 200
_HEX_LEN = {"x": 2, "u": 4, "U": 8}


def offset_table(source: str, start: int, end: int, style: str | None, text: str) -> list[int]:
    """For each character of `text`, the value of a scalar written as `source[start:end]`
    in style `style`, its index in `source`.

    The scalar's text is aligned with its source characters; a line break of
    the source matches the space or break that folding turns it into.
    """
    raw = source[start:end]
    units = _raw_units(raw, style)
    table: list[int] = []
    pos = 0
    for char in text:
        found = _find_unit(units, pos, char)
        if found is None:
            table.append(start + (units[pos][0] if pos < len(units) else len(raw)))
            continue
        table.append(start + units[found][0])
        pos = found + 1
    return table


def _find_unit(units: list[tuple[int, str]], pos: int, char: str) -> int | None:
    for i in range(pos, min(len(units), pos + _LOOKAHEAD)):
        unit = units[i][1]
        if unit == char or (char in " \n" and unit in _BREAKS):
            return i
    return None


def _raw_units(raw: str, style: str | None) -> list[tuple[int, str]]:
    """(index, character) pairs of a scalar's source that may stand for text characters.

    Indentation is left out: all leading blanks of a continuation line of a
    flow scalar, the content indentation of a block scalar.
    """
    if style in ("|", ">"):
        first = _BREAK.search(raw)
        begin = first.end() if first else len(raw)
        units = [(i, raw[i]) for i in range(begin, len(raw))]
        return _drop_indent(units, raw, _block_indent(raw[begin:]))
    if style == '"':
        units = _double_quoted_units(raw)
    else:
        begin = 1 if style == "'" else 0
        units = [(i, raw[i]) for i in range(begin, len(raw))]
    return _drop_indent(units, raw, None)


def _block_indent(content: str) -> int:
    for line in _BREAK.split(content):
        if line.strip(" "):
            return len(line) - len(line.lstrip(" "))
    return 0


def _drop_indent(units: list[tuple[int, str]], raw: str, indent: int | None):
    """Leave out blanks at the start of lines (at most `indent` of them, if given)."""
    kept = []
    line_start = 0
    in_indent = False
    for index, char in units:
        if index > 0 and raw[index - 1] in _BREAKS:
            line_start, in_indent = index, True
        in_indent = in_indent and char in " \t"
        if in_indent and (indent is None or index - line_start < indent):
            continue
        kept.append((index, char))
    return kept


def _double_quoted_units(raw: str) -> list[tuple[int, str]]:
    units: list[tuple[int, str]] = []
    i = 1
    while i < len(raw):
        char = raw[i]
        if char != "\\" or i + 1 >= len(raw):
            units.append((i, char))
            i += 1
            continue
        code = raw[i + 1]
        if code in _HEX_LEN:
            digits = raw[i + 2:i + 2 + _HEX_LEN[code]]
            try:
                units.append((i, chr(int(digits, 16))))
            except (ValueError, OverflowError):
                pass
            i += 2 + _HEX_LEN[code]
        elif code in _ESCAPES:
            units.append((i, _ESCAPES[code]))
            i += 2
        else:
            i += 2
    return units


__all__ = ["offset_table"]
