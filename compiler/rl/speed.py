"""How fast `DurakEnv` steps over the Python and over the native (C) engine.

    python -m durakc.rl.speed [VARIANT] [--players N] [--opponents greedy] [--seconds S]

prints steps/s of the same random learner for both backends (the native one only where a C
compiler builds it).  Time is the process's CPU time, so other load on the machine changes
the figures little.  `bytecodes_per_step` counts the Python bytecode instructions one step
executes (every frame: the environment, the encoding, the bots and a Python engine), a figure
that does not depend on the machine at all; tests/native/test_rl_speed.py compares it between
the backends.
"""

from __future__ import annotations

import argparse
import sys
import time

from durakc.rl import require

np = require("numpy")


def _run(env, steps: int | None, seconds: float | None, seed: int = 0) -> int:
    """Random legal steps (episodes reset with seeds seed, seed + 1, ...); the steps made."""
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    episode = done = 0
    stop = None if seconds is None else time.process_time() + seconds
    while (steps is None or done < steps) and (stop is None or time.process_time() < stop):
        obs, _, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
        if terminated or truncated:
            episode += 1
            obs, _ = env.reset(seed=seed + episode)
    return done


def steps_per_second(engine, players: int = 2, opponents="greedy", seconds: float = 3.0) -> float:
    """Steps/s (CPU time) of `DurakEnv(engine, players, opponents=...)` with a random learner."""
    from durakc.rl.gym_env import DurakEnv
    env = DurakEnv(engine, players=players, opponents=opponents)
    _run(env, 200, None)  # warm the engine's tables and the encoding's caches
    start = time.process_time()
    steps = _run(env, None, seconds)
    return steps / (time.process_time() - start)


def bytecodes_per_step(engine, players: int = 2, opponents="greedy", steps: int = 400) -> float:
    """Python bytecode instructions per `step` of the same random learner (all frames)."""
    from durakc.rl.gym_env import DurakEnv
    env = DurakEnv(engine, players=players, opponents=opponents)
    _run(env, 200, None)
    count = 0

    def trace(frame, event, arg):
        nonlocal count
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return trace

    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        made = _run(env, steps, None, seed=1)
    finally:
        sys.settrace(previous)
    return count / made


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m durakc.rl.speed", description=__doc__.split("\n")[0])
    parser.add_argument("variant", nargs="?", default="transfer")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    from durakc.loading.engines import load_engine
    from durakc.native import NativeUnavailable, load_native
    engines = [("python", load_engine(args.variant))]
    try:
        engines.append(("native", load_native(args.variant)))
    except NativeUnavailable as exc:
        print(f"native: {exc}", file=sys.stderr)
    for label, engine in engines:
        rate = steps_per_second(engine, args.players, args.opponents, args.seconds)
        print(f"{args.variant} {args.players} players, {args.opponents} opponents, "
              f"{label}: {rate:,.0f} steps/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
