"""`durakc bench --env [VARIANT...] [--players N] [--opponents B] [--envs N] [--seconds S]`.

Learner steps/s of the single Python RL environment (`DurakEnv`) and of the batched one
stepped in C (`VectorEnv`; `PythonVectorEnv` where C can not run, and the row says so), side
by side with their ratio (durakc.rl.vector_speed).
"""

from __future__ import annotations

import sys

from durakc.commands._common import usage_error

DEFAULT_VARIANTS = ("transfer", "podkidnoy")


def add_env_arguments(parser) -> None:
    """The options of `durakc bench --env` (the others of bench are ignored with it but
    --players)."""
    parser.add_argument("--env", action="store_true",
                        help="time the RL environments: the single Python DurakEnv and the "
                             "C-stepped VectorEnv side by side, with a random legal learner "
                             "(default variants: transfer and podkidnoy)")
    parser.add_argument("--opponents", default="greedy", choices=("greedy", "random"),
                        help="--env: the bots of the other seats (default greedy)")
    parser.add_argument("--envs", type=int, default=256,
                        help="--env: games in the vector env (default 256)")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="--env: CPU seconds per environment and row (default 3)")


def run_env(args) -> int:
    """Print one row per variant and player count: single steps/s, vector steps/s, ratio."""
    if args.envs < 1:
        return usage_error("--envs must be at least 1")
    if not args.seconds > 0:
        return usage_error("--seconds must be positive")
    try:
        from durakc.rl.vector_speed import HEADER, measure, row
    except ImportError as exc:
        return usage_error(str(exc))
    rows = [(variant, players) for variant in args.variants or DEFAULT_VARIANTS
            for players in args.players or [2]]
    for variant, players in rows:  # every refusal before anything is timed
        problem = _refusal(variant, players, args.opponents)
        if problem:
            return usage_error(problem)
    print(HEADER)
    told = set()
    for variant, players in rows:
        speed = measure(variant, players, args.opponents, args.envs, args.seconds)
        print(row(speed), flush=True)
        if speed.why and speed.why not in told:
            told.add(speed.why)
            print(f"durakc: warning: {speed.why}; using the Python "
                  "engines for the vector env (the `vector` column says which ran)",
                  file=sys.stderr)
    return 0


def _refusal(variant: str, players: int, opponents: str) -> str | None:
    """Why the environments of `variant` can not be timed (the vector env built once, so
    its extension is compiled before timing; where C can not step it, the Python vector env
    is timed instead and the row says so), or None."""
    from durakc.loading.engines import EngineNotFound
    from durakc.rl.vector_speed import vector_env
    try:
        vector_env(variant, players, opponents, 1)
    except EngineNotFound as exc:
        return str(exc)
    except (ValueError, TypeError) as exc:
        text = str(exc)
        return text if text.startswith(variant) else f"{variant}: {text}"
    return None
