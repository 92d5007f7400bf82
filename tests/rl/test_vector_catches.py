"""HR34 in the C-stepped VectorEnv (compiler/native/vecenv_catch.c): seeded, its games of the
cheating table equal N single DurakEnvs step by step, out-of-turn decisions included (the
learner's catches and waits, the opponents' catches by the bots' rule, the greedy bot's
visibly legal play); what it can not reproduce is refused with the reason."""

from pathlib import Path

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from durakc.native.build import unavailable_reason
from durakc.rl.encoding import DurakEncoding
from durakc.rl.gym_env import DurakEnv
from durakc.rl.vector_env import VectorEnv
from durakc.rl.vector_native import unsupported_reason

REASON = unavailable_reason()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))
SPECS = Path(__file__).resolve().parents[1] / "specs"


def _catches(game, seat: int) -> tuple[int, int]:
    """(the learner's, the others') catches in the game's history."""
    mine = others = 0
    for text in game.history:
        if text.startswith("catch "):
            if int(text.split()[1]) == seat:
                mine += 1
            else:
                others += 1
    return mine, others


def _lockstep(kwargs: dict, n: int, seed: int, steps: int, legal_only: bool = True):
    """Step VectorEnv(n, **kwargs) and n DurakEnvs with the same actions (random legal ones,
    or any index one time in five); every output must agree.  Returns (games ended, the
    learner's catches, the others' catches, waits) over the games played."""
    envs, singles = VectorEnv(n, **kwargs), [DurakEnv(**kwargs) for _ in range(n)]
    rng = np.random.default_rng(seed)
    obs, _ = envs.reset(seed=seed)
    for k, env in enumerate(singles):
        single, _ = env.reset(seed=seed + k)
        assert all(np.array_equal(obs[key][k], single[key]) for key in single)
    wait = envs.encoding.offsets["wait"]
    pending, totals = [False] * n, [0, 0, 0, 0]
    for _ in range(steps):
        masks = envs.action_masks()
        actions = [int(rng.choice(np.flatnonzero(m))) if legal_only or rng.random() < 0.8
                   else int(rng.integers(masks.shape[1])) for m in masks]
        obs, rewards, terms, truncs, infos = envs.step(actions)
        for k, env in enumerate(singles):
            if pending[k]:
                mine, others = _catches(env.game, env.seat)
                totals[1] += mine
                totals[2] += others
                single, reward, term, trunc = env.reset()[0], 0.0, False, False
            else:
                assert np.array_equal(masks[k], env.action_masks())
                totals[3] += actions[k] == wait and masks[k][wait] == 1
                single, reward, term, trunc, info = env.step(actions[k])
                assert infos["illegal_action"][k] == info["illegal_action"]
                assert infos["steps"][k] == info["steps"]
            assert all(np.array_equal(obs[key][k], single[key]) for key in single), f"env {k}"
            assert (rewards[k], terms[k], truncs[k]) == (reward, term, trunc)
            pending[k] = bool(term or trunc)
            totals[0] += pending[k]
    for k, env in enumerate(singles):  # the games still running count too
        if not pending[k]:
            mine, others = _catches(env.game, env.seat)
            totals[1] += mine
            totals[2] += others
    return totals


@pytest.mark.parametrize("players,opponents,seat", [
    (2, "random", 0),
    (3, "greedy", 1),
    (4, ["greedy", "random", "greedy"], 2),
])
def test_cheating_games_equal_single_envs_with_catches_on_both_sides(players, opponents, seat):
    """Whole episodes and autoresets: the learner (a random policy: it cheats and catches)
    and the opponents (the bots' rule: they catch what they can see broke the rules) both
    catch, the learner waits, and every observation, mask and reward is DurakEnv's."""
    kwargs = {"variant": "cheating", "players": players, "opponents": opponents, "seat": seat}
    ended, mine, others, waits = _lockstep(kwargs, 3, 5 + players, 150)
    assert ended >= 3 and mine and others and waits


def test_illegal_actions_and_the_step_limit_on_cheating_equal_single_envs():
    """Any index one time in five (a `wait` when not asked out of turn is illegal too), the
    penalize policy and a step limit that truncates."""
    kwargs = {"variant": "cheating", "players": 3, "opponents": "random", "seat": 0,
              "illegal_action": "penalize", "max_steps": 25, "illegal_reward": -0.5}
    assert _lockstep(kwargs, 3, 2, 60, legal_only=False)[0] >= 3


def test_a_raised_illegal_action_out_of_turn_lists_the_catches_and_wait():
    envs = VectorEnv(1, variant="cheating", players=2, opponents="random",
                     illegal_action="raise")
    envs.reset(seed=0)
    wait = envs.encoding.offsets["wait"]
    rng = np.random.default_rng(0)
    while not envs.action_masks()[0][wait]:  # play on to the learner's first catch question
        envs.step([int(rng.choice(np.flatnonzero(envs.action_masks()[0])))])
    mask = envs.action_masks()[0]
    with pytest.raises(ValueError, match=r"legal: catch 0 \w+.*, wait$"):
        envs.step([int(np.flatnonzero(mask == 0)[0])])
    assert np.array_equal(envs.action_masks()[0], mask)  # nothing played


def test_catches_with_transfers_are_refused_with_the_reason():
    """The bots' view of a foul reads attacks, throw-ins and beats under one trump; with
    transfers it is not what the C loop keeps, so it refuses (PythonVectorEnv steps it)."""
    assert unsupported_reason(DurakEncoding("cheating"), "greedy") is None
    reason = unsupported_reason(DurakEncoding(str(SPECS / "cheating-transfer.yaml")), "greedy")
    assert "catches (play.cheating, HR34) with transfers" in reason
