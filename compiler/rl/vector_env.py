"""A batched `durakc/Durak-v0`: `VectorEnv`, Gymnasium's vector API over N games stepped in C.

    envs = gymnasium.make_vec("durakc/Durak-v0", num_envs=64,
                              vectorization_mode="vector_entry_point", variant="transfer")
    obs, info = envs.reset(seed=0)
    obs, rewards, terminated, truncated, info = envs.step(actions)

`VectorEnv` steps its N games in one C call (compiler/native/vecenv.c): the learner's
actions, the opponents' moves (the `random` and `greedy` bots) and the observation and mask
encoding, written into NumPy arrays allocated once.  Seeded, game k equals
`DurakEnv(**kwargs)` reset with seed + k (or seeds[k]) and stepped with the same actions,
autoresets included (Gymnasium's next-step mode, each sub-env drawing its next game seed from
its own generator as `DurakEnv.reset()` does).  Variants or opponents the C loop does not
cover raise a ValueError (NativeRefused) naming them, and no C compiler raises
durakc.native.NativeUnavailable; `PythonVectorEnv` steps those in Python, and
`make_vector_env` (the `make_vec` entry point, durakc.rl.vector_auto) falls back to it.
"""

from __future__ import annotations

import hashlib
import sys
from typing import TYPE_CHECKING

from durakc.rl import require
from durakc.rl.gym_env import DurakEnv
from durakc.rl.vector_native import NativeRefused, native_batch

if TYPE_CHECKING:
    import gymnasium as gym
    import numpy as np
else:
    gym = require("gymnasium")
    np = require("numpy")
from gymnasium.utils import seeding
from gymnasium.vector import SyncVectorEnv
from gymnasium.vector.utils import batch_space

MAX_SEED = 1 << 64


def _check_num_envs(num_envs) -> int:
    if not isinstance(num_envs, int) or isinstance(num_envs, bool) or num_envs < 1:
        raise ValueError(f"num_envs must be a positive int, not {num_envs!r}")
    return num_envs


