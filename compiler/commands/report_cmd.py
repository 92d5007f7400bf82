"""`durakc report V1 V2 ...`: a balance report of variants on the same deals (issue 21).

Fast bots play many games for the rates (fairness, outcome, length and shape); a strong bot
plays fewer against greedy for skill depth and for decisiveness and drama.  Markdown, JSON
or a self-contained HTML page with plots (`durakc.sim.balance_*`).
"""

from __future__ import annotations

import os
import sys
from contextlib import nullcontext
from pathlib import Path

from durakc.commands._common import VARIANT_HELP, error, usage_error
from durakc.commands.outputs import output_problem, write_text

NAME = "report"
HELP = ("a balance report of variants on the same deals: fairness, outcome, length, skill "
        "depth, decisiveness (Markdown, JSON, HTML with plots)")

GAMES = 20000
"""Default games per variant with the fast bots."""

STRONG_GAMES = 150
"""Default games per variant with the strong bot."""


def default_strong() -> str:
    """The strong bot of the report: `search:16`.  The strong games run their bot in Python
    (its value estimates feed the drama figures), where `search` at its default 256 worlds
    costs far more per decision; 16 worlds keep the default report of 4 variants at 3
    players within 3 minutes on 2 cores (about 105 s measured)."""
    return "search:16"


def add_arguments(parser) -> None:
    from durakc.sim.balance_format import FORMATS
    from durakc.sim.executors import DASK_TIMEOUT

    parser.add_argument("variants", nargs="+", metavar="VARIANT", help=VARIANT_HELP)
    parser.add_argument("--players", type=int, default=2, help="players per game (default 2)")
    parser.add_argument("--games", type=int, default=GAMES,
                        help=f"games per variant with the fast bot, for the rates (default {GAMES})")
    parser.add_argument("--strong-games", type=int, default=STRONG_GAMES, metavar="GAMES",
                        help="games per variant with the strong bot, for skill and drama "
                             f"(default {STRONG_GAMES}; 0 leaves those sections empty)")
    parser.add_argument("--strong", metavar="BOT",
                        help="the strong bot, one that publishes value estimates (default "
                             "search:16)")
    parser.add_argument("--fast", default="greedy", metavar="BOT",
                        help="the bot of every seat in the rate games (default greedy)")
    parser.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    parser.add_argument("--format", default="md", metavar="FORMAT",
                        help=f"{', '.join(FORMATS)}, or several joined by commas with --out "
                             "(written next to it with their suffixes) (default md)")
    parser.add_argument("--out", metavar="FILE", help="write here instead of stdout")
    parser.add_argument("--jobs", type=int, default=0,
                        help="worker processes (default 0 = one per CPU); the report does not "
                             "depend on it")
    parser.add_argument("--dask", metavar="ADDRESS",
                        help="run the games on a dask.distributed cluster at ADDRESS "
                             "(tcp://host:8786), or 'local' for a local one of --jobs workers")
    parser.add_argument("--dask-timeout", type=float, default=DASK_TIMEOUT, metavar="SECONDS",
                        help="with --dask: give up (exit 3) once the cluster has had no "
                             f"worker, or no scheduler, for this long (default {DASK_TIMEOUT:g})")
    parser.add_argument("--backend", choices=("auto", "native", "python"),
                        default="auto",
                        help="auto (default): the C engines where a C compiler works, else the "
                             "Python engines after one warning; native: the C engines only "
                             "(exit 2 without a compiler); python: the generated Python "
                             "engines.  Same report either way")
    parser.add_argument("--matches", action="store_true",
                        help="in a variant with a match rule (match.*), play every rate game on "
                             "to the end of its match: match won and lost by seat and games "
                             "per match in the Results section (slower)")
    parser.add_argument("--progress", action="store_true",
                        help="show progress on stderr even when it is not a terminal")


def _formats(args) -> tuple[list[str] | None, str | None]:
    """The formats asked for, or (None, what is wrong)."""
    from durakc.sim.balance_format import FORMATS
    from durakc.sim.report import PLOT_MISSING, have_matplotlib

    formats = [f.strip() for f in args.format.split(",") if f.strip()]
    wrong = [f for f in formats if f not in FORMATS]
    if not formats or wrong:
        return None, f"--format: {', '.join(wrong) or 'nothing'} is not one of {', '.join(FORMATS)}"
    if len(formats) > 1 and not args.out:
        return None, "several formats need --out FILE (each is written with its suffix)"
    if "html" in formats and not have_matplotlib():
        return None, f"--format html draws plots: {PLOT_MISSING}"
    return formats, None


