"""What `durakc simulate` and `durakc compare` share: arguments and the run itself."""

from __future__ import annotations

import os
import sys
from contextlib import nullcontext

from durakc.commands._common import error, load_engines, usage_error
from durakc.commands._common import report as report_problems
from durakc.commands.outputs import output_problem, plot_formats
from durakc.loading.engines import check_players, variant_name
from durakc.sim import report
from durakc.sim.executors import (
    CLUSTER_LOST,
    DASK_MISSING,
    DASK_TIMEOUT,
    EXECUTORS,
    ClusterLost,
    ExecutorUnavailable,
    have_dask,
)
from durakc.sim.progress import Progress, wanted
from durakc.sim.runner import expand_bots, simulate
from durakc.sim.table_options import options_per_variant, parse_options, probe_options

FORMATS = ("table", "json", "csv", "stats")


def add_arguments(parser) -> None:
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--games", type=int, default=1000, help="games per variant (default 1000)")
    parser.add_argument("--bots", default="random",
                        help="comma-separated bots, one per seat or one for all: random, greedy, "
                             "mcts[:SAMPLES] (alias rollout[:SAMPLES]: determinized greedy "
                             "rollouts, default 12 samples), search[:SAMPLES] (sampling with "
                             "an exact endgame solver, default 256 samples; docs/search.md) "
                             "(default random)")
    parser.add_argument("--rotate", action="store_true",
                        help="rotate the bots one seat further each game (fair bot matches)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes (default 1; 0 = one per CPU); results do not depend on it")
    parser.add_argument("--executor", choices=EXECUTORS, default="local",
                        help="local = --jobs processes here; dask = a dask.distributed cluster "
                             "(needs durakc[dask]); the output is the same (default local)")
    parser.add_argument("--scheduler", metavar="ADDRESS",
                        help="with --executor dask: the scheduler, e.g. tcp://host:8786 "
                             "(default: start a local cluster of --jobs workers)")
    parser.add_argument("--dask-timeout", type=float, default=DASK_TIMEOUT, metavar="SECONDS",
                        help=f"with --executor dask: give up (exit {CLUSTER_LOST}) once the "
                             "cluster has had no worker, or no scheduler, for this long "
                             f"(default {DASK_TIMEOUT:g})")
    parser.add_argument("--format", choices=FORMATS, default="table",
                        help="stats = raw mergeable counts of a shard (see python -m durakc.sim.merge)")
    parser.add_argument("--start", type=int, default=0, metavar="INDEX",
                        help="index of the first game (to run one shard of a larger run)")
    parser.add_argument("--plot", metavar="FILE.png",
                        help="also save a plot (needs the optional matplotlib: durakc[plot])")
    parser.add_argument("--backend", choices=("python", "native", "auto"),
                        default="python",
                        help="python: the generated Python engines (default); native: their C "
                             "engines (compiled on first use; exit 2 without a C compiler), "
                             "driven by the same runner; auto: native where a C compiler "
                             "works, else python after one warning. Same output either way")
    parser.add_argument("--matches", action="store_true",
                        help="in a variant with a match rule (match.*), play every game on to "
                             "the end of its match: match won and lost by seat and games per "
                             "match (slower: a match is several games)")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", default=[],
                        help="a table setting of the variants that declare it (their spec's "
                             "options:), e.g. --option deck=52 --option transfer=false; "
                             "repeatable; default: each option's default")
    parser.add_argument("--progress", action="store_true",
                        help="show progress (games, rate, time left) on stderr even when it is "
                             "not a terminal")


def _usage_problem(args, refs: list[str]) -> str | None:
    """What is wrong with the options themselves (before any engine is loaded or any game
    played: a --plot file that can not be written too), or None."""
    if args.games < 1 or args.players < 1 or args.start < 0:
        return "--games and --players must be positive, --start at least 0"
    if not args.dask_timeout > 0:
        return f"--dask-timeout must be more than 0 seconds, not {args.dask_timeout:g}"
    if args.jobs < 0:
        return f"--jobs must be 0 (one process per CPU) or more, not {args.jobs}"
    if args.plot and not report.have_matplotlib():
        return report.PLOT_MISSING
    if args.plot:
        problem = output_problem("--plot", args.plot, plot_formats())
        if problem:
            return problem
    if args.scheduler and args.executor != "dask":
        return "--scheduler needs --executor dask"
    if args.executor == "dask" and not have_dask():
        return DASK_MISSING
    if len(set(refs)) != len(refs):
        return "a variant is given twice"
    return None


def _variant_names(refs: list[str], engines, players: int) -> dict[str, str]:
    """The report name of each ref; ValueError when one can not be played by `players`."""
    names: dict[str, str] = {}
    for ref, engine in zip(refs, engines):
        problem = check_players(engine, players)
        if problem:
            raise ValueError(problem)
        name = variant_name(engine)
        names[ref] = name if name not in names.values() else ref
    return names