class VectorEnv(gym.vector.VectorEnv):
    """N games of `DurakEnv(**kwargs)` stepped together in C (module docstring).

    Takes DurakEnv's arguments but `render_mode`; `copy=False` returns the preallocated
    arrays themselves (overwritten by the next step) instead of copies.
    """

    metadata = {"autoreset_mode": gym.vector.AutoresetMode.NEXT_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int = 1, copy: bool = True, **kwargs):
        self.num_envs = _check_num_envs(num_envs)
        if kwargs.get("render_mode") is not None:
            raise NativeRefused("the native VectorEnv does not render (render_mode=None)")
        template = DurakEnv(**kwargs)  # checks every argument as the single env does
        if getattr(template, "observation_mode", "observation") != "observation":
            raise NativeRefused("the native VectorEnv writes the observation vector only "
                                "(observation_mode='observation'); PythonVectorEnv steps "
                                f"observation_mode={template.observation_mode!r}")
        self.encoding, self.seat, self.players = template.encoding, template.seat, template.players
        self._batch = native_batch(
            self.encoding, num_envs, template.players, template.seat, template.opponents,
            template.max_steps, template.illegal_action, template.illegal_reward,
            template.non_loser_reward)
        self.single_observation_space = template.observation_space
        self.single_action_space = template.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self.copy = copy
        self._copies = _Copies()
        n = num_envs
        self._obs = {"observation": np.zeros((n, self.encoding.layout.size), np.float32),
                     "action_mask": np.zeros((n, self.encoding.num_actions), np.int8)}
        self._rewards = np.zeros(n, np.float64)
        self._terminated, self._truncated = np.zeros(n, bool), np.zeros(n, bool)
        self._illegal, self._is_draw = np.zeros(n, bool), np.zeros(n, bool)
        self._steps, self._loser = np.zeros(n, np.int64), np.full(n, -1, np.int64)
        self._batch.bind(self._obs["observation"], self._obs["action_mask"], self._rewards,
                         self._terminated, self._truncated, self._illegal, self._steps,
                         self._loser, self._is_draw)
        self._rngs: list = [None] * n
        self._autoreset_envs = np.zeros(n, bool)
        self._dealt = False

    def reset(self, *, seed=None, options=None):
        """Deal every game: seed an int (game k gets seed + k), a list of N seeds or None
        (each game's seed from its own generator).  No reset options."""
        if options:
            raise ValueError("the native VectorEnv takes no reset options")
        seeds = _seeds(seed, self.num_envs)
        for k, s in enumerate(seeds):
            self._deal(k, s, fresh=False)
        self._autoreset_envs[:] = False
        self._dealt = True
        return self._out(self._obs), self._infos()

    def _deal(self, k: int, seed, fresh: bool) -> None:
        """Game k as DurakEnv.reset(seed=seed) deals it (its bots' generator included)."""
        if seed is not None:
            self._rngs[k] = seeding.np_random(seed)[0]
            game_seed = seed
        else:
            if self._rngs[k] is None:
                self._rngs[k] = seeding.np_random()[0]
            game_seed = int(self._rngs[k].integers(2**31 - 1))
        if not self._batch.reset(k, abs(game_seed), bot_key(f"durakc-rl-bots-{game_seed}"), fresh):
            raise RuntimeError("the bots played on past the step limit before the learner's "
                               "first turn")

    def step(self, actions):
        """One learner step of every game (a game that ended on the last step is dealt anew
        instead, its action ignored: reward 0, not done)."""
        if not self._dealt:
            raise RuntimeError("step() before reset(): call reset() first")
        actions = np.ascontiguousarray(np.asarray(actions).reshape(self.num_envs), np.int64)
        for k in np.flatnonzero(self._autoreset_envs):
            self._deal(int(k), None, fresh=True)
        bad = self._batch.step(actions)
        if bad >= 0:
            self._autoreset_envs[:] = False  # the resets above stand: their next step plays
            texts = self._batch.legal_texts(bad)
            wait = self.encoding.offsets.get("wait")
            if wait is not None and self._obs["action_mask"][bad, wait]:
                texts.append("wait")  # HR34: asked out of turn
            legal = ", ".join(texts)
            raise ValueError(f"game {bad}, seat {self.seat}: action {_describe(self.encoding, actions[bad])}"
                             f" is not legal now; legal: {legal}")
        self._autoreset_envs = self._terminated | self._truncated
        return (self._out(self._obs), self._out(self._rewards), self._out(self._terminated),
                self._out(self._truncated), self._infos())

    def reset_done(self):
        """Deal now the games that ended on the last step (each from its own generator, as
        the next step would) and return the observations: for same-step autoreset callers
        (stable-baselines3's VecEnv); the next step then plays their actions."""
        for k in np.flatnonzero(self._autoreset_envs):
            self._deal(int(k), None, fresh=False)
        self._autoreset_envs[:] = False
        return self._out(self._obs)

    def _out(self, value):
        if not self.copy:
            return value
        if isinstance(value, dict):
            return {key: self._copies.copy_of(key, array) for key, array in value.items()}
        return value.copy()

    def _infos(self) -> dict:
        """DurakEnv's info keys as arrays, with Gymnasium's `_key` masks."""
        everyone = np.ones(self.num_envs, bool)
        over = (self._loser >= 0) | self._is_draw
        return {"illegal_action": self._illegal.copy(), "_illegal_action": everyone,
                "seat": np.full(self.num_envs, self.seat), "_seat": everyone,
                "steps": self._steps.copy(), "_steps": everyone,
                "loser": self._loser.copy(), "_loser": over,
                "is_draw": self._is_draw.copy(), "_is_draw": over}

    def action_masks(self) -> np.ndarray:
        """The (num_envs, num_actions) legal-action masks (MaskablePPO's hook).

        A game that ended on the last step is reset by the next one, which ignores its
        action: its row allows every action (an all-zero row would break masked policies).
        """
        masks = self._obs["action_mask"].copy()
        masks[self._autoreset_envs] = 1
        return masks


