"""One accepted spec through every target: the Python engine, the C target (strict gcc and
clang where installed), the native engine and the reference interpreter, with seeded games
compared decision by decision.  Used by tests/fuzz/test_spec_targets.py.

`run_targets` raises `TargetFailure(stage, detail)` at the first problem; `stage` says which
target or comparison failed.  The C target may refuse a spec, but only with located
diagnostics (`CTargetError`); any other exception anywhere is a failure.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import traceback
from contextlib import contextmanager
from pathlib import Path

from durakc import reference
from durakc.native import build as native_build
from durakc.native.build import unavailable_reason
from durakc.reference.differential import compile_engine, play_pair
from durakc.schema.keys import TEAM_PLAYER_COUNTS
from durakc.targets.c import CTargetError, render_c

STRICT = ["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"]
"""The strict line every generated C file must pass (tests/native/test_c_strict.py)."""

COMPILERS = ("gcc", "clang")


class TargetFailure(AssertionError):
    """A spec the checker accepted broke a target: `stage` names it, `detail` says how."""

    def __init__(self, stage: str, detail: str):
        super().__init__(f"{stage}: {detail}")
        self.stage, self.detail = stage, detail


class TooSlow(BaseException):
    """The spec's time ran out (a BaseException: the differential harness's guard, which
    turns an engine's exception into a divergence, must not catch it)."""


@contextmanager
def time_limit(seconds: float):
    """Raise TooSlow in this (main) thread after `seconds`."""
    def expire(_signum, _frame):
        raise TooSlow(f"more than {seconds:g} s")
    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _stage(stage: str, call, *args):
    """call(*args), turning any exception but TooSlow into TargetFailure(stage, traceback tail)."""
    try:
        return call(*args)
    except TargetFailure:
        raise
    except Exception as exc:
        tail = "".join(traceback.format_exception(exc)[-3:]).strip()
        raise TargetFailure(stage, f"{type(exc).__name__}: {exc}\n{tail}") from exc


def player_counts(values: dict, rng, most: int = 2) -> list[int]:
    """Up to `most` player counts the spec seats: its fewest and one more drawn by `rng`."""
    seats = TEAM_PLAYER_COUNTS.get(values["teams.mode"])
    counts = [n for n in range(values["players.min"], values["players.max"] + 1)
              if seats is None or n in seats]
    return counts[:1] + rng.sample(counts[1:], min(most - 1, len(counts) - 1))


def render_c_or_refusal(spec, path: Path):
    """(files, None) of the C target, or (None, its refusal's text) with every diagnostic
    located in a spec file."""
    try:
        return render_c(spec), None
    except CTargetError as exc:
        for diag in exc.diagnostics:
            if diag.line <= 0:
                raise TargetFailure("C target", f"a refusal without a position: {diag.format()}")
        return None, str(exc)


def strict_compile(files: dict, folder: Path) -> list[str]:
    """Compile the engine's .c with the strict line under every installed compiler; the
    compilers used.  Raises TargetFailure with the compiler's messages."""
    used = []
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    source = folder / next(f for f in files if f.endswith(".c"))
    for cc in COMPILERS:
        if shutil.which(cc) is None:
            continue
        # -c, not -fsyntax-only: gcc reports unused functions and constants only when compiling
        done = subprocess.run([cc, *STRICT, "-c", str(source), "-o", str(folder / "engine.o")],
                              capture_output=True, text=True)
        if done.returncode != 0:
            errors = [ln for ln in done.stderr.splitlines() if "error" in ln]
            raise TargetFailure(f"strict {cc}", "\n".join(errors[:6]) or done.stderr[-800:])
        used.append(cc)
    return used


def native_engine(path: Path, flags: list[str]):
    """The native engine of the spec file, its extension built with `flags`."""
    from durakc.native import load_native_spec
    previous = native_build.compile_flags
    native_build.compile_flags = lambda: list(flags)
    try:
        return load_native_spec(str(path))
    finally:
        native_build.compile_flags = previous


def compare(stage: str, first, second, players: int, seed: int) -> int:
    """One series of two games on `first` and `second` from the same deal and choices; the
    decisions compared.  Raises TargetFailure at the first difference."""
    decisions, _, div = _stage(stage, play_pair, first, second, players, seed)
    if div is not None and div.what == "game end":
        # both sides agreed at every decision, but the random play did not end: a spec the
        # checker warns about (nothing beats anything) may pass the same cards round for ever
        return decisions
    if div is not None:
        raise TargetFailure(stage, div.describe())
    return decisions


class Run:
    """What `run_targets` did for one spec: paired games and decisions compared, the C target's
    state ("built" or its refusal), the strict compilers passed, and every failure."""

    def __init__(self):
        self.games = self.decisions = 0
        self.c: str | None = None
        self.compilers: list[str] = []
        self.failures: list[TargetFailure] = []

    def attempt(self, call, *args):
        """call(*args), or None after recording its TargetFailure."""
        try:
            return call(*args)
        except TargetFailure as failure:
            self.failures.append(failure)
            return None


def run_targets(drawn, folder: Path, seeds: int, rng, *, cflags: list[str],
                seconds: float) -> Run:
    """Every target for accepted spec `drawn` (a `schema_specs.Drawn`).  A failure of one
    target is recorded and the others still run (a known strict-C warning must not hide a
    divergence); only what depends on a failed target is left out."""
    spec, run = drawn.spec, Run()
    with time_limit(seconds):
        try:
            _targets(drawn, folder, seeds, rng, cflags, run)
        except TooSlow as exc:
            run.failures.append(TargetFailure("time", f"{exc} for the spec's targets and games "
                                              f"({run.games} games done)"))
    if not run.failures and not run.games:
        run.failures.append(TargetFailure("games", f"no game played ({spec.values['players.min']}"
                                          f"-{spec.values['players.max']} players)"))
    return run


def _targets(drawn, folder: Path, seeds: int, rng, cflags: list[str], run: Run) -> None:
    spec = drawn.spec
    py = run.attempt(_stage, "Python target", compile_engine, spec)
    ref = run.attempt(_stage, "reference", reference.module_for, spec)
    files, refusal = run.attempt(_stage, "C target", render_c_or_refusal, spec,
                                 drawn.path) or (None, None)
    run.c = "built" if files is not None else refusal
    native = None
    if files is not None:
        run.compilers = run.attempt(_stage, "strict C", strict_compile, files, folder) or []
        if py is not None and unavailable_reason() is None:
            native = run.attempt(_stage, "native build", native_engine, drawn.path, cflags)
    pairs = [p for p in (("Python vs reference", py, ref), ("native vs Python", native, py))
             if p[1] is not None and p[2] is not None]
    for players in player_counts(spec.values, rng):
        for seed in rng.sample(range(10_000), seeds):
            for pair in list(pairs):
                decisions = run.attempt(compare, *pair, players, seed)
                if decisions is None:
                    pairs.remove(pair)  # its first difference is recorded
                else:
                    run.decisions += decisions
                    run.games += 2
