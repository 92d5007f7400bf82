"""Diagnostics: every problem durakc reports about a spec, in one format.

    variants/mine.yaml:7:12: error: unknown name 'atack_cards' (did you mean 'attack_cards'?)
        capacity: "atack_cards <= 6"
                   ^~~~~~~~~~~

Problems are collected, never raised one at a time, so a run reports all of
them together (`Diagnostics`).  `SpecError` carries the whole list when a
caller must stop.  A diagnostic's severity is ``error`` (the spec is refused)
or ``warning`` (the spec compiles, but part of it can never take effect; see
`durakc.analysis`); an optional hint is printed under the caret.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

_DID_YOU_MEAN = re.compile(r" \(did you mean '[^']*'\?\)")


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
        """The problem as ``path:line:col: error: message`` plus the line, a caret, the hint."""
        head = f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"
        tail = f"\n    hint: {self.hint}" if self.hint else ""
        if not self.source_line or self.line <= 0 or self.col <= 0:
            return head + tail
        text = self.source_line.rstrip("\r\n").expandtabs(1)
        pad = " " * (self.col - 1)
        caret = "^" + "~" * max(0, min(self.width, len(text) - self.col + 1) - 1)
        return f"{head}\n    {text}\n    {pad}{caret}{tail}"

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


def did_you_mean(word: str, candidates: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the closest candidate, or an empty string."""
    match = difflib.get_close_matches(word, sorted(candidates), n=1, cutoff=0.6)
    return f" (did you mean '{match[0]}'?)" if match else ""
