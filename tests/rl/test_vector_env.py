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


@pytest.mark.parametrize("variant,players", [("podkidnoy", 2), ("transfer", 3)])
def test_seeded_vector_env_equals_single_envs(variant, players):
    envs = VectorEnv(3, variant=variant, players=players, opponents="random")
    singles = [DurakEnv(variant=variant, players=players, opponents="random") for _ in range(3)]
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


def test_autoreset_next_step_starts_a_new_game():
    """After a game ends, the next step() of that sub-env resets it: reward 0, not done."""
    envs = VectorEnv(1, variant="transfer", players=2, opponents="random", max_steps=2)
    envs.reset(seed=5)
    done = False
    while not done:
        _, _, terms, truncs, _ = envs.step([int(np.flatnonzero(envs.action_masks()[0])[0])])
        done = bool(terms[0] or truncs[0])
    assert envs.action_masks()[0].all()  # the ignored action of the resetting step
    _, rewards, terms, truncs, _ = envs.step([0])
    assert rewards[0] == 0 and not terms[0] and not truncs[0]
    assert envs.envs[0].steps == 0


def test_bad_num_envs_is_a_clear_error():
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv(0, variant="transfer")


def test_illegal_action_with_raise_is_a_clear_error():
    envs = VectorEnv(2, variant="transfer", players=2, opponents="random", illegal_action="raise")
    envs.reset(seed=[1, 2])
    illegal = int(np.flatnonzero(envs.action_masks()[1] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        envs.step([int(np.flatnonzero(envs.action_masks()[0])[0]), illegal])
