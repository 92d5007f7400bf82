"""`durakc bench --limit [PATH]`: the native engines side by side with a C speed reference.

The reference (`../shared/bench/durak_limit.c` by default) plays random 2-player podkidnoy
games in a plain C loop.  It is built with the same compiler and optimisation flags as the
native engines, then both are timed in one run and the ratios printed: native actions/s over
the reference's (podkidnoy and transfer, 2 and 6 players) and games/s for 2-player podkidnoy,
the one game both play.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

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
    """(games/s, actions/s) the reference prints for `games` games from `seed`."""
    done = subprocess.run([str(exe), str(games), str(seed)],
                          check=False, capture_output=True, text=True)
    found = re.search(r"games_per_s=([\d.]+) actions_per_s=([\d.]+)", done.stdout)
    if done.returncode != 0 or found is None:
        raise LimitError(f"the reference failed: {done.stderr.strip() or done.stdout.strip()}")
    return float(found.group(1)), float(found.group(2))


def bench_limit(path: Path, games: int, seed: int = 0) -> tuple[tuple[float, float], list[LimitRow]]:
    """Reference figures and one LimitRow per case, timed in this one run."""
    from durakc.bench import bench_native
    from durakc.native.sim import load

    with tempfile.TemporaryDirectory() as folder:
        exe = build_reference(Path(path), Path(folder))
        engines = {name: load(name) for name, _ in CASES}  # built before anything is timed
        ref_games, ref_actions = run_reference(exe, games, seed)
        rows = []
        for name, players in CASES:
            r = bench_native(engines[name], players, games, seed)
            same = name == "podkidnoy" and players == 2
            rows.append(LimitRow(name, players, r.games_per_s, r.actions_per_s,
                                 r.actions_per_s / ref_actions,
                                 r.games_per_s / ref_games if same else None))
    return (ref_games, ref_actions), rows
