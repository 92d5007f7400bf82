"""A batched `durakc/Durak-v0`: `VectorEnv`, Gymnasium's vector API over N games.

First step of issue 33 item 2: the API and registration (`gymnasium.make_vec(...,
vectorization_mode="vector_entry_point")`), stepping N `DurakEnv`s in Python with Gymnasium's
next-step autoreset.  The C loop (no Python object per game per step) is not done yet.
"""

from __future__ import annotations

import numpy as np
from gymnasium.vector import SyncVectorEnv

from durakc.rl.gym_env import DurakEnv


class VectorEnv(SyncVectorEnv):
    """N `DurakEnv(**kwargs)` games stepped together; `action_masks()` stacks their masks."""

    def __init__(self, num_envs: int = 1, **kwargs):
        if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
        super().__init__([lambda: DurakEnv(**kwargs) for _ in range(num_envs)])

    def action_masks(self) -> np.ndarray:
        """The (num_envs, num_actions) legal-action masks (MaskablePPO's hook).

        A game that ended on the last step is reset by the next one, which ignores its
        action: its row allows every action (an all-zero row would break masked policies).
        """
        masks = np.stack([env.unwrapped.action_masks() for env in self.envs])  # type: ignore[attr-defined]
        pending = np.asarray(getattr(self, "_autoreset_envs", np.zeros(self.num_envs, bool)))
        masks[pending] = 1
        return masks
