"""`durakc bench [VARIANT...] [--players N] [--games G] [--repeat R] [--bytecodes]`.

Random-playout speed of generated engines: games/s and actions/s, optionally the median of
several runs and a load-independent count of bytecodes per decision.  `--env`: the RL
environments instead, the single Python `DurakEnv` and the C-stepped `VectorEnv` side by
side (durakc.commands.bench_env).
"""

from __future__ import annotations

import sys

from durakc.bench import bench, bench_native, bytecodes_per_decision
from durakc.commands._common import VARIANT_HELP, load_engines, report, usage_error
from durakc.commands.bench_env import add_env_arguments, run_env
from durakc.loading.engines import bundled_names, player_range, variant_name
from durakc.sim.table_options import options_per_variant, parse_options, probe_options

NAME = "bench"
HELP = "measure random-playout games/s and actions/s of generated engines"
BACKENDS = ("python", "native", "native-driven", "auto")


def add_arguments(parser) -> None:
    parser.add_argument("variants", nargs="*", metavar="VARIANT",
                        help=VARIANT_HELP + " (default: every bundled engine)")
    parser.add_argument("--players", "-p", type=int, action="append",
                        help="players per game; repeat for several (default: 2 and 6, within range)")
    parser.add_argument("--games", "-g", type=int, default=2000, help="games per run (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--repeat", "-r", type=int, default=1,
                        help="runs of the same games; prints the median run and the range of "
                             "games/s (default 1; use 3 or 5 on a busy machine)")
    parser.add_argument("--bytecodes", action="store_true",
                        help="also count the bytecodes each engine executes per decision: a "
                             "figure that does not depend on machine load (slower: traces "
                             "40 games)")
    parser.add_argument("--backend", choices=BACKENDS, default="python",
                        help="python: the Python engines (default); native: whole games in the "
                             "C engines' own loop; native-driven: the Python loop calling the C "
                             "engines per decision (compiled on first use); auto: native where "
                             "a C compiler builds it, else the Python engines after one warning")
    parser.add_argument("--limit", nargs="?", const="", default=None, metavar="PATH",
                        help="time the native engines beside the C speed reference PATH "
                             "(default ../shared/bench/durak_limit.c) and print the ratios, in CPU "
                             "time (with --repeat R: the median of R rounds)")
    parser.add_argument("--option", action="append", metavar="NAME=VALUE", default=[],
                        help="a table setting of the variants that declare it (their spec's "
                             "options:), e.g. --option deck=52; repeatable; default: each "
                             "option's default")
    add_env_arguments(parser)


