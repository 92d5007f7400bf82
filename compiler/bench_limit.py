"""`durakc bench --limit [PATH]`: the native engines side by side with a C speed reference.

The reference (`../shared/bench/durak_limit.c` by default) plays random 2-player podkidnoy
games in a plain C loop.  It is built with the same compiler and optimisation flags as the
native engines, then both are timed in one run and the ratios printed: native actions/s over
the reference's (podkidnoy and transfer, 2 and 6 players) and games/s for 2-player podkidnoy,
the one game both play.

Both are timed in CPU time where the platform reports a child's (the reference's user and
system time, from its process; the native loops' from this process), so that a machine
busy with other work changes the ratios far less than wall time would; `rounds` runs of
everything, interleaved, give the median ratio of each case.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

try:
    import resource
except ImportError:  # not on Windows: the reference's own wall-clock figures are used
    resource = None  # type: ignore[assignment]

DEFAULT_PATH = Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "durak_limit.c"
"""The reference next to the repository: ../shared/bench/durak_limit.c."""

CASES = (("podkidnoy", 2), ("podkidnoy", 6), ("transfer", 2), ("transfer", 6))
"""(variant, players) of the native engine compared with the reference."""


class LimitError(Exception):
    """The reference can not be used (missing file, no C compiler, build or run failure)."""


@dataclass
class LimitRow:
    """One native case beside the reference: its figures and ratios."""

    variant: str
    players: int
    games_per_s: float
    actions_per_s: float
    actions_ratio: float
    games_ratio: float | None  # only for the same game (2-player podkidnoy)


def build_reference(path: Path, folder: Path) -> Path:
    """Compile the reference with the native engines' compiler and flags; the executable."""
    from durakc.native.build import compile_flags, find_compiler

    if not path.is_file():
        raise LimitError(f"C speed reference not found: {path}")
    cc = find_compiler()
    if cc is None:
        raise LimitError("no C compiler (cc) found to build the reference")
    exe = folder / "durak_limit"
    done = subprocess.run([*cc.split(), *compile_flags(), "-o", str(exe), str(path)],
                          check=False, capture_output=True, text=True)
    if done.returncode != 0:
        raise LimitError(f"building {path} failed:\n{done.stderr.strip()}")
    return exe


def run_reference(exe: Path, games: int, seed: int) -> tuple[float, float]:
    """(games/s, actions/s) of the reference for `games` games from `seed`: over its CPU time
    where the platform reports it, else the figures it prints (wall time)."""
    before = _children_cpu()
    done = subprocess.run([str(exe), str(games), str(seed)],
                          check=False, capture_output=True, text=True)
    seconds = _children_cpu() - before
    found = re.search(r"games_per_s=([\d.]+) actions_per_s=([\d.]+) avg_actions_per_game=([\d.]+)",
                      done.stdout)
    if done.returncode != 0 or found is None:
        raise LimitError(f"the reference failed: {done.stderr.strip() or done.stdout.strip()}")
    if resource is None or seconds <= 0:
        return float(found.group(1)), float(found.group(2))
    return games / seconds, games * float(found.group(3)) / seconds


def _children_cpu() -> float:
    """User and system seconds of this process's finished children (0 where unknown)."""
    if resource is None:
        return 0.0
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def bench_limit(path: Path, games: int, seed: int = 0,
                rounds: int = 1) -> tuple[tuple[float, float], list[LimitRow]]:
    """Reference figures and one LimitRow per case, timed in this one run: with `rounds` > 1,
    the median round of the reference and of each case (each ratio taken within its round)."""
    from durakc.native.sim import load

    with tempfile.TemporaryDirectory() as folder:
        exe = build_reference(Path(path), Path(folder))
        engines = {name: load(name) for name, _ in CASES}  # built before anything is timed
        runs = [_one_round(exe, engines, games, seed) for _ in range(rounds)]
    middle = (rounds - 1) // 2
    reference = sorted(ref for ref, _ in runs)[middle]
    rows = [sorted(column, key=lambda row: row.actions_ratio)[middle]
            for column in zip(*(rows for _, rows in runs))]
    return reference, rows


def _one_round(exe: Path, engines: dict, games: int,
               seed: int) -> tuple[tuple[float, float], list[LimitRow]]:
    """The reference, then every case, each timed once; the ratios to this round's reference."""
    from durakc.bench import bench_native

    clock = time.process_time if resource is not None else time.perf_counter
    ref_games, ref_actions = run_reference(exe, games, seed)
    rows = []
    for name, players in CASES:
        r = bench_native(engines[name], players, games, seed, clock=clock)
        same = name == "podkidnoy" and players == 2
        rows.append(LimitRow(name, players, r.games_per_s, r.actions_per_s,
                             r.actions_per_s / ref_actions,
                             r.games_per_s / ref_games if same else None))
    return (ref_games, ref_actions), rows
