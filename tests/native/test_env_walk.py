"""Issue 29 item 4: every name of every expression environment, in every key checked in that
environment, builds on every target or is refused at file:line:col - never a traceback.

Per (environment, name, key) and parent (`env_walk`): the checker accepts the spec or refuses
it with located errors; an accepted spec's Python engine plays a series against the reference
interpreter without a divergence (the reference evaluates the name), and its C engine renders
and compiles with the strict flags, or the C target refuses it with located errors."""

from __future__ import annotations

import re
import shutil
import subprocess

import pytest
from env_walk import parents, spec_text, walk
from native_support import C_FLAGS

from durakc.diagnostics import SpecError
from durakc.reference.differential import both, run
from durakc.spec import load_spec
from durakc.targets.c import CTargetError, render_c

LOCATED = re.compile(r"^\S+\.yaml:\d+:\d+: error: ")
SERIES_ENVS = ("deal", "dealt", "result")
"""Environments read when a game ends or the next one is dealt: walked over two games."""


def _located(diagnostics) -> list[str]:
    """The diagnostics that do not say file:line:col (should be none)."""
    return [d.format() for d in diagnostics if not LOCATED.match(d.format())]


def _strict_c(files: dict, tmp_path) -> str | None:
    """gcc's complaints about the C engine under the strict flags, or None (no gcc: None)."""
    if shutil.which("gcc") is None:
        return None
    for file, text in files.items():
        (tmp_path / file).write_text(text, encoding="utf-8")
    source = next(f for f in files if f.endswith(".c"))
    done = subprocess.run(["gcc", *C_FLAGS, "-fsyntax-only", str(tmp_path / source)],
                          capture_output=True, text=True)
    return done.stderr if done.returncode else None


@pytest.mark.parametrize(("env", "name", "key", "value"),
                         [pytest.param(*row, id=f"{row[0]}-{row[1]}-{row[2]}") for row in walk()])
def test_every_name_builds_on_every_target_or_is_refused_at_its_place(env, name, key, value,
                                                                      tmp_path):
    for parent in parents(env):
        path = tmp_path / f"walk-{parent}.yaml"
        path.write_text(spec_text(key, value, parent), encoding="utf-8")
        try:
            spec = load_spec(path)
        except SpecError as exc:
            assert not _located(exc.diagnostics), (parent, _located(exc.diagnostics))
            continue
        engine, ref = both(spec)  # the Python engine: generated, imported
        summary = run(engine, ref, [2], games=2 if env in SERIES_ENVS else 1,
                      series=2 if env in SERIES_ENVS else 1)
        assert summary.divergences == [], (parent, summary.divergences[:1])
        try:
            files = render_c(spec)
        except CTargetError as exc:
            assert not _located(exc.diagnostics), (parent, _located(exc.diagnostics))
            continue
        assert _strict_c(files, tmp_path) is None, (parent, _strict_c(files, tmp_path))
