"""Shared by the native-backend tests: the C compiler, the engines, skip reasons."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for folder in (ROOT, ROOT / "tests"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import durakc.engines
from durakc.native.build import find_compiler, unavailable_reason

CC = find_compiler()
REASON = unavailable_reason()
needs_cc = pytest.mark.skipif(REASON is not None, reason=str(REASON))
"""For tests that build the native backend: skipped, with the reason, where it can not be."""
C_FLAGS = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic"]


def refusal(name: str) -> str | None:
    """Why the C target does not build bundled variant `name` (a capability it lacks), or None."""
    from engine_backend import native_refusal
    return native_refusal(name)


def skip_refused(name: str) -> list:
    """pytest marks for a param of variant `name`: a skip with the reason when it has no C engine."""
    reason = refusal(name)
    return [pytest.mark.skip(reason=reason)] if reason else []


def c_variants() -> list:
    """pytest params: every bundled variant, those without a C engine skipped with the reason."""
    return [pytest.param(name, id=name, marks=skip_refused(name)) for name in durakc.engines.ENGINES]


def native(name: str):
    """The native engine of a bundled variant (built on first use); skips one without a C engine."""
    from durakc.native import load_native
    reason = refusal(name)
    if reason:
        pytest.skip(reason)
    return load_native(name)


def python_engine(name: str):
    return durakc.engines.load(name)


def seats(py, players: int) -> bool:
    """True when Python engine `py` deals `players` (teams.mode refuses some counts in range, PR1)."""
    try:
        py.new_game(players, 0)
    except py.InvalidGame:
        return False
    return True


def variant_players(refused: bool = False) -> list:
    """pytest params (variant, players): every bundled variant at every player count it allows
    (`refused`: at the counts in its range that it refuses instead)."""
    params = []
    for name in durakc.engines.ENGINES:
        py = durakc.engines.load(name)
        for players in range(py.PLAYERS_MIN, py.PLAYERS_MAX + 1):
            if seats(py, players) != refused:
                params.append(pytest.param(name, players, id=f"{name}-{players}",
                                           marks=skip_refused(name)))
    return params


def compile_c(sources: list[Path], out: Path, extra: list[str] | None = None) -> subprocess.CompletedProcess:
    """Compile C sources with the strict flags; the completed process (check its returncode)."""
    return subprocess.run([*CC.split(), *C_FLAGS, *(extra or []), *map(str, sources), "-o", str(out)],
                          capture_output=True, text=True)
