"""Shared by the native-backend tests: the C compiler, the engines, skip reasons."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import generated
from compiler.native.build import find_compiler, unavailable_reason

CC = find_compiler()
REASON = unavailable_reason()
needs_cc = pytest.mark.skipif(REASON is not None, reason=str(REASON))
"""For tests that build the native backend: skipped, with the reason, where it can not be."""
C_FLAGS = ["-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-pedantic"]


def native(name: str):
    """The native engine of a bundled variant (built on first use)."""
    from compiler.native import load_native
    return load_native(name)


def python_engine(name: str):
    return generated.load(name)


def variant_players() -> list:
    """pytest params (variant, players): every bundled variant at every player count it allows."""
    params = []
    for name in generated.ENGINES:
        py = generated.load(name)
        for players in range(py.PLAYERS_MIN, py.PLAYERS_MAX + 1):
            params.append(pytest.param(name, players, id=f"{name}-{players}"))
    return params


def compile_c(sources: list[Path], out: Path, extra: list[str] | None = None) -> subprocess.CompletedProcess:
    """Compile C sources with the strict flags; the completed process (check its returncode)."""
    return subprocess.run([*CC.split(), *C_FLAGS, *(extra or []), *map(str, sources), "-o", str(out)],
                          capture_output=True, text=True)
