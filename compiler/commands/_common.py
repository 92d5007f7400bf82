"""Helpers shared by the command modules."""

from __future__ import annotations

import sys

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
