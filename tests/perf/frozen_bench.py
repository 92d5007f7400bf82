"""Today's Python engines against frozen known-good copies, in one run: the speed ratio.

    python tests/perf/frozen_bench.py [--games 2000] [--rounds 5] [--players 2 --players 6]

`tests/perf/frozen/<module>_<commit>.py` are generated engines as they were at a commit whose
speed was known good (transfer and podkidnoy of 84d2b2d).  Each is raced against today's
engine of the same variant (`durakc.engines.<module>`) with `durakc.bench.bench_pair`: the
same seeded games, CPU time, the runs interleaved, so machine load touches both alike.  A
ratio (today / frozen games/s) clearly under 1.0 means the engines got slower.

This is a benchmark, not a test: CI machines are too noisy for a timed assertion (the
bytecode budget, tests/perf/test_opcode_budget.py, is the load-independent guard).  Exit
status 1 when today's and the frozen engine play different games (the ratio would compare
different work), 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import sys
from pathlib import Path

from durakc.bench import bench_pair

FROZEN = Path(__file__).resolve().parent / "frozen"


def frozen_engines() -> list[tuple[str, Path]]:
    """(module name, path) of every frozen engine, sorted by name."""
    return [(path.stem.rsplit("_", 1)[0], path) for path in sorted(FROZEN.glob("*_*.py"))]


def load_frozen(path: Path):
    """The frozen engine module in `path` (under a name of its own, beside today's)."""
    spec = importlib.util.spec_from_file_location(f"frozen_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", "-g", type=int, default=2000, help="games per run (2000)")
    parser.add_argument("--rounds", "-r", type=int, default=5,
                        help="runs of each engine; the median is compared (5)")
    parser.add_argument("--players", "-p", type=int, action="append",
                        help="players per game; repeat for several (default: 2 and 6)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    print(f"{'engine':<28} {'players':>7} {'games':>6} {'today g/s':>10} {'frozen g/s':>10} "
          f"{'ratio':>6}")
    status = 0
    for module, path in frozen_engines():
        today, frozen = importlib.import_module(f"durakc.engines.{module}"), load_frozen(path)
        for players in args.players or [2, 6]:
            now, then = bench_pair(today, frozen, players, args.games, args.rounds)
            print(f"{path.stem:<28} {players:>7} {args.games:>6} {now.games_per_s:>10.0f} "
                  f"{then.games_per_s:>10.0f} {now.games_per_s / then.games_per_s:>6.2f}")
            if now.actions != then.actions:
                print(f"  {module}: today's engine played {now.actions} actions, the frozen one "
                      f"{then.actions}: not the same games, the ratio compares different work",
                      file=sys.stderr)
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