def resolve_backend(args, refs: list[str]) -> int | None:
    """Settle `args.backend` (auto, native or python) before any game: None, or an exit code.

    auto runs the C engines when they build here and otherwise falls back to the Python
    engines after one warning line (no C compiler, the build failed, or a spec the C target
    does not build, such as the cheating table or two decks); native is strict: without a working
    compiler it exits 2 naming what is missing (a spec the C target refuses: its
    diagnostics, exit 1)."""
    from durakc.diagnostics import SpecError
    from durakc.native import NativeUnavailable
    from durakc.native.sim import load
    from durakc.targets.c import CTargetError

    if args.backend == "python":
        return None
    fallback, args.backend = args.backend == "auto", "native"
    for ref in refs:
        try:
            load(ref)
        except ValueError as exc:
            return usage_error(f"{ref}: {exc}")
        except NativeUnavailable as exc:
            if not fallback:
                return usage_error(str(exc))
            why = str(exc).splitlines()[0].rstrip(":")
            print(f"durakc: warning: {why}; using the Python engines "
                  "(same games, slower)", file=sys.stderr)
            args.backend = "python"
            return None
        except CTargetError as exc:
            if not fallback:
                return report_problems(SpecError(exc.diagnostics))
            why = exc.diagnostics[0].message if exc.diagnostics else "the C target refuses it"
            print(f"durakc: warning: {ref}: no C engine ({why}); using the Python engines "
                  "(same games, slower)", file=sys.stderr)
            args.backend = "python"
            return None
    return None


def prepare_run(args, refs: list[str]) -> tuple[list[str], int | None]:
    """Load the engines of `refs`, check the `--option`s against them (`args.table_options`:
    ref -> its options), settle the backend and name the variants, before any game: (names,
    None), or ([], the exit code after saying what is wrong)."""
    engines, code = load_engines(refs)
    if code is None:
        try:
            args.table_options = options_per_variant(
                refs, engines, parse_options(getattr(args, "option", None)))
        except ValueError as exc:
            return [], usage_error(str(exc))
        code = resolve_backend(args, refs)
    if code is not None:
        return [], code
    try:
        names = _variant_names(refs, engines, args.players)
        # the engines check the values (a deck too small for the players too): say so now
        probe_options(refs, engines, args.table_options, [args.players])
        return names, None
    except ValueError as exc:
        return [], usage_error(str(exc))


def run(args, refs: list[str]) -> int:
    """Simulate every variant in `refs` on the same deals and print the report."""
    problem = _usage_problem(args, refs)
    if problem:
        return usage_error(problem)
    names, code = prepare_run(args, refs)
    if code is not None:
        return code
    try:
        bots = expand_bots([b for b in args.bots.split(",") if b.strip()], args.players)
    except ValueError as exc:
        return usage_error(str(exc))
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    total = args.games * len(refs)
    try:
        with Progress(total) if wanted(args.progress) else nullcontext() as progress:
            results, pairs = simulate(refs, args.players, args.games, bots, args.seed, jobs=jobs,
                                      rotate=args.rotate, progress=progress, start=args.start,
                                      executor=args.executor, scheduler=args.scheduler,
                                      backend=args.backend, dask_timeout=args.dask_timeout,
                                      matches=args.matches, options=args.table_options)
    except ExecutorUnavailable as exc:
        return usage_error(str(exc))
    except ClusterLost as exc:
        error(str(exc))
        return CLUSTER_LOST
    named = {names[r]: results[r] for r in refs}
    named_pairs = {names[r]: pairs[r] for r in refs[1:]}
    if args.format == "stats":
        print(report.as_json(report.shard(named, args.players, args.seed, bots, args.rotate,
                                          args.start, args.games, named_pairs)))
        return 0
    doc = report.document(named, args.players, args.seed, bots, args.rotate, named_pairs)
    endings = variant_endings(refs, names)
    if endings:  # HR35, HR36: variants that end by a condition say so
        doc["endings"] = endings
    print({"table": report.table, "json": report.as_json, "csv": report.as_csv}[args.format](doc))
    if args.plot:
        report.plot(doc, args.plot)
        print(f"plot saved to {args.plot}", file=sys.stderr)
    return 0


def variant_endings(refs: list[str], names: dict) -> dict[str, str]:
    """{variant name: how its games end}, for the variants that end by a condition of their
    own (outcome.ends_when: the engine's `ENDING`, HR35, HR36)."""
    from durakc.loading.engines import load_engine

    found = {}
    for ref in dict.fromkeys(refs):
        text = getattr(load_engine(ref), "ENDING", None)
        if text is not None:
            found[names[ref]] = text
    return found
