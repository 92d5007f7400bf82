"""Episodes that end (issue 19, 5c-5d): the step limit, the illegal-action policy, masks
before reset, and the learner's seat and opponents chosen by `reset(options=...)`."""

from __future__ import annotations

import random
import warnings

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from durakc.rl import DurakAECEnv, DurakEnv, policy_bot
from durakc.rl.aec import DEFAULT_MAX_STEPS

DICT_OBSERVATION_WARNINGS = {       # as in test_pettingzoo.py: PettingZoo's masked-game convention
    "Observation is not a NumPy array",
    ("Observation space for each agent probably should be gymnasium.spaces.box or "
     "gymnasium.spaces.discrete"),
}

POSITION = {"players": 3, "trump": "C", "stock": ["7H", "KD", "6C"],
            "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
            "attacker": 0, "discard": [], "dealer": 2, "first_round": False}


def _illegal(obs) -> int:
    return int(np.flatnonzero(obs["action_mask"] == 0)[0])


def _legal(obs) -> int:
    return int(np.flatnonzero(obs["action_mask"])[0])


# -- the step limit ------------------------------------------------------------------------
def test_the_default_step_limit_is_documented_and_far_above_any_real_game():
    assert DurakEnv().max_steps == DurakAECEnv().max_steps == DEFAULT_MAX_STEPS == 1000


def test_an_episode_is_truncated_after_max_steps_learner_steps():
    env = DurakEnv("transfer", players=2, opponents="random", max_steps=3)
    obs, _ = env.reset(seed=0)
    flags = []
    for _ in range(3):
        obs, reward, terminated, truncated, info = env.step(_legal(obs))
        flags.append((terminated, truncated))
    assert flags == [(False, False), (False, False), (False, True)]
    assert reward == 0.0 and not env.game.is_over and info["steps"] == 3
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(_legal(obs))
    env.reset(seed=1)                     # a new episode counts from 0 again
    assert env.steps == 0 and not env.step(_legal(env._observe()))[3]


def test_penalized_illegal_actions_count_towards_the_limit():
    env = DurakEnv("transfer", players=2, illegal_action="penalize", max_steps=4)
    obs, _ = env.reset(seed=2)
    results = [env.step(_illegal(obs))[1:4] for _ in range(4)]
    assert results == [(-1.0, False, False)] * 3 + [(-1.0, False, True)]


def test_max_steps_none_means_no_limit_and_bad_values_are_refused():
    env = DurakEnv("mini", players=2, illegal_action="penalize", max_steps=None)
    obs, _ = env.reset(seed=0)
    assert not any(env.step(_illegal(obs))[3] for _ in range(2 * DEFAULT_MAX_STEPS))
    for bad in (0, -5, 2.5, True, "100"):
        with pytest.raises(ValueError, match="max_steps must be a whole number >= 1 or None"):
            DurakEnv(max_steps=bad)


def test_bots_playing_on_alone_are_cut_off_too():
    """The learner (seat 0) leaves after its first attack; the bots' moves after it count
    against max_steps x (players - 1)."""
    position = {"players": 3, "trump": "C", "stock": [], "attacker": 0, "discard": [],
                "hands": [["9C"], ["6S", "7S", "8S", "9S", "10S", "JS"],
                          ["6H", "7H", "8H", "9H", "10H", "JH"]]}
    env = DurakEnv("transfer", players=3, opponents="random", max_steps=2)
    env.reset(seed=0, options={"position": position})
    _, reward, terminated, truncated, _ = env.step(env.encoding.action_index("attack 9C"))
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert 0 in env.game.out and not env.game.is_over and env.steps == 1
    unlimited = DurakEnv("transfer", players=3, opponents="random", max_steps=None)
    unlimited.reset(seed=0, options={"position": position})
    _, reward, terminated, truncated, _ = unlimited.step(env.encoding.action_index("attack 9C"))
    assert terminated and not truncated and reward == 0.5


def test_gymnasiums_own_time_limit_also_applies():
    env = gym.make("durakc/Durak-v0", variant="transfer", max_episode_steps=2)
    obs, _ = env.reset(seed=0)
    assert env.step(_legal(obs))[3] is False
    assert env.step(_legal(env.unwrapped._observe()))[3] is True
    env = gym.make("durakc/Durak-v0", variant="transfer", max_steps=1)
    obs, _ = env.reset(seed=0)
    assert env.step(_legal(obs))[3] is True


def test_the_aec_env_truncates_every_agent_once_one_made_max_steps_moves():
    env = DurakAECEnv("transfer", players=3, max_steps=2)
    env.reset(seed=4)
    moves, truncated_at = {}, None
    for agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            truncated_at = truncated_at or dict(moves)
            env.step(None)
            continue
        moves[agent] = moves.get(agent, 0) + 1
        env.step(_legal(obs))
    assert max(truncated_at.values()) == 2 and not env.game.is_over
    assert env.agents == []
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(DurakAECEnv("kyiv", players=3, max_steps=5), num_cycles=200)
    assert {str(w.message) for w in caught} <= DICT_OBSERVATION_WARNINGS


# -- illegal actions -------------------------------------------------------------------------
def test_by_default_an_illegal_action_ends_the_episode_with_the_illegal_reward():
    env = DurakEnv("transfer", players=2, illegal_reward=-2.0)
    obs, _ = env.reset(seed=4)
    before = env.game.to_dict()
    _, reward, terminated, truncated, info = env.step(_illegal(obs))
    assert (reward, terminated, truncated, info["illegal_action"]) == (-2.0, True, False, True)
    assert env.game.to_dict() == before and "loser" not in info
    with pytest.raises(RuntimeError, match="call reset"):
        env.step(_legal(obs))


