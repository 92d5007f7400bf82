"""HR34 in the RL environments: the `catch` and `wait` blocks, the out-of-turn schedule of
durakc.rl.schedule in DurakEnv and the AEC env, and the other variants' spaces unchanged."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from durakc.rl.encoding import DurakEncoding
from durakc.rl.gym_env import DurakEnv
from durakc.rl.schedule import WAIT
from durakc.sim.catching import visible_fouls


@pytest.mark.parametrize("variant", ["transfer", "podkidnoy", "show-any-card"])
def test_variants_without_catches_keep_their_spaces(variant):
    """No out-of-turn verb: no catch or wait block, the sizes of before (1640 actions, 300
    observation floats for a 36-card, 6-seat deck)."""
    enc = DurakEncoding(variant)
    assert (enc.num_actions, enc.layout.size) == (1640, 300)
    assert "catch" not in enc.offsets and "wait" not in enc.offsets


def test_the_catch_block_names_the_card_and_wait_follows():
    """The catch block is one index per played card (the deciding seat implied), then wait."""
    enc = DurakEncoding("cheating")
    assert enc.num_actions == 1640 + enc.n_played + 1
    assert enc.offsets["wait"] == enc.offsets["catch"] + enc.n_played == enc.num_actions - 1
    index = enc.action_index("catch 1 KS")
    assert index == enc.action_index("catch 3 KS") == enc.offsets["catch"] + enc.card_index("KS")
    assert enc.action_text(index) == "catch KS"
    assert enc.action_text(enc.num_actions - 1) == "wait"


def _asked_out_of_turn(env):
    return bool(env.action_masks()[env.encoding.offsets["wait"]])


@pytest.mark.parametrize(("players", "opponents"), [(2, "random"), (4, "greedy")])
def test_random_learners_play_cheating_to_the_end(players, opponents):
    """Masks are never empty and every masked action is accepted, catches and waits too."""
    env = DurakEnv("cheating", players=players, opponents=opponents, max_steps=None)
    rng = np.random.default_rng(players)
    asked = 0
    for seed in range(3):
        obs, _ = env.reset(seed=seed)
        terminated = truncated = False
        while not (terminated or truncated):
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size and (obs["action_mask"] == env.action_masks()).all()
            asked += _asked_out_of_turn(env)
            obs, _, terminated, truncated, info = env.step(int(rng.choice(legal)))
            assert not info["illegal_action"]
        assert terminated and env.game.is_over
    assert asked  # the learner was asked out of turn


def _learner_to_catch(env, seeds, wanted):
    """Reset until the learner is asked out of turn with a table card `wanted(env, card)`
    (the learner waits and plays its first legal action otherwise); that card or None."""
    for seed in seeds:
        obs, _ = env.reset(seed=seed)
        while not env.game.is_over:
            if _asked_out_of_turn(env):
                for act in env.game.out_of_turn_actions(env.seat):
                    card = str(act).split()[-1]
                    if wanted(env, card):
                        return card
                obs, *_ = env.step(env.encoding.offsets["wait"])
            else:
                obs, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return None


def test_the_learners_catch_of_an_illegal_beat_makes_the_defender_take():
    """HR34: a caught illegal beat: the defender takes every table card, the round ends (2
    seats: the learner attacks next, so the step ends right after the catch)."""
    env = DurakEnv("cheating", players=2, opponents="random", max_steps=None)

    def foul_beat(env, card):
        return card in visible_fouls(env.game) and any(d == card for _, d in env.game.table)

    card = _learner_to_catch(env, range(40), foul_beat)
    assert card is not None
    game = env.game
    defender = game.defender
    table = [c for pair in game.table for c in pair if c is not None]
    env.step(env.encoding.action_index(f"catch {env.seat} {card}"))
    assert game.history[-1] == f"catch {env.seat} {card}"
    assert game.table == [] and set(table) <= set(game.hands[defender])
    assert game.to_move == env.seat != defender


def test_the_learners_catch_of_a_legal_play_bars_it_for_the_round():
    """HR34: catching a legal play changes nothing on the table and bars the catcher."""
    env = DurakEnv("cheating", players=3, opponents="greedy", max_steps=None)

    def legal(env, card):
        return card not in visible_fouls(env.game)

    card = _learner_to_catch(env, range(20), legal)
    assert card is not None
    text = f"catch {env.seat} {card}"
    after = env.game.copy()
    after.apply(text)
    assert after.table == env.game.table and not after.out_of_turn_actions(env.seat)
    at = len(env.game.history)
    env.step(env.encoding.action_index(text))
    assert env.game.history[at] == text


def test_wait_is_the_learners_only_non_engine_action():
    """A waited decision applies nothing: the history is unchanged by it."""
    env = DurakEnv("cheating", players=2, opponents="random", max_steps=None)
    card = _learner_to_catch(env, range(20), lambda env, card: True)
    assert card is not None
    choices = env.encoding.choices(env.game, env.seat, True)
    assert choices[env.encoding.offsets["wait"]] == WAIT
    assert all(str(a).startswith(f"catch {env.seat} ") for a in choices.values() if a != WAIT)


def test_aec_env_asks_every_seat_out_of_turn_to_the_end():
    """The AEC env selects out-of-turn agents with catches and wait; games end."""
    pytest.importorskip("pettingzoo")
    from durakc.rl import aec_env
    env = aec_env("cheating", players=3, max_steps=None)
    rng = np.random.default_rng(5)
    waits = 0
    wait = env.unwrapped.encoding.offsets["wait"]
    for seed in range(2):
        env.reset(seed=seed)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size
            action = int(rng.choice(legal))
            waits += action == wait
            env.step(action)
        assert env.unwrapped.game.is_over
    assert waits


def test_the_native_vector_env_steps_the_cheating_table():
    """The C loop steps the out-of-turn decisions of the bundled cheating table
    (tests/rl/test_vector_catches.py checks its games)."""
    from durakc.rl.vector_native import unsupported_reason
    assert unsupported_reason(DurakEncoding("cheating"), "greedy") is None


def test_pettingzoos_api_test_passes_on_cheating():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from durakc.rl import aec_env
    api_test(aec_env("cheating", players=3), num_cycles=100)