def _problem(args) -> str | None:
    from durakc.sim.bots import get_bot
    from durakc.sim.executors import DASK_MISSING, have_dask

    if args.games < 1 or args.players < 1 or args.strong_games < 0:
        return "--games and --players must be positive, --strong-games at least 0"
    if args.jobs < 0:
        return f"--jobs must be 0 (one process per CPU) or more, not {args.jobs}"
    if not args.dask_timeout > 0:
        return f"--dask-timeout must be more than 0 seconds, not {args.dask_timeout:g}"
    if args.dask and not have_dask():
        return DASK_MISSING.replace("--executor dask", "--dask")
    if len(set(args.variants)) != len(args.variants):
        return "a variant is given twice"
    try:
        get_bot(args.strong)
        get_bot(args.fast)
    except ValueError as exc:
        return str(exc)
    return None


def _out_path(out: str, fmt: str, several: bool) -> Path:
    """The file a format is written to: --out itself, or with its suffix for several."""
    return Path(out).with_suffix(f".{fmt}") if several else Path(out)


def _out_problem(out: str | None, formats: list[str]) -> str | None:
    """What keeps a report file from being written (checked before any game), or None."""
    for fmt in formats if out else ():
        problem = output_problem("--out", str(_out_path(out, fmt, len(formats) > 1)))
        if problem:
            return problem
    return None


def _write(text: str, out: str | None, fmt: str, several: bool) -> None:
    if out is None:
        sys.stdout.write(text)
        return
    path = _out_path(out, fmt, several)
    write_text(path, text)
    print(f"{fmt} report written to {path}", file=sys.stderr)


def run(args) -> int:
    from durakc.commands.simulation import prepare_run, variant_endings
    from durakc.sim import balance_doc, balance_format
    from durakc.sim.balance_run import run_report, total_work
    from durakc.sim.executors import CLUSTER_LOST, ClusterLost, ExecutorUnavailable
    from durakc.sim.progress import Progress, wanted

    args.strong = args.strong or default_strong()
    formats, problem = _formats(args)
    problem = problem or _problem(args) or _out_problem(args.out, formats)
    if problem or formats is None:
        return usage_error(problem or "no format")
    refs = list(args.variants)
    names, code = prepare_run(args, refs)
    if code is not None:
        return code
    from durakc.sim.bots import get_bot
    from durakc.sim.estimates import estimates
    if args.strong_games and not estimates(get_bot(args.strong)):
        print(f"durakc: warning: {args.strong} publishes no value estimates "
              "(durakc.sim.estimates): the drama figures will have no games", file=sys.stderr)
    jobs = args.jobs if args.jobs > 0 else (os.cpu_count() or 1)
    total = total_work(refs, args.games, args.strong_games)
    executor = "dask" if args.dask else "local"
    scheduler = None if args.dask in (None, "local") else args.dask
    try:
        with (Progress(total, counts=False) if wanted(args.progress)
              else nullcontext()) as progress:
            played = run_report(refs, args.players, args.games, args.strong_games, args.strong,
                                args.seed, fast=args.fast, jobs=jobs, executor=executor,
                                scheduler=scheduler, backend=args.backend, progress=progress,
                                dask_timeout=args.dask_timeout, matches=args.matches)
    except ExecutorUnavailable as exc:
        return usage_error(str(exc))
    except ClusterLost as exc:
        error(str(exc))
        return CLUSTER_LOST
    doc = balance_doc.document([names[r] for r in refs], played, args.players, args.seed,
                               args.strong, args.fast, args.games, args.strong_games,
                               args.backend)
    endings = variant_endings(refs, names)
    if endings:  # HR35, HR36: variants that end by a condition say so
        doc["endings"] = endings
    for fmt in formats:
        if fmt == "html":
            from durakc.sim.balance_plots import images
            text = balance_format.page(doc, images(doc))
        else:
            text = balance_format.markdown(doc) if fmt == "md" else balance_format.as_json(doc)
        _write(text, args.out, fmt, len(formats) > 1)
    return 0