def run(args) -> int:
    if args.games < 1:
        return usage_error("--games must be at least 1")
    if args.repeat < 1:
        return usage_error("--repeat must be at least 1")
    if args.limit is not None:
        return _limit(args)
    if args.env and args.option:
        return usage_error("--option is for the engines' bench: --env times the RL environments "
                           "at their defaults (their constructors take table_options)")
    if args.env:
        return run_env(args)
    if args.backend != "python" and args.bytecodes:
        return usage_error("--bytecodes counts Python bytecodes: use it with --backend python")
    engines, code = load_engines(args.variants or bundled_names())
    if code is not None:
        return code
    try:
        chosen = _chosen_options(args, engines)
    except ValueError as exc:
        return usage_error(str(exc))
    run_one = bench
    if args.backend != "python":
        native, code = _native_engines(args.variants or bundled_names(), not args.variants,
                                       fallback=args.backend == "auto")
        if code is not None:
            return code
        if native is not None:
            engines = native
            run_one = bench if args.backend == "native-driven" else bench_native
    spread = args.repeat > 1
    print(f"{'variant':<20} {'players':>7} {'games':>7} {'games/s':>9} {'actions/s':>10} {'actions/game':>12}"
          + (f" {'games/s range':>15}" if spread else "")
          + (f" {'bytecodes/decision':>18}" if args.bytecodes else ""))
    for engine in engines:
        name = variant_name(engine)
        low, high = player_range(engine)
        counts = args.players or sorted({max(low, 2), min(high, 6)})
        for players in counts:
            if not low <= players <= high:
                return usage_error(f"{name} is for {low} to {high} players, not {players}")
            options = chosen.get(name)
            runs = sorted((run_one(engine, players, args.games, args.seed, options=options)
                           for _ in range(args.repeat)), key=lambda run: run.games_per_s)
            r = runs[len(runs) // 2]  # the median run
            line = (f"{name:<20} {players:>7} {r.games:>7} {r.games_per_s:>9.0f} "
                    f"{r.actions_per_s:>10.0f} {r.actions / r.games:>12.1f}")
            if spread:
                line += f" {f'{runs[0].games_per_s:.0f}-{runs[-1].games_per_s:.0f}':>15}"
            if args.bytecodes:
                line += f" {bytecodes_per_decision(engine, players, 40, args.seed, options):>18.0f}"
            print(line)
    return 0


def _chosen_options(args, engines) -> dict[str, dict]:
    """{variant name: its `--option`s} (`durakc.sim.table_options`), each checked by its engine
    in a probe game at every player count asked; ValueError for a bad one."""
    if not args.option:
        return {}
    names = [variant_name(e) for e in engines]
    per_name = options_per_variant(names, engines, parse_options(args.option))
    for name, engine in zip(names, engines):
        low, high = player_range(engine)
        counts = [p for p in args.players or (max(low, 2), min(high, 6)) if low <= p <= high]
        probe_options([name], [engine], per_name, counts)
    return per_name


def _native_engines(refs: list[str], all_bundled: bool,
                    fallback: bool = False) -> tuple[list | None, int | None]:
    """The native engine of each reference (built before anything is timed), or an exit code.
    With `fallback` (`--backend auto`), no working C compiler gives None (the Python engines)
    after one warning line instead of exit 2.

    Bundled names load their checked-in C engine; spec files are compiled for the C target;
    a generated engine file has no C source (usage error).  With `all_bundled` (no VARIANT
    given) a variant the C target does not support is left out with a note on stderr.
    """
    from durakc.diagnostics import SpecError
    from durakc.native import NativeUnavailable
    from durakc.native.sim import load
    from durakc.targets.c import CTargetError

    native = []
    for ref in refs:
        try:
            native.append(load(ref))
        except ValueError as exc:
            return [], usage_error(f"{ref}: {exc}")
        except CTargetError as exc:
            if not all_bundled:
                return [], report(SpecError(exc.diagnostics))  # located, as compile says it
            print(f"durakc: note: {ref} left out: no C engine ({exc.diagnostics[0].message})",
                  file=sys.stderr)
        except NativeUnavailable as exc:
            if fallback:
                why = str(exc).splitlines()[0].rstrip(":")
                print(f"durakc: warning: {why}; using the Python engines (slower)",
                      file=sys.stderr)
                return None, None
            return [], usage_error(str(exc))
        except SpecError as exc:
            return [], report(exc)
    return native, None


def _limit(args) -> int:
    """`--limit`: the reference and the native engines side by side, with the ratios."""
    from pathlib import Path

    from durakc.bench_limit import DEFAULT_PATH, LimitError, bench_limit
    from durakc.native import NativeUnavailable

    path = Path(args.limit) if args.limit else DEFAULT_PATH
    try:
        (ref_games, ref_actions), rows = bench_limit(path, args.games, args.seed, args.repeat)
    except (LimitError, NativeUnavailable) as exc:
        return usage_error(str(exc))
    print(f"reference {path.name}: 2-player podkidnoy {ref_games:.0f} games/s {ref_actions:.0f} actions/s")
    print(f"{'variant':<12} {'players':>7} {'games/s':>10} {'actions/s':>11} {'actions ratio':>13} {'games ratio':>11}")
    for row in rows:
        games_ratio = f"{row.games_ratio:.2f}" if row.games_ratio is not None else "-"
        print(f"{row.variant:<12} {row.players:>7} {row.games_per_s:>10.0f} {row.actions_per_s:>11.0f} "
              f"{row.actions_ratio:>13.2f} {games_ratio:>11}")
    return 0
