"""The training example on the C-stepped VectorEnv (durakc.rl.maskable_ppo)."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from durakc.native.build import unavailable_reason

REASON = unavailable_reason()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))


def _envs(n=32):
    from durakc.rl.vector_env import VectorEnv
    return VectorEnv(n, variant="transfer", opponents="greedy")


def test_numpy_learner_loses_clearly_less_than_a_random_learner():
    """About 9,600 learner steps of REINFORCE over 32 games at once: against the greedy bots a
    random learner loses about 97% of 2-player transfer games, the trained one about 76%."""
    from durakc.rl.maskable_ppo import MaskedBiasLearner, loss_rate
    from durakc.rl.vector_speed import random_legal
    envs = _envs()
    rng = np.random.default_rng(1)
    random_rate = loss_rate(envs, lambda obs: random_legal(obs["action_mask"], rng), 400)
    learner = MaskedBiasLearner(envs.encoding.num_actions)
    assert learner.train(envs, 300) > 100  # episodes learned from
    trained_rate = loss_rate(envs, lambda obs: learner.act(obs["action_mask"], explore=False), 400)
    assert random_rate > 0.9 and trained_rate < random_rate - 0.1


def test_sampled_actions_are_legal_and_follow_the_scores():
    from durakc.rl.maskable_ppo import MaskedBiasLearner
    learner = MaskedBiasLearner(4)
    learner.scores[:] = [0.0, 5.0, 0.0, 9.0]
    masks = np.array([[1, 1, 0, 0]] * 400, np.int8)
    picks = learner.act(masks)
    assert set(picks) <= {0, 1} and np.mean(picks == 1) > 0.9
    assert list(learner.act(masks[:1], explore=False)) == [1]


def test_sb3_adapter_resets_ended_games_in_the_same_step():
    pytest.importorskip("stable_baselines3", reason="stable-baselines3 (with PyTorch) is optional")
    from durakc.rl.maskable_ppo import sb3_vec_env
    vec = sb3_vec_env(_envs(4))
    obs = vec.reset()
    for _ in range(200):
        masks = np.stack(vec.env_method("action_masks"))
        obs, _, dones, infos = vec.step(masks.argmax(axis=1))
        for k in np.flatnonzero(dones):
            assert "terminal_observation" in infos[k] and obs["action_mask"][k].any()


def test_maskable_ppo_trains_on_the_vector_env():
    pytest.importorskip("sb3_contrib", reason="sb3-contrib (with PyTorch) is optional")
    from durakc.rl.maskable_ppo import train_maskable_ppo
    model = train_maskable_ppo("transfer", envs=4, steps=128, n_steps=32, batch_size=64,
                               n_epochs=1)
    assert model.num_timesteps >= 128
