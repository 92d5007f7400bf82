"""Helpers shared by the command modules."""

from __future__ import annotations

import json
import sys
from types import ModuleType

from durakc.diagnostics import SpecError, SpecNotFound, count_text


def report(exc: SpecError) -> int:
    """Print every diagnostic of a SpecError to stderr; the exit code for spec errors.

    A reference that names no readable spec (`SpecNotFound`: no such file or bundled name,
    a file over the size limit) is a usage error instead (exit 2), with its suggestion: every
    command that takes a spec reports a bad reference through here.
    """
    if isinstance(exc, SpecNotFound):
        return usage_error(exc.usage_text)
    _print_text(exc.diagnostics)
    count = len(exc.diagnostics)
    print(f"{count} error{'s' if count != 1 else ''}", file=sys.stderr)
    return 1


MAX_SHOWN = 50
"""Diagnostics a command prints as text; the rest are counted ("... and 19950 more").  The
JSON form (`compile --format json`) lists every one: it is for tools, not for reading."""


def _print_text(diagnostics) -> None:
    """The first MAX_SHOWN diagnostics on stderr, then how many more there are."""
    shown = [d.format() for d in diagnostics[:MAX_SHOWN]]
    if len(diagnostics) > MAX_SHOWN:
        shown.append(f"... and {len(diagnostics) - MAX_SHOWN} more")
    if shown:
        print("\n".join(shown), file=sys.stderr)


def error(message: str) -> None:
    """Print an error in the CLI's one style, ``durakc: error: message``, on stderr."""
    print(f"durakc: error: {message}", file=sys.stderr)


def usage_error(message: str) -> int:
    """Print a usage error (`error`); exit code 2."""
    error(message)
    return 2


VARIANT_HELP = "a bundled variant name, a spec file (.yaml) or a generated engine (.py)"
"""How commands describe a VARIANT argument in --help."""


def load_engines(refs: list[str]) -> tuple[list[ModuleType], int | None]:
    """The engine of each reference, or ([], exit code) after printing why one failed.

    A reference is a bundled name, a spec file (compiled into the cache: spec errors are
    printed as diagnostics, exit 1, and its warnings on stderr) or a generated engine file;
    anything else is a usage error (exit 2) with "did you mean".
    """
    from durakc.loading.engines import EngineNotFound, load_engine, loaded_spec

    engines = []
    for ref in refs:
        try:
            engines.append(load_engine(ref))
        except EngineNotFound as exc:
            return [], usage_error(str(exc))
        except SpecError as exc:
            return [], report(exc)
    for ref in dict.fromkeys(refs):
        spec = loaded_spec(ref)
        if spec is not None:
            print_warnings(spec)
    return engines, None


def print_warnings(spec) -> None:
    """The warnings of a spec file (rules that can never take effect) on stderr, as `durakc
    compile` prints them; nothing when there are none.  For every command that runs a spec."""
    from durakc.analysis.checks import analyse

    print_diagnostics(analyse(spec))


def print_diagnostics(diagnostics, fmt: str = "text") -> None:
    """Every diagnostic (errors and warnings), as text with a count on stderr (the first
    MAX_SHOWN of them) or JSON on stdout (all of them).

    The JSON form is one list of ``{file, line, column, severity, message, hint}``
    objects, printed even when empty, so tools can always parse stdout.
    """
    if fmt == "json":
        print(json.dumps([d.to_json() for d in diagnostics], indent=2, ensure_ascii=False))
        return
    if not diagnostics:
        return
    _print_text(list(diagnostics))
    print(count_text(diagnostics), file=sys.stderr)


def with_warnings(errors, warnings, strict: bool) -> tuple[list, int]:
    """All diagnostics to print (warnings as errors when `strict`) and the exit code."""
    if strict:
        warnings = [w.as_error() for w in warnings]
    diagnostics = list(errors) + list(warnings)
    failed = any(d.severity == "error" for d in diagnostics)
    return diagnostics, 1 if failed else 0
