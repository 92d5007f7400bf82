"""VectorEnv: make_vec returns it, and seeded it equals N single environments."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

import durakc.rl  # noqa: F401  (registers durakc/Durak-v0)
from durakc.rl.gym_env import DurakEnv
from durakc.rl.vector_env import VectorEnv


def _same(batched, k, single):
    """Row k of a batched observation (array or dict of arrays) equals a single one."""
    if isinstance(single, dict):
        return all(_same(batched[key], k, single[key]) for key in single)
    return np.array_equal(np.asarray(batched)[k], np.asarray(single))


def test_make_vec_returns_vector_env():
    envs = gym.make_vec("durakc/Durak-v0", num_envs=2, vectorization_mode="vector_entry_point",
                        variant="transfer", players=2, opponents="random")
    assert isinstance(envs, VectorEnv) and envs.num_envs == 2


def test_seeded_vector_env_equals_single_envs():
    envs = VectorEnv(3, variant="podkidnoy", players=2, opponents="random")
    singles = [DurakEnv(variant="podkidnoy", players=2, opponents="random") for _ in range(3)]
    obs, _ = envs.reset(seed=[1, 2, 3])
    for k, env in enumerate(singles):
        single_obs, _ = env.reset(seed=k + 1)
        assert _same(obs, k, single_obs)
    for _ in range(5):
        masks = envs.action_masks()
        actions = [int(np.flatnonzero(m)[0]) for m in masks]
        obs, rewards, terms, _, _ = envs.step(actions)
        for k, env in enumerate(singles):
            assert np.array_equal(masks[k], env.action_masks())
            single_obs, reward, term, _, _ = env.step(actions[k])
            assert _same(obs, k, single_obs)
            assert rewards[k] == reward and terms[k] == term
