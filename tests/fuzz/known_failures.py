"""Failure classes of the spec fuzz that are known and being fixed (issue 29, item 4).

TEMPORARY.  Each entry is one class the spec fuzz (tests/fuzz/test_spec_targets.py) finds on
today's main, named by its minimal spec in ../shared/repros/ (or tests/specs/fuzz-found/).
A fuzzed spec that fails in a way an entry matches is reported as an expected failure
(xfail, with the entry's name) instead of failing the suite, so the suite stays green until
the fix merges.  When a fix is merged, delete its entry: the fuzz then holds the fix.
A failure no entry matches fails the test.

An entry matches on the failing stage (`TargetFailure.stage`), a regular expression searched
in the failure's text, and optionally a condition on the spec's effective rule values.
Keep the patterns narrow: an entry that matches too much hides the next bug.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    """A known failure class: its repro's name, where and how it shows."""

    repro: str
    stages: tuple[str, ...]
    pattern: str
    when: Callable[[dict], bool] | None = None

    def matches(self, stage: str, text: str, values: dict) -> bool:
        """Whether a failure at `stage` with `text`, of a spec with rule `values`, is this class."""
        return (stage in self.stages and re.search(self.pattern, text, re.DOTALL) is not None
                and (self.when is None or self.when(values)))


def _opening_condition(values: dict) -> bool:
    return not isinstance(values["attack.opening"], str)


def _offers_redeal(values: dict) -> bool:
    return values["deal.offer_redeal"].text != "false"


_DIVERGE = ("Python vs reference", "native vs Python")
_STRICT = ("strict gcc", "strict clang")
_BUILD = ("Python target", "C target", "native build")

KNOWN: tuple[Known, ...] = ()
"""The known classes, by the helper that fixes them (ctarget, diverge)."""


def known_class(stage: str, text: str, values: dict) -> str | None:
    """The repro name of the known class a failure belongs to, or None (a new failure).  A
    compiler's failure is known only when each of its error lines is."""
    if stage in _STRICT:
        lines = [ln for ln in text.splitlines() if "error:" in ln] or [text]
        names = [_first(stage, line, values) for line in lines]
        return None if None in names else names[0]
    return _first(stage, text, values)


def _first(stage: str, text: str, values: dict) -> str | None:
    for known in KNOWN:
        if known.matches(stage, text, values):
            return known.repro
    return None
