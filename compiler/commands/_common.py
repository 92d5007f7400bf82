"""Helpers shared by the command modules."""

from __future__ import annotations

import sys
from types import ModuleType

from compiler.diagnostics import SpecError


def report(exc: SpecError) -> int:
    """Print every diagnostic of a SpecError to stderr; the exit code for spec errors."""
    print(exc.diagnostics and "\n".join(d.format() for d in exc.diagnostics), file=sys.stderr)
    count = len(exc.diagnostics)
    print(f"{count} error{'s' if count != 1 else ''}", file=sys.stderr)
    return 1


def usage_error(message: str) -> int:
    """Print a usage error; exit code 2."""
    print(f"durakc: error: {message}", file=sys.stderr)
    return 2


VARIANT_HELP = "a bundled variant name, a spec file (.yaml) or a generated engine (.py)"
"""How commands describe a VARIANT argument in --help."""


def load_engines(refs: list[str]) -> tuple[list[ModuleType], int | None]:
    """The engine of each reference, or ([], exit code) after printing why one failed.

    A reference is a bundled name, a spec file (compiled into the cache: spec errors are
    printed as diagnostics, exit 1) or a generated engine file; anything else is a usage
    error (exit 2) with "did you mean".
    """
    from compiler.sim.loader import EngineNotFound, load_engine

    engines = []
    for ref in refs:
        try:
            engines.append(load_engine(ref))
        except EngineNotFound as exc:
            return [], usage_error(str(exc))
        except SpecError as exc:
            return [], report(exc)
    return engines, None
