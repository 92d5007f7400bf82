"""The spec fuzz: random specs the checker accepts run on every target and agree.

Spec number n (`tests.fuzz.schema_specs.accepted_spec`: a parent, random rule keys, typed
random expressions, the first draw `load_spec` accepts) must

- compile to a Python engine, and to C or be refused by the C target with located errors;
- pass the strict C line (`-std=c99 -Wall -Wextra -Werror -pedantic`) under gcc and clang,
  where installed;
- build a native engine (the extension at DURAKC_FUZZ_CFLAGS, default -O0: the C's meaning
  is the same at every level, and -O0 builds four times faster);
- play the same seeded games, decision by decision (`durakc.reference.differential`), on the
  Python engine and the reference interpreter, and on the native and the Python engine.

CI runs specs 0..DURAKC_FUZZ_SPECS-1 (default 40; the quick subset the first QUICK of them),
DURAKC_FUZZ_SEEDS series of two games (default 2) at up to two player counts each.  A longer
run, e.g. `DURAKC_FUZZ_SPECS=500 DURAKC_FUZZ_FIRST=1000 python -m pytest -n 1 -q
tests/fuzz/test_spec_targets.py -rx`; a failure names its spec number and prints the spec.
Failures of the classes in `tests/fuzz/known_failures.py` (being fixed) are xfailed by name;
DURAKC_FUZZ_SPEC_SECONDS (default 60) bounds one spec's wall time.  The minimal specs of what the
fuzz found (tests/specs/fuzz-found/) run through every target too; `python -m
tests.fuzz.minimise N` shrinks a failing spec N.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from durakc.diagnostics import SpecError
from durakc.spec import load_spec
from tests.fuzz.known_failures import known_class
from tests.fuzz.schema_specs import Drawn, accepted_spec
from tests.fuzz.targets import run_targets

SPECS = int(os.environ.get("DURAKC_FUZZ_SPECS", "40"))
FIRST = int(os.environ.get("DURAKC_FUZZ_FIRST", "0"))
SEEDS = int(os.environ.get("DURAKC_FUZZ_SEEDS", "2"))
CFLAGS = os.environ.get("DURAKC_FUZZ_CFLAGS", "-O0").split()
SECONDS = float(os.environ.get("DURAKC_FUZZ_SPEC_SECONDS", "60"))
QUICK = 4
"""Spec numbers FIRST..FIRST+QUICK-1 are in the quick subset (the other test is in SLOW)."""


@pytest.fixture(scope="module")
def native_cache(tmp_path_factory):
    """A fresh cache folder for the fuzzed specs' native extensions (not the user's)."""
    return tmp_path_factory.mktemp("native-cache")


FOUND = sorted((Path(__file__).resolve().parents[1] / "specs" / "fuzz-found").glob("*.yaml"))
"""Minimal specs of the failure classes the fuzz found (first line: the command and failure)."""


def _check(number: int, tmp_path, native_cache, monkeypatch) -> None:
    monkeypatch.setenv("DURAKC_NATIVE_CACHE", str(native_cache))
    _run(accepted_spec(number, tmp_path), tmp_path)


def _run(drawn: Drawn, tmp_path) -> None:
    run = run_targets(drawn, tmp_path, SEEDS, random.Random(drawn.number), cflags=CFLAGS,
                      seconds=SECONDS)
    classes = [known_class(f.stage, str(f), drawn.spec.values) for f in run.failures]
    new = [str(f) for f, known in zip(run.failures, classes) if known is None]
    assert not new, (f"fuzzed spec {drawn.number} ({drawn.path}):\n{drawn.text}\n"
                     + "\n".join(new))
    if run.failures:
        pytest.xfail("known class " + ", ".join(sorted(set(classes))))
    assert run.c is not None and run.decisions > 0


@pytest.mark.parametrize("number", range(FIRST, FIRST + min(QUICK, SPECS)))
def test_fuzzed_spec_runs_on_every_target_quick(number, tmp_path, native_cache, monkeypatch):
    _check(number, tmp_path, native_cache, monkeypatch)


@pytest.mark.parametrize("number", range(FIRST + QUICK, FIRST + SPECS))
def test_fuzzed_spec_runs_on_every_target(number, tmp_path, native_cache, monkeypatch):
    _check(number, tmp_path, native_cache, monkeypatch)


@pytest.mark.parametrize("path", FOUND, ids=[p.stem for p in FOUND])
def test_spec_the_fuzz_found_is_refused_or_runs_on_every_target(path, tmp_path, native_cache,
                                                                 monkeypatch):
    """Each spec of tests/specs/fuzz-found: refused by the checker with a located error, or
    run through every target like a fuzzed spec."""
    monkeypatch.setenv("DURAKC_NATIVE_CACHE", str(native_cache))
    try:
        spec = load_spec(path)
    except SpecError as err:
        assert all(d.line > 0 for d in err.diagnostics), err
        return
    _run(Drawn(-1, path.read_text(encoding="utf-8"), path, spec, 0), tmp_path)
