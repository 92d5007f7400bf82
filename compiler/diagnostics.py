"""Diagnostics: every problem durakc reports about a spec, in one format.

    variants/mine.yaml:7:12: error: unknown name 'atack_cards' (did you mean 'attack_cards'?)
        capacity: "atack_cards <= 6"
                   ^~~~~~~~~~~

Problems are collected, never raised one at a time, so a run reports all of
them together (`Diagnostics`).  `SpecError` carries the whole list when a
caller must stop.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field


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

    def format(self) -> str:
        """The problem as ``path:line:col: error: message`` plus the line and a caret."""
        head = f"{self.path}:{self.line}:{self.col}: {self.severity}: {self.message}"
        if not self.source_line or self.line <= 0 or self.col <= 0:
            return head
        text = self.source_line.rstrip("\r\n").expandtabs(1)
        pad = " " * (self.col - 1)
        caret = "^" + "~" * max(0, min(self.width, len(text) - self.col + 1) - 1)
        return f"{head}\n    {text}\n    {pad}{caret}"


@dataclass
class Diagnostics:
    """An ordered collection of diagnostics for one run."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diag: Diagnostic) -> None:
        if diag not in self.items:
            self.items.append(diag)

    def extend(self, diags) -> None:
        for d in diags:
            self.add(d)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __iter__(self):
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def format(self) -> str:
        return "\n".join(d.format() for d in self.items)


class SpecError(Exception):
    """Raised with every diagnostic of a spec when compilation can not go on."""

    def __init__(self, diagnostics):
        self.diagnostics = list(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))


def did_you_mean(word: str, candidates) -> str:
    """`` (did you mean 'x'?)`` for the closest candidate, or an empty string."""
    match = difflib.get_close_matches(word, sorted(candidates), n=1, cutoff=0.6)
    return f" (did you mean '{match[0]}'?)" if match else ""
