"""A spec given as text (the editor's), checked and compiled exactly like a spec file.

The text is written to a file named `DISPLAY` in a folder of its own (named by the text's
sha256), loaded with `durakc.spec.load_spec` and removed again, so every check, message and
`extends` of a bundled name behaves as in `durakc compile`.  Diagnostics then name the file
`DISPLAY` (``playground.yaml:7:12: error: ...``), not the folder it was written to.  The
folder holds only that file, so `extends` always finds the bundled parent.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from contextlib import contextmanager, suppress
from dataclasses import replace
from pathlib import Path
from types import ModuleType

from durakc.analysis.checks import analyse
from durakc.diagnostics import Diagnostic, SpecError
from durakc.spec import Spec, load_spec

DISPLAY = "playground.yaml"
"""The file name diagnostics give a spec typed in the browser."""

MAX_DIAGNOSTICS = 100
"""Diagnostics sent for one spec by default (`Limits.max_diagnostics`)."""


class SpecProblem(Exception):
    """A spec that can not be used for a game or a comparison: its diagnostics (as JSON)."""

    def __init__(self, message: str, diagnostics: list[dict]):
        super().__init__(message)
        self.diagnostics = diagnostics


def text_digest(text: str) -> str:
    """The name of the folder `spec_file` writes `text` in: its sha256, 32 hex digits (the
    static site's comparisons know a bundled spec's file by it, durakc.web.wasm_games)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


@contextmanager
def spec_file(text: str, folder: Path):
    """`text` written to a file named DISPLAY while the block runs, then removed.

    The file is ``folder/<pid>/<sha256 of text>/DISPLAY``: the same text has the same path
    (engines loaded by path are found again), and no two processes share a file.
    """
    path = folder / str(os.getpid()) / text_digest(text) / DISPLAY
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8", newline="")
    try:
        yield path
    finally:
        shutil.rmtree(path.parent, ignore_errors=True)


def _shown(diagnostics: list[Diagnostic], path: Path) -> list[Diagnostic]:
    """`diagnostics` naming `DISPLAY` where they name the written file (however the loader
    spells that file's path: as given, or resolved).  The spellings are found once per file
    named, not once per diagnostic (a spec may have thousands)."""
    spellings = {str(path), str(path.resolve())}
    for name in {d.path for d in diagnostics} - spellings:
        if _same_file(name, path):
            spellings.add(name)
    ordered = sorted(spellings, key=len, reverse=True)
    return [_renamed(d, ordered) for d in diagnostics]


def _renamed(diag: Diagnostic, spellings: list[str]) -> Diagnostic:
    message, where = diag.message, diag.path
    for real in spellings:
        message, where = message.replace(real, DISPLAY), where.replace(real, DISPLAY)
    if (message, where) == (diag.message, diag.path):
        return diag
    return replace(diag, path=where, message=message)


def _same_file(name: str, path: Path) -> bool:
    try:
        return Path(name).resolve() == path.resolve()
    except (OSError, ValueError, RuntimeError):
        return False


def diagnostic_json(diag: Diagnostic) -> dict:
    """`Diagnostic.to_json()` plus the caret's `width` and `text`, the diagnostic exactly as
    `durakc compile` prints it (path:line:col, the line, the caret, the hint)."""
    return diag.to_json() | {"width": diag.width, "text": diag.format()}


def diagnostics_json(diagnostics: list[Diagnostic], cap: int = MAX_DIAGNOSTICS) -> dict:
    """``{"diagnostics": the first `cap` as JSON, "more": how many more there are}``: a spec
    with thousands of errors is answered (and drawn) at the cost of `cap` of them."""
    return {"diagnostics": [diagnostic_json(d) for d in diagnostics[:cap]],
            "more": max(0, len(diagnostics) - cap)}


def check_text(text: str, folder: Path) -> tuple[Spec | None, list[Diagnostic]]:
    """The spec (None when it has errors) and every diagnostic `durakc compile` gives it:
    its errors, else its warnings (rules that can never take effect)."""
    with spec_file(text, folder) as path:
        try:
            spec = load_spec(path)
        except SpecError as exc:
            return None, _shown(exc.diagnostics, path)
        return spec, _shown(analyse(spec), path)


def load_text(text: str, folder: Path, cap: int = MAX_DIAGNOSTICS) -> Spec:
    """The checked spec of `text`; `SpecProblem` with its first `cap` diagnostics when it
    has errors."""
    spec, diagnostics = check_text(text, folder)
    if spec is None:
        raise _problem(diagnostics, cap)
    return spec


def engine_of(text: str, folder: Path, cap: int = MAX_DIAGNOSTICS) -> tuple[ModuleType, str]:
    """The engine module compiled from `text` through the engine cache, and the reference
    (`durakc.loading.engines.load_engine` accepts it, in any process) that names it.  The
    engine's folder in the cache is marked used now (`prune_engines` removes the oldest)."""
    from durakc.loading.engines import load_engine

    with spec_file(text, folder) as path:
        try:
            engine = load_engine(str(path))
        except SpecError as exc:
            raise _problem(_shown(exc.diagnostics, path), cap) from None
    with suppress(OSError, TypeError):
        os.utime(Path(engine.__file__).parent)
    return engine, str(path)


def prune_engines(cache: Path, keep: int) -> None:
    """Leave the `keep` engines of the engine cache folder `cache` used last; remove the rest
    (each engine is a folder of its own, named by its source's sha256)."""
    try:
        folders = [p for p in cache.iterdir() if p.is_dir()]
    except OSError:
        return
    folders.sort(key=_mtime, reverse=True)
    for old in folders[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


def problem_message(count: int) -> str:
    """What a request that needs a good spec answers when it has `count` errors."""
    return (f"the spec has {count} error{'s' if count != 1 else ''}: fix "
            f"{'it' if count == 1 else 'them'} in the editor first")


def _problem(diagnostics: list[Diagnostic], cap: int) -> SpecProblem:
    count = sum(d.severity == "error" for d in diagnostics)
    return SpecProblem(problem_message(count), diagnostics_json(diagnostics, cap)["diagnostics"])
