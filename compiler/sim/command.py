"""What `durakc simulate` and `durakc compare` share: arguments and the run itself."""

from __future__ import annotations

import os
import sys

from compiler.sim import report
from compiler.sim.loader import EngineNotFound, check_players, load_engine, variant_name
from compiler.sim.runner import ProgressBar, expand_bots, simulate

FORMATS = ("table", "json", "csv", "stats")


def add_arguments(parser) -> None:
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--games", type=int, default=1000, help="games per variant (default 1000)")
    parser.add_argument("--bots", default="random",
                        help="comma-separated bots, one per seat or one for all: random, greedy, "
                             "mcts[:SAMPLES] (default random)")
    parser.add_argument("--rotate", action="store_true",
                        help="rotate the bots one seat further each game (fair bot matches)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (default 1; 0 = one per CPU); results do not depend on it")
    parser.add_argument("--format", choices=FORMATS, default="table",
                        help="stats = raw mergeable counts of a shard (see python -m compiler.sim.merge)")
    parser.add_argument("--start", type=int, default=0, metavar="INDEX",
                        help="index of the first game (to run one shard of a larger run)")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also save a plot (needs the optional matplotlib: durakc[plot])")
    parser.add_argument("--backend", choices=("python", "native"), default="python",
                        help="python: the generated Python engines (default); native: their C "
                             "engines (compiled on first use; random bots play whole games in C). "
                             "Same output either way")
    parser.add_argument("--progress", action="store_true",
                        help="show a progress bar on stderr even when it is not a terminal")


def _native_problem(refs: list[str]) -> str | None:
    """Why the native backend can not run `refs` (built here, once), or None."""
    from compiler.native import NativeUnavailable, load_native

    for ref in refs:
        if ref.endswith(".py") or "/" in ref:
            return f"{ref}: the native backend runs bundled variants, given by name"
        try:
            load_native(ref)
        except NativeUnavailable as exc:
            return str(exc)
    return None


def run(args, refs: list[str]) -> int:
    """Simulate every variant in `refs` on the same deals and print the report."""
    if args.games < 1 or args.players < 1 or args.start < 0:
        print("--games and --players must be positive", file=sys.stderr)
        return 2
    if args.plot and not report.have_matplotlib():
        print(report.PLOT_MISSING, file=sys.stderr)
        return 2
    if len(set(refs)) != len(refs):
        print("error: a variant is given twice", file=sys.stderr)
        return 2
    names = {}
    for ref in refs:
        try:
            engine = load_engine(ref)
        except EngineNotFound as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        problem = check_players(engine, args.players)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
        name = variant_name(engine)
        names[ref] = name if name not in names.values() else ref
    if getattr(args, "backend", "python") == "native":
        problem = _native_problem(refs)
        if problem:
            print(f"error: {problem}", file=sys.stderr)
            return 2
    try:
        bots = expand_bots([b for b in args.bots.split(",") if b.strip()], args.players)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    progress = ProgressBar() if (args.progress or sys.stderr.isatty()) else None
    results = simulate(refs, args.players, args.games, bots, args.seed, jobs=jobs,
                       rotate=args.rotate, progress=progress, start=args.start,
                       backend=getattr(args, "backend", "python"))
    if args.format == "stats":
        print(report.as_json(report.shard({names[r]: results[r] for r in refs}, args.players,
                                          args.seed, bots, args.rotate, args.start, args.games)))
        return 0
    doc = report.document({names[r]: results[r].summary(bots) for r in refs},
                          args.players, args.seed, bots, args.rotate)
    print({"table": report.table, "json": report.as_json, "csv": report.as_csv}[args.format](doc))
    if args.plot:
        report.plot(doc, args.plot)
        print(f"plot saved to {args.plot}", file=sys.stderr)
    return 0
