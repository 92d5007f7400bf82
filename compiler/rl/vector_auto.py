"""`make_vector_env`: the C-stepped `VectorEnv` where it can run, else `PythonVectorEnv`.

`gymnasium.make_vec("durakc/Durak-v0", num_envs=N, vectorization_mode="vector_entry_point",
...)` calls it (durakc.rl.registration).  With `backend="auto"` (the default) it falls back to
the Python environments, after one warning that says why, when the C loop can not run: no C
compiler here (or its build failed: durakc.native.NativeUnavailable), or games it does not
cover (a variant, opponents, observation_mode or render_mode: NativeRefused).  Both give the
same games for the same seeds (docs/rl.md); the Python ones are slower.  `backend="native"`
is strict: it raises instead, as `VectorEnv(...)` itself does; `backend="python"` never tries C.
"""

from __future__ import annotations

import sys
import warnings
from types import FrameType

from durakc.rl.vector_env import PythonVectorEnv, VectorEnv
from durakc.rl.vector_native import NativeRefused

BACKENDS = ("auto", "native", "python")


class NativeFallbackWarning(RuntimeWarning):
    """`make_vector_env` steps the games in Python because the C loop can not run them;
    `reason` says why (no C compiler, a variant the loop does not cover, ...)."""

    def __init__(self, reason: str):
        super().__init__(f"{reason}; stepping the games in Python (durakc.rl.PythonVectorEnv: "
                         "the same games, slower)")
        self.reason = reason


def make_vector_env(num_envs: int = 1, copy: bool = True, backend: str = "auto", **kwargs):
    """N games of `DurakEnv(**kwargs)`: a `VectorEnv` (stepped in C) or, with `backend`
    "auto" when that is not possible here, a `PythonVectorEnv` after one
    NativeFallbackWarning (module docstring).  `copy` is VectorEnv's (the Python
    environments always return fresh arrays)."""
    from durakc.native import NativeUnavailable

    if backend not in BACKENDS:
        raise ValueError(f"backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if backend == "python":
        return PythonVectorEnv(num_envs, **kwargs)
    try:
        return VectorEnv(num_envs, copy=copy, **kwargs)
    except (NativeUnavailable, NativeRefused) as exc:
        if backend == "native":
            raise
        why = str(exc).splitlines()[0].rstrip(":").split(" (durakc.rl.PythonVectorEnv")[0]
    warnings.warn(NativeFallbackWarning(why), stacklevel=_user_level())
    return PythonVectorEnv(num_envs, **kwargs)


def _user_level() -> int:
    """The stack level of the first caller of make_vector_env outside Gymnasium (make_vec),
    so that the warning names the user's line."""
    level = 2  # 1: make_vector_env, 2: its caller
    frame: FrameType | None = sys._getframe(2)
    while frame is not None and str(frame.f_globals.get("__name__", "")).startswith("gymnasium"):
        level, frame = level + 1, frame.f_back
    return level
