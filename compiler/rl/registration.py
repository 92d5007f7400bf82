"""Gymnasium registration of durakc's environment: `durakc/Durak-v0`.

`import durakc.rl` calls `register_envs()` when Gymnasium is installed, so that
`gymnasium.make("durakc/Durak-v0", variant=...)` works after it.  The package also declares
it as a `gymnasium.envs` entry point (pyproject.toml), the plugin hook through which Gymnasium
0.26-0.29 registers installed packages' environments when it is imported; Gymnasium 1.0
dropped that hook, so there the id needs `import durakc.rl` first, or the module-qualified id
`"durakc.rl:durakc/Durak-v0"`, which makes Gymnasium import it (docs/rl.md).  This module
imports nothing but Gymnasium: the environment itself loads on `make`.
"""

from __future__ import annotations

import importlib

ENV_ID = "durakc/Durak-v0"
ENTRY_POINT = "durakc.rl.gym_env:DurakEnv"
VECTOR_ENTRY_POINT = "durakc.rl.vector_auto:make_vector_env"


def register_envs() -> None:
    """Register `durakc/Durak-v0` with Gymnasium (once; later calls change nothing).

    The step limit is the environment's own (`max_steps`), so the registration adds no
    TimeLimit; `gymnasium.make(..., max_episode_steps=N)` adds one if wanted.
    """
    # gymnasium.envs.registration, not gymnasium: Gymnasium 0.29 calls this entry point while
    # `gymnasium` itself is still being imported (its registration module is complete).
    registration = importlib.import_module("gymnasium.envs.registration")
    if ENV_ID not in registration.registry:
        registration.register(id=ENV_ID, entry_point=ENTRY_POINT,
                              vector_entry_point=VECTOR_ENTRY_POINT)