def test_an_illegal_action_can_raise_instead():
    env = DurakEnv("transfer", players=2, illegal_action="raise")
    obs, _ = env.reset(seed=1)
    before = env.game.to_dict()
    take = env.encoding.action_index("take")
    with pytest.raises(ValueError, match=r"seat 0: action 1638 \(take\) is not legal now; "
                                         r"legal: attack "):
        env.step(take)
    assert env.game.to_dict() == before
    assert env.step(_legal(obs))[2:4] == (False, False)      # the episode goes on
    with pytest.raises(ValueError, match="illegal_action must be one of"):
        DurakEnv(illegal_action="ignore")


# -- masks before reset ---------------------------------------------------------------------
def test_masks_and_observations_before_reset_are_clear_errors():
    with pytest.raises(RuntimeError, match=r"action_masks\(\) before reset\(\)"):
        DurakEnv("transfer").action_masks()
    with pytest.raises(RuntimeError, match=r"observe\(\) before reset\(\)"):
        DurakAECEnv("transfer").observe("player_0")
    with pytest.raises(RuntimeError, match="call reset"):
        DurakEnv("transfer").step(0)
    assert DurakEnv("transfer", render_mode="rgb_array").render() is None


# -- seat and opponents chosen at reset -------------------------------------------------------
def test_reset_options_choose_the_learners_seat_for_this_and_later_episodes():
    env = DurakEnv("podkidnoy", players=3, seat=0, opponents="random")
    obs, info = env.reset(seed=5, options={"seat": 2})
    assert env.seat == info["seat"] == 2 and env.game.to_move == 2
    hand = env.encoding.layout.block(obs["observation"], "hand")
    assert {env.encoding.card_texts[i] for i in np.flatnonzero(hand)} == set(env.game.hands[2])
    assert (env.action_masks() == obs["action_mask"]).all() and obs["action_mask"].sum() > 0
    _, info = env.reset(seed=6)                      # options stay until others are given
    assert env.seat == info["seat"] == 2 and sorted(env.bots) == [0, 1]
    env.reset(seed=6, options={"seat": 0})
    assert sorted(env.bots) == [1, 2]


def test_reset_options_choose_the_opponents_one_per_other_seat_in_seat_order():
    played = []

    def recorder(game, seat, rng):
        played.append(seat)
        return rng.choice(game.legal_actions())

    env = DurakEnv("transfer", players=3, seat=0, opponents="greedy")
    obs, _ = env.reset(seed=3, options={"seat": 1, "opponents": ["greedy", recorder]})
    done = False
    while not done:
        obs, _, terminated, truncated, _ = env.step(_legal(obs))
        done = terminated or truncated
    assert played and set(played) == {2}           # seats 0 and 2: greedy, then the recorder
    env.reset(seed=3, options={"opponents": recorder})
    assert set(env.bots.values()) == {recorder}


def test_bad_reset_options_change_nothing():
    env = DurakEnv("transfer", players=3, seat=1, opponents="random")
    env.reset(seed=0)
    bots = dict(env.bots)
    for options, error in [({"seat": 3}, "seat must be 0..2"), ({"seat": True}, "seat must"),
                           ({"opponents": ["random"]}, "1 bots for 2 seats"),
                           ({"opponents": [1, 2]}, "a bot name or a callable"),
                           ({"seats": 1}, "unknown reset option 'seats'")]:
        with pytest.raises((ValueError, TypeError), match=error):
            env.reset(seed=0, options=options)
        assert env.seat == 1 and env.bots == bots


def test_the_same_seed_and_options_give_the_same_episode():
    def episode(env):
        obs, _ = env.reset(seed=9, options={"seat": 1, "opponents": ["greedy", "random"]})
        rng = random.Random(0)
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(
                int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = terminated or truncated
        return env.game.history, reward
    assert episode(DurakEnv("kyiv", players=3)) == episode(DurakEnv("kyiv", players=3))


def test_a_policy_over_observations_plays_as_an_opponent_for_self_play():
    env = DurakEnv("transfer", players=2, opponents="random")
    seen = []

    def lowest_index(obs):
        seen.append(obs)
        return int(np.flatnonzero(obs["action_mask"])[0])

    obs, _ = env.reset(seed=2, options={"seat": 1, "opponents": policy_bot(env.encoding,
                                                                          lowest_index)})
    done = False
    while not done:
        obs, _, terminated, truncated, _ = env.step(_legal(obs))
        done = terminated or truncated
    assert seen and all(o["action_mask"].sum() > 0 for o in seen)
    assert all(o["observation"].shape == env.observation_space["observation"].shape for o in seen)
    # every move of seat 0 is the lowest legal index of its own mask
    replay = env.engine.new_game(2, 2)
    for text in env.game.history:
        if replay.to_move == 0:
            legal = sorted(env.encoding.legal_indices(replay))
            assert env.encoding.action_index(text) == legal[0]
        replay.apply(text)


def test_policy_bot_illegal_choices():
    env = DurakEnv("transfer", players=2, seat=1)
    take = env.encoding.action_index("take")
    strict = policy_bot(env.encoding, lambda obs: take)
    seat0_opens = next(s for s in range(50) if env.engine.new_game(2, s).to_move == 0)
    with pytest.raises(ValueError, match=r"seat 0's policy chose 1638 \(take\), which is not "
                                         r"legal; legal: attack"):
        env.reset(seed=seat0_opens, options={"opponents": strict})
    lenient = policy_bot(env.encoding, lambda obs: take, on_illegal="random")
    env.reset(seed=seat0_opens, options={"opponents": lenient})
    assert env.game.history and env.game.to_move == 1
    with pytest.raises(ValueError, match="on_illegal must be"):
        policy_bot(env.encoding, lambda obs: 0, on_illegal="skip")