class _Copies:
    """Copies of the observation arrays in arrays of earlier steps that nobody holds any more.

    A fresh array of this size costs its page faults on every step (more than the C step
    itself); an earlier copy is reused only when no reference to it, nor to a view of it
    (a view holds its base), remains outside this pool, so what a caller keeps is never
    overwritten."""

    KEEP = 4  # arrays per name: the caller's last observation, and room to spare

    def __init__(self):
        self.pools: dict = {}

    def copy_of(self, name: str, array):
        """A copy of `array`, in a free pooled array when there is one."""
        pool = self.pools.setdefault(name, [])
        for kept in pool:
            # free: referenced by the pool list, `kept` and getrefcount's argument only
            if sys.getrefcount(kept) == 3:
                np.copyto(kept, array)
                return kept
        copy = array.copy()
        if len(pool) < self.KEEP:
            pool.append(copy)
        return copy


def bot_key(text: str) -> bytes:
    """The init_by_array key of `random.Random(text)` (CPython's seed of a str, version 2:
    the int of the text and its SHA-512) as little-endian 32-bit words, for vecenv.c."""
    data = text.encode()
    number = int.from_bytes(data + hashlib.sha512(data).digest(), "big")
    return number.to_bytes(max(1, (number.bit_length() + 31) // 32) * 4, "little")


def _seeds(seed, n: int) -> list:
    if seed is None:
        return [None] * n
    if isinstance(seed, int) and not isinstance(seed, bool):
        seeds = [seed + k for k in range(n)]
    else:
        seeds = list(seed)
        if len(seeds) != n:
            raise ValueError(f"{len(seeds)} seeds for {n} environments")
    for s in seeds:
        if s is not None and (not isinstance(s, int) or isinstance(s, bool) or abs(s) >= MAX_SEED):
            raise ValueError(f"a seed is an int below 2**64 or None, not {s!r}")
    return seeds


def _describe(encoding, action) -> str:
    try:
        return f"{int(action)} ({encoding.action_text(int(action))})"
    except (TypeError, ValueError):
        return repr(action)


class _VectorInfo(gym.Wrapper):
    """A DurakEnv whose ended game's `loser` is -1 for a draw (VectorEnv's spelling): the
    vector env's info arrays are ints, which a None would break.  Other attributes are the
    DurakEnv's (`envs.envs[k].game` as before the wrapper)."""

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.env, name)

    def step(self, action):
        obs, reward, terminated, truncated, info = self.env.step(action)
        if info.get("loser", 0) is None:
            info = dict(info, loser=-1)
        return obs, reward, terminated, truncated, info


class PythonVectorEnv(SyncVectorEnv):
    """N `DurakEnv(**kwargs)` games stepped in Python (any variant, any opponents, reset
    options, rendering); `action_masks()` stacks their masks, `reset_done()` is VectorEnv's,
    and so are the infos (`loser` -1 when a game ended in a draw).  Slower than `VectorEnv`."""

    def __init__(self, num_envs: int = 1, **kwargs):
        _check_num_envs(num_envs)
        super().__init__([lambda: _VectorInfo(DurakEnv(**kwargs)) for _ in range(num_envs)])

    def reset_done(self):
        """As `VectorEnv.reset_done`: deal now the games that ended on the last step (each
        from its own generator, Gymnasium's `reset_mask`) and return the observations."""
        pending = np.array(getattr(self, "_autoreset_envs", np.zeros(self.num_envs, bool)),
                           dtype=bool)
        if not pending.any():
            raise RuntimeError("reset_done(): no game ended on the last step")
        obs, _ = self.reset(options={"reset_mask": pending})
        return obs

    def action_masks(self) -> np.ndarray:
        """As `VectorEnv.action_masks`."""
        masks = np.stack([env.unwrapped.action_masks() for env in self.envs])  # type: ignore[attr-defined]
        pending = np.asarray(getattr(self, "_autoreset_envs", np.zeros(self.num_envs, bool)))
        masks[pending] = 1
        return masks
