"""Steps/s of the single Python environment and of the C-stepped `VectorEnv`, side by side.

    durakc bench --env [VARIANT...] [--players N] [--opponents greedy] [--envs 256] [--seconds S]
    python -m durakc.rl.vector_speed [VARIANT] [--players N] [--envs 256] [--seconds S]

Both run a uniformly random legal learner: `DurakEnv` over the Python engine one step at a
time (rl/speed.py), and `make_vector_env(envs)` (the C-stepped `VectorEnv`, or where C can not
run it, no compiler or games it does not cover, `PythonVectorEnv`: the row says which) with
the policy vectorised in NumPy (a random legal
action for every game from the masks in one pass).  A learner step counts once in both, and
the policy's time counts in both.  Time is the process's CPU time (measured one after the
other in the same process), so other load on the machine changes the figures little.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass

from durakc.rl import require

np = require("numpy")

DEFAULT_ENVS = 256


@dataclass(frozen=True)
class EnvSpeed:
    """One side-by-side measurement: learner steps per CPU second of both environments."""

    variant: str
    players: int
    opponents: str
    envs: int
    single: float
    vector: float
    backend: str = "C"
    """What stepped the vector env: "C" (VectorEnv) or "python" (PythonVectorEnv)."""
    why: str | None = None
    """Why C did not, when it did not."""

    @property
    def ratio(self) -> float:
        """How many times the single environment's steps/s the vector env makes."""
        return self.vector / self.single


def random_legal(masks, rng):
    """A uniformly random legal action index for every row of `masks` (rows with no legal
    action get 0), in one pass over the masks."""
    flat = np.flatnonzero(np.ascontiguousarray(masks).view(np.bool_))  # far faster than 2-D nonzero
    rows, cols = np.divmod(flat, masks.shape[1])
    counts = np.bincount(rows, minlength=masks.shape[0])
    starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
    pick = starts + (rng.random(masks.shape[0]) * counts).astype(np.int64)
    return np.where(counts > 0, cols[np.minimum(pick, len(cols) - 1)], 0)


def vector_env(variant: str, players: int = 2, opponents: str = "greedy",
               envs: int = DEFAULT_ENVS) -> tuple[object, str, str | None]:
    """(the vector env, "C" or "python", why not C): `make_vector_env`'s choice, its
    fallback warning kept as the reason instead of printed."""
    import warnings

    from durakc.rl.vector_auto import NativeFallbackWarning, make_vector_env
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", NativeFallbackWarning)
        env = make_vector_env(envs, variant=variant, players=players, opponents=opponents)
    why = next((w.message.reason for w in caught
                if isinstance(w.message, NativeFallbackWarning)), None)
    return env, ("C" if why is None else "python"), why


def vector_steps_per_second(variant: str, players: int = 2, opponents: str = "greedy",
                            envs: int = DEFAULT_ENVS, seconds: float = 3.0,
                            seed: int = 0, env=None) -> float:
    """Learner steps per CPU second of a vector env (`env`, else `vector_env(...)`'s) with
    a random legal learner."""
    if env is None:
        env = vector_env(variant, players, opponents, envs)[0]
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    for _ in range(20):  # warm the caches
        env.step(random_legal(env.action_masks(), rng))
    calls, start = 0, time.process_time()
    stop = start + seconds
    while time.process_time() < stop:
        env.step(random_legal(env.action_masks(), rng))
        calls += 1
    return calls * envs / (time.process_time() - start)


def measure(variant: str, players: int = 2, opponents: str = "greedy", envs: int = DEFAULT_ENVS,
            seconds: float = 3.0) -> EnvSpeed:
    """Both environments on the same variant, players and opponents, one after the other."""
    from durakc.loading.engines import load_engine
    from durakc.rl.speed import steps_per_second
    env, backend, why = vector_env(variant, players, opponents, envs)
    single = steps_per_second(load_engine(variant), players, opponents, seconds)
    vector = vector_steps_per_second(variant, players, opponents, envs, seconds, env=env)
    return EnvSpeed(variant, players, opponents, envs, single, vector, backend, why)


HEADER = (f"{'variant':<14} {'players':>7} {'opponents':>9} {'envs':>5} {'single steps/s':>15} "
          f"{'vector steps/s':>15} {'ratio':>7} {'vector':>6}")


def row(speed: EnvSpeed) -> str:
    """One line of the table under HEADER (the last cell: what stepped the vector env)."""
    return (f"{speed.variant:<14} {speed.players:>7} {speed.opponents:>9} {speed.envs:>5} "
            f"{speed.single:>15,.0f} {speed.vector:>15,.0f} {speed.ratio:>6.1f}x "
            f"{speed.backend:>6}")


def main(argv=None) -> int:
    """`python -m durakc.rl.vector_speed`: one variant's table row."""
    parser = argparse.ArgumentParser(prog="python -m durakc.rl.vector_speed",
                                     description=__doc__.split("\n")[0])
    parser.add_argument("variant", nargs="?", default="transfer")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="greedy")
    parser.add_argument("--envs", type=int, default=DEFAULT_ENVS)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)
    print(HEADER)
    speed = measure(args.variant, args.players, args.opponents, args.envs, args.seconds)
    print(row(speed))
    if speed.why:
        print(f"vector env in Python: {speed.why}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
