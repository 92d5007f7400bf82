"""Diagnostics: every problem durakc reports about a spec, in one format.

    variants/mine.yaml:7:12: error: unknown name 'atack_cards' (did you mean 'attack_cards'?)
        capacity: "atack_cards <= 6"
                   ^~~~~~~~~~~

Problems are collected, never raised one at a time, so a run reports all of
them together (`Diagnostics`).  `SpecError` carries the whole list when a
caller must stop.  A diagnostic's severity is ``error`` (the spec is refused)
or ``warning`` (the spec compiles, but part of it can never take effect; see
`durakc.analysis.checks`); an optional hint is printed under the caret.
"""

from __future__ import annotations

import difflib
import re
from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import accumulate

_DID_YOU_MEAN = re.compile(r" \(did you mean '[^']*'\?\)")

MAX_SHOWN = 160
"""Longest source line shown whole under a caret (characters); a longer one is elided."""

CONTEXT = 60
"""Characters of an elided line shown before the column (the rest of the window after it)."""


@dataclass(frozen=True)
class Diagnostic:
    """One problem at a 1-based line and column of a file (0 when unknown)."""

    path: str
    line: int
    col: int
    message: str
    width: int = 1
    source_line: str | None = None
    severity: str = "error"
    hint: str | None = None

    def format(self) -> str:
        """The problem as ``path:line:col: error: message`` plus the line, a caret, the hint.

        A position that is not known is left out (``path: error: message``).  Control and
        undecodable characters are escaped (`printable`), and a long source line is shown
        as a window around the column (`source_window`), the caret under the same character.
        """
        where = self.path
        if self.line > 0:
            where += f":{self.line}:{self.col}" if self.col > 0 else f":{self.line}"
        head = printable(f"{where}: {self.severity}: {self.message}")
        tail = f"\n    hint: {printable(self.hint)}" if self.hint else ""
        if not self.source_line or self.line <= 0 or self.col <= 0:
            return head + tail
        text, pad, width = source_window(self.source_line, self.col, self.width)
        return f"{head}\n    {text}\n    {' ' * pad}^{'~' * (width - 1)}{tail}"

    def as_error(self) -> Diagnostic:
        """The same diagnostic with severity ``error`` (for ``--strict``)."""
        return replace(self, severity="error")

    def to_json(self) -> dict:
        """``{file, line, column, severity, message, hint}``; unknown positions are None.

        The hint is the explicit one, else the "(did you mean 'x'?)" of the
        message (which stays in the message too).
        """
        hint = self.hint
        if hint is None:
            match = _DID_YOU_MEAN.search(self.message)
            hint = match.group()[2:-1] if match else None
        return {"file": self.path, "line": self.line or None, "column": self.col or None,
                "severity": self.severity, "message": self.message, "hint": hint}


@dataclass
class Diagnostics:
    """An ordered collection of diagnostics for one run."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diag: Diagnostic) -> None:
        if diag not in self.items:
            self.items.append(diag)

    def extend(self, diags: Iterable[Diagnostic]) -> None:
        for d in diags:
            self.add(d)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def format(self) -> str:
        return "\n".join(d.format() for d in self.items)


class SpecError(Exception):
    """Raised with every diagnostic of a spec when compilation can not go on."""

    def __init__(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))



class SpecNotFound(SpecError):
    """A reference that names no readable spec: no such file or bundled variant, a folder, a
    file that can not be read or is over the size limit.

    Not a problem *in* a spec, so it has no line: commands report it as a usage error
    (exit 2) with its suggestion (`usage_text`).  It is a `SpecError`, so code that catches
    those keeps working; its one diagnostic carries no position.
    """

    def __init__(self, ref: str, reason: str):
        self.ref = ref
        self.reason = reason
        super().__init__([Diagnostic(ref, 0, 0, reason)])

    @property
    def usage_text(self) -> str:
        """``REF: reason (did you mean ...?)``, for a usage error."""
        return f"{self.ref}: {self.reason}"


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest candidate, or an empty string."""
    match = difflib.get_close_matches(word, sorted(candidates), n=1, cutoff=0.6)
    return f" (did you mean '{match[0]}'?)" if match else ""


def printable(text: str, keep: str = "\n\t") -> str:
    """`text` safe to print on a terminal: control, format and undecodable characters escaped.

    What Python does not count as printable (a control character such as ``\\x1b``, an
    invisible format character such as the bidi override ``\\u202e``, a space other than
    ' ', a line separator) becomes its Python escape; a byte that was not
    UTF-8 (decoded with ``surrogateescape``) becomes ``\\xNN``.  Characters of `keep` stay.
    """
    if text.isprintable():
        return text
    return "".join(_escape(ch, keep) for ch in text)


def _escape(ch: str, keep: str = "") -> str:
    if ch in keep or ch.isprintable():
        return ch
    code = ord(ch)
    if 0xDC80 <= code <= 0xDCFF:  # an undecodable byte, as surrogateescape keeps it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 \
        else f"\\U{code:08x}"


def source_window(line: str, col: int, width: int = 1) -> tuple[str, int, int]:
    """How a source line is shown under a message: (text, spaces before the caret, caret width).

    Each character is shown as `printable` shows it (a tab as one space, so columns stay
    put); a line longer than `MAX_SHOWN` is cut to a window around column `col` (1-based)
    marked ``...`` at each cut end.  The caret covers `width` characters from `col`, within
    the text shown.  The line's layout is computed once per line (`_layout`), so many
    diagnostics on one long line cost the window each, not the line each.
    """
    pieces, starts = _layout(line)
    first = min(max(col, 1) - 1, len(pieces))        # len(pieces): just past the line's end
    last = min(first + max(width, 1), len(pieces))
    total = starts[-1]
    if total <= MAX_SHOWN:
        return "".join(pieces), starts[first], max(1, starts[last] - starts[first])
    low = max(0, min(starts[first] - CONTEXT, total - MAX_SHOWN))   # <= the caret's column
    begin = bisect_left(starts, low)                                 # <= first
    end = bisect_right(starts, low + MAX_SHOWN) - 1                  # >= first
    head = "..." if begin > 0 else ""
    tail = "..." if end < len(pieces) else ""
    caret = max(1, starts[min(last, end)] - starts[first])
    return head + "".join(pieces[begin:end]) + tail, len(head) + starts[first] - starts[begin], caret


@lru_cache(maxsize=16)
def _layout(line: str) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """A source line's shown pieces (one per character, as `source_window` shows it) and
    where each starts in the shown text (plus the total width last): increasing, since
    every piece is at least one character wide."""
    pieces = tuple(" " if ch == "\t" else _escape(ch) for ch in line.rstrip("\r\n"))
    return pieces, tuple(accumulate((len(p) for p in pieces), initial=0))


def count_text(diagnostics: Iterable[Diagnostic]) -> str:
    """'2 errors', '1 warning', '1 error, 3 warnings'."""
    diagnostics = list(diagnostics)
    parts = []
    for severity in ("error", "warning"):
        count = sum(1 for d in diagnostics if d.severity == severity)
        if count:
            parts.append(f"{count} {severity}{'s' if count != 1 else ''}")
    return ", ".join(parts)
