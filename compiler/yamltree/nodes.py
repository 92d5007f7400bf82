"""Positions in YAML source files: the decoded text of a file (`Source`) and the nodes
`durakc.yamltree.read` composes from it (`Node`, `Entry`), each remembering where it starts, so a
problem is reported at its exact line and column (inside a scalar through
`durakc.yamltree.offsets`)."""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from durakc.diagnostics import Diagnostic
from durakc.yamltree.offsets import offset_table

_BREAK = re.compile(r"\r\n|[\r\n\x85\u2028\u2029]")
_BREAKS = "\r\n\x85\u2028\u2029"


# ---------------------------------------------------------------------------
# Source text and positions
# ---------------------------------------------------------------------------
@dataclass
class Source:
    """The decoded text of one file and the name diagnostics show for it."""

    path: str
    text: str
    starts: list[int] = field(init=False, repr=False)
    _lines: dict[int, str] = field(init=False, repr=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.starts = [0] + [m.end() for m in _BREAK.finditer(self.text)]

    def locate(self, index: int) -> tuple[int, int]:
        """1-based (line, column) of a character index into the text."""
        index = max(0, min(index, len(self.text)))
        row = bisect.bisect_right(self.starts, index) - 1
        return row + 1, index - self.starts[row] + 1

    def line_text(self, line: int) -> str | None:
        """The text of 1-based `line` without its line break, or None.

        Cut once per line: every diagnostic of a line then shares one string, so thousands
        of them on one long line cost its length once, not once each."""
        if line < 1 or line > len(self.starts):
            return None
        if line not in self._lines:
            start = self.starts[line - 1]
            end = self.starts[line] if line < len(self.starts) else len(self.text)
            self._lines[line] = self.text[start:end].rstrip(_BREAKS)  # only its own break
        return self._lines[line]

    def diag(self, line: int, col: int, message: str, width: int = 1) -> Diagnostic:
        """A diagnostic at (line, col) of this file, with the source line for the caret."""
        return Diagnostic(self.path, line, col, message, width=max(1, width),
                          source_line=self.line_text(line))


@dataclass
class Entry:
    """One `key: value` pair of a mapping."""

    key: str
    key_node: Node
    value: Node


@dataclass
class Node:
    """A composed YAML node with its position.

    `kind` is ``scalar``, ``map`` or ``seq``.  For scalars `value` is the
    resolved Python value (str, int, float, bool or None) and `text` the
    scalar's string as written (after unquoting); for sequences `value` is a
    list of nodes; for mappings a list of `Entry`.  `style` is None for plain
    scalars, else one of ``'`` ``"`` ``|`` ``>``.
    """

    kind: str
    value: object
    src: Source
    start: int
    end: int
    text: str = ""
    style: str | None = None
    tag: str = ""

    @property
    def line(self) -> int:
        return self.src.locate(self.start)[0]

    @property
    def col(self) -> int:
        return self.src.locate(self.start)[1]

    @property
    def entries(self) -> list[Entry]:
        """The pairs of a mapping node (empty for other kinds)."""
        return list(self.value) if self.kind == "map" else []

    @property
    def items(self) -> list[Node]:
        """The items of a sequence node (empty for other kinds)."""
        return list(self.value) if self.kind == "seq" else []

    def get(self, key: str) -> Entry | None:
        """The entry of a mapping with this key text, or None."""
        return next((e for e in self.entries if e.key == key), None)

    def position(self, offset: int = 0) -> tuple[int, int]:
        """1-based (line, col) in the file of character `offset` of a scalar's text."""
        if self.kind != "scalar":
            return self.line, self.col
        return self.src.locate(self._index_of(offset))

    def diag(self, message: str, offset: int = 0, width: int | None = None) -> Diagnostic:
        """A diagnostic at `offset` into this node (the whole scalar when width is None)."""
        line, col = self.position(offset)
        if width is None:
            width = self._width()
        return self.src.diag(line, col, message, width)

    def plain(self) -> object:
        """The node as plain Python data (dicts keep key order)."""
        if self.kind == "map":
            return {e.key: e.value.plain() for e in self.entries}
        if self.kind == "seq":
            return [n.plain() for n in self.items]
        return self.value

    def _width(self) -> int:
        if self.kind != "scalar" or self.style in ("|", ">"):
            return 1
        line, _ = self.src.locate(self.start)
        end_line, _ = self.src.locate(self.end)
        return max(1, self.end - self.start) if line == end_line else 1

    def _index_of(self, offset: int) -> int:
        table = offset_table(self.src.text, self.start, self.end, self.style, self.text)
        if not table:
            return self.start + (1 if self.style in ("'", '"') else 0)
        offset = max(0, offset)
        if offset < len(table):
            return table[offset]
        return table[-1] + 1 + (offset - len(table))


__all__ = ["Entry", "Node", "Source"]
