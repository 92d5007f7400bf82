"""`durakc verify SPEC|NAME [--games N] [--players N] [--seed S] [--series N]`: engine vs
reference.

Compiles the spec into a temporary engine module, plays it side by side with the
reference interpreter (`durakc.reference`) from the same deals with the same
random decisions, and compares every decision.  Exit 0 when they agree, 1 on the
first divergence (printed as a replayable seed plus actions) or a spec error,
2 for a usage error.
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from durakc import reference
from durakc.commands._common import print_warnings, report, usage_error
from durakc.diagnostics import SpecError
from durakc.reference.differential import SERIES, compile_engine
from durakc.reference.differential import run as run_differential
from durakc.spec import load_spec
from durakc.spec.options import combinations

NAME = "verify"
HELP = ("play a spec's compiled engine against the reference interpreter; "
        "exit 1 at the first divergence")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def add_arguments(parser) -> None:
    parser.add_argument("spec", metavar="SPEC|NAME",
                        help="a spec file (.yaml, anywhere) or the name of a bundled variant")
    parser.add_argument("--games", type=_positive, default=50,
                        help="games per player count, in series of --series games (default 50)")
    parser.add_argument("--players", type=_positive, default=None,
                        help="play only this player count (default: every count the spec allows)")
    parser.add_argument("--seed", type=int, default=0,
                        help="seed of the first series; series i uses seed + i (default 0)")
    parser.add_argument("--series", type=_positive, default=SERIES,
                        help=(f"games per series: a new game, then next_game (default {SERIES}; "
                              "more reach later deals of a series, e.g. the ladder's, L2)"))


def run(args) -> int:
    if args.spec.endswith(".py"):
        return usage_error(f"{args.spec}: verify needs the spec (.yaml or a bundled name), not an "
                           "engine: the reference interpreter plays the spec itself")
    try:
        spec = load_spec(args.spec)
    except SpecError as exc:
        return report(exc)
    if not spec.bundled:
        print_warnings(spec)
    low, high = spec.players
    if args.players is not None and not low <= args.players <= high:
        return usage_error(f"--players {args.players}: {spec.name} is for {low} to {high} players")
    counts = [args.players] if args.players else spec.seat_counts  # PR1: other counts refused
    summary = run_differential(compile_engine(spec), reference.module_for(spec), counts,
                               args.games, seed=args.seed, series=args.series,
                               option_sets=combinations(spec.options) or None)
    players = (", ".join(map(str, counts)) if counts != list(range(counts[0], counts[-1] + 1))
               else f"{counts[0]}" if len(counts) == 1 else f"{counts[0]}-{counts[-1]}")
    games = f"{summary.games} game{'s' if summary.games != 1 else ''}"
    first, last = summary.seeds
    print(f"verify {spec.name} ({spec.label}): {games} in series of {args.series} ({players} players, "
          f"seeds {first}-{last}), {summary.decisions} decisions compared in "
          f"{summary.seconds:.1f} s")
    if not summary.divergences:
        print("no divergence: the engine and the reference interpreter agree")
        return 0
    div = summary.divergences[0]
    print(div.describe())
    print(f"replay: python -c {shlex.quote(div.replay_code(_spec_ref(args.spec)))}")
    return 1


def _spec_ref(ref: str) -> str:
    """How the replay snippet names the spec: an absolute path for a file, else the name."""
    path = Path(ref)
    return str(path.resolve()) if path.is_file() else ref
