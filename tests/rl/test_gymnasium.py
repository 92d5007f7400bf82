"""The Gymnasium environment: Gymnasium's check_env, the bots, illegal actions, and the
example learner of docs/rl.md trained for a few thousand steps."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from durakc.loading.engines import load_engine
from durakc.rl import DurakEnv
from durakc.rl.examples import SoftmaxLearner, losses, train


def _check(env):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env)
    return [str(w.message) for w in caught]


@pytest.mark.parametrize(("variant", "players", "opponents"), [
    ("transfer", 2, "random"), ("podkidnoy", 3, "greedy"), ("kyiv", 4, "greedy"),
    ("proyezdnoy", 3, ["random", "greedy"]), ("weli", 3, "greedy"), ("poker", 2, "greedy"),
    ("trump-six", 3, "random"), ("treshka", 2, "greedy"), ("two-decks", 4, "greedy"),
    ("threes-and-fives", 2, "greedy")])
def test_check_env_passes_without_warnings(variant, players, opponents):
    env = gym.make("durakc/Durak-v0", variant=variant, players=players, opponents=opponents)
    assert _check(env.unwrapped) == []


def test_gymnasium_make_finds_the_environment_by_module_and_id():
    env = gym.make("durakc.rl.gym_env:durakc/Durak-v0", variant="mini", players=3)
    obs, _ = env.reset(seed=1)
    assert obs["observation"].shape == (env.unwrapped.encoding.layout.size,)
    assert env.unwrapped.encoding.variant == "mini" and env.unwrapped.players == 3


def test_a_game_is_an_episode_that_ends_with_the_outcome_reward():
    env = DurakEnv("transfer", players=3, seat=1, opponents="random")
    rng = random.Random(0)
    rewards = []
    for seed in range(10):
        obs, info = env.reset(seed=seed)
        assert env.game.to_move == 1 and obs["action_mask"].sum() > 0
        done, steps = False, 0
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, reward, done, truncated, info = env.step(int(rng.choice(legal)))
            assert not truncated
            steps += 1
            if not done:
                assert reward == 0.0 and env.game.to_move == 1
        assert obs["action_mask"].sum() == 0
        game = env.game
        expected = 0.0 if game.is_draw else (-1.0 if game.loser == 1 else 0.5)
        assert reward == expected and info["loser"] == game.loser
        rewards.append(reward)
    assert -1.0 in rewards and 0.5 in rewards


def test_an_illegal_action_changes_nothing_and_costs_the_illegal_reward():
    env = DurakEnv("transfer", players=2, illegal_reward=-0.25, illegal_action="penalize")
    obs, _ = env.reset(seed=4)
    before = env.game.to_dict()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    after, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-0.25, False, False, True)
    assert env.game.to_dict() == before
    assert (after["action_mask"] == obs["action_mask"]).all()
    assert (env.action_masks() == obs["action_mask"]).all()


def test_reset_with_a_seed_deals_the_engines_new_game():
    env = DurakEnv("podkidnoy", players=2, seat=0, opponents="greedy")
    engine = load_engine("podkidnoy")
    env.reset(seed=11)
    # the bots may have moved before the learner's first turn: replay their moves on the deal
    replay = engine.new_game(2, 11)
    for text in env.game.history:
        replay.apply(text)
    assert replay.to_dict() == env.game.to_dict()


def test_a_position_in_the_reset_options_is_the_starting_state():
    position = {"players": 3, "trump": "C", "stock": ["7H", "KD", "6C"],
                "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
                "attacker": 0, "discard": [], "dealer": 2, "first_round": False}
    env = DurakEnv("transfer", players=3, seat=1, opponents="greedy")
    obs, _ = env.reset(seed=0, options={"position": position})
    # seat 0 (a bot) opened; now seat 1 defends with its own two cards
    assert env.game.history and env.game.to_move == 1
    assert set(env.game.hands[1]) <= {"9D", "7S"}
    hand = env.encoding.layout.block(obs["observation"], "hand")
    assert {env.encoding.card_texts[i] for i in np.flatnonzero(hand)} == set(env.game.hands[1])


def test_step_after_the_end_asks_for_reset():
    env = DurakEnv("mini", players=2, opponents="random")
    obs, _ = env.reset(seed=0)
    done = False
    while not done:
        obs, _, done, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="2 bots for 1 seats"):
        DurakEnv("transfer", players=2, opponents=["random", "greedy"])
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        DurakEnv("transfer", opponents="clever")
    with pytest.raises(ValueError, match="seat must be 0..2"):
        DurakEnv("transfer", players=3, seat=3)
    with pytest.raises(ValueError, match="is for 2-6 players, not 1"):
        DurakEnv("transfer", players=1)


def test_the_example_learner_beats_a_random_policy_after_a_few_thousand_steps():
    """docs/rl.md's example: train 5000 steps against random bots, then compare paired deals."""
    env = DurakEnv("transfer", players=2, opponents="random")
    learner = SoftmaxLearner(env.encoding, learning_rate=0.05, seed=0)
    greedy = lambda obs: learner.act(obs, explore=False)[0]
    untrained = losses(env, greedy, 200, seed=50_000)
    episodes = train(env, learner, steps=5000, seed=0)
    assert episodes > 50
    rng = random.Random(1)
    random_policy = lambda obs: int(rng.choice(np.flatnonzero(obs["action_mask"])))
    learned = losses(env, greedy, 200, seed=50_000)
    baseline = losses(env, random_policy, 200, seed=50_000)
    # Untrained, every weight is 0 and ties are broken at random: it plays like the random
    # policy.  Trained, it must lose clearly less often: at least 20 games fewer of 200.
    assert abs(untrained - baseline) < 20
    assert learned < baseline - 20, (learned, baseline)
    print(f"losses of 200: untrained {untrained}, trained {learned}, random {baseline}")
