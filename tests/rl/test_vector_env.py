"""VectorEnv: make_vec returns it, and seeded it equals N single environments step by step
(autoresets included); PythonVectorEnv, the Python fallback, equals them too."""

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

import durakc.rl  # noqa: F401  (registers durakc/Durak-v0)
from durakc.native.build import unavailable_reason
from durakc.rl.gym_env import DurakEnv
from durakc.rl.vector_env import PythonVectorEnv, VectorEnv

REASON = unavailable_reason()
pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))


def _same(batched, k, single):
    """Row k of a batched observation (array or dict of arrays) equals a single one."""
    if isinstance(single, dict):
        return all(_same(batched[key], k, single[key]) for key in single)
    return np.array_equal(np.asarray(batched)[k], np.asarray(single))


def _lockstep(envs, singles, seed, steps, rng, legal_only=True):
    """Step `envs` and the single envs with the same actions for `steps` steps, the single
    envs reset (without a seed) when the vector env autoresets; every output must agree."""
    obs, _ = envs.reset(seed=seed)
    pending = [False] * len(singles)
    for k, env in enumerate(singles):
        single_obs, _ = env.reset(seed=seed + k)
        assert _same(obs, k, single_obs)
    ended = 0
    for _ in range(steps):
        masks = envs.action_masks()
        actions = [int(rng.choice(np.flatnonzero(m))) if legal_only or rng.random() < 0.8
                   else int(rng.integers(masks.shape[1])) for m in masks]
        obs, rewards, terms, truncs, infos = envs.step(actions)
        for k, env in enumerate(singles):
            if pending[k]:
                single_obs, _ = env.reset()
                reward, term, trunc = 0.0, False, False
            else:
                assert np.array_equal(masks[k], env.action_masks())
                single_obs, reward, term, trunc, info = env.step(actions[k])
                assert infos["illegal_action"][k] == info["illegal_action"]
                assert infos["steps"][k] == info["steps"]
            assert _same(obs, k, single_obs), f"env {k}"
            assert (rewards[k], terms[k], truncs[k]) == (reward, term, trunc)
            pending[k] = term or trunc
            ended += pending[k]
    return ended


def test_make_vec_returns_vector_env():
    envs = gym.make_vec("durakc/Durak-v0", num_envs=2, vectorization_mode="vector_entry_point",
                        variant="transfer", players=2, opponents="random")
    assert isinstance(envs, VectorEnv) and envs.num_envs == 2
    obs, _ = envs.reset(seed=0)
    assert obs["observation"].shape == (2, envs.single_observation_space["observation"].shape[0])
    assert envs.observation_space["action_mask"].shape == obs["action_mask"].shape


@pytest.mark.parametrize("variant,players", [("podkidnoy", 2), ("transfer", 3)])
def test_seeded_vector_env_equals_single_envs(variant, players):
    envs = VectorEnv(3, variant=variant, players=players, opponents="random")
    singles = [DurakEnv(variant=variant, players=players, opponents="random") for _ in range(3)]
    _lockstep(envs, singles, 1, 5, np.random.default_rng(0))


@pytest.mark.parametrize("variant", ["transfer", "podkidnoy"])
@pytest.mark.parametrize("players,opponents,seat", [(2, "random", 0), (2, "greedy", 1),
                                                    (3, ["greedy", "random"], 2)])
def test_whole_episodes_and_autoresets_equal_single_envs(variant, players, opponents, seat):
    """Many steps with random legal actions: several games end and are dealt anew from each
    sub-env's own generator, as DurakEnv.reset() deals them."""
    kwargs = {"variant": variant, "players": players, "opponents": opponents, "seat": seat}
    envs = VectorEnv(4, **kwargs)
    singles = [DurakEnv(**kwargs) for _ in range(4)]
    assert _lockstep(envs, singles, 11, 120, np.random.default_rng(players)) >= 4


@pytest.mark.parametrize("illegal_action", ["terminate", "penalize"])
def test_illegal_actions_equal_single_envs(illegal_action):
    kwargs = {"variant": "transfer", "players": 2, "opponents": "greedy",
              "illegal_action": illegal_action, "max_steps": 30, "illegal_reward": -0.5}
    envs = VectorEnv(3, **kwargs)
    singles = [DurakEnv(**kwargs) for _ in range(3)]
    assert _lockstep(envs, singles, 3, 80, np.random.default_rng(5), legal_only=False) >= 3


def test_python_vector_env_equals_single_envs():
    envs = PythonVectorEnv(2, variant="transfer", players=2, opponents="random")
    singles = [DurakEnv(variant="transfer", players=2, opponents="random") for _ in range(2)]
    _lockstep(envs, singles, 7, 40, np.random.default_rng(1))


def test_autoreset_next_step_starts_a_new_game():
    """After a game ends, the next step() of that sub-env resets it: reward 0, not done."""
    envs = VectorEnv(1, variant="transfer", players=2, opponents="random", max_steps=2)
    envs.reset(seed=5)
    done = False
    while not done:
        _, _, terms, truncs, _ = envs.step([int(np.flatnonzero(envs.action_masks()[0])[0])])
        done = bool(terms[0] or truncs[0])
    assert envs.action_masks()[0].all()  # the ignored action of the resetting step
    obs, rewards, terms, truncs, infos = envs.step([0])
    assert rewards[0] == 0 and not terms[0] and not truncs[0]
    assert infos["steps"][0] == 0 and obs["action_mask"][0].any()


def test_copy_false_returns_the_preallocated_arrays():
    envs = VectorEnv(2, copy=False, variant="transfer", opponents="random")
    first, _ = envs.reset(seed=0)
    second, *_ = envs.step([int(np.flatnonzero(m)[0]) for m in envs.action_masks()])
    assert first["observation"] is second["observation"]


def test_bad_num_envs_is_a_clear_error():
    with pytest.raises(ValueError, match="num_envs"):
        VectorEnv(0, variant="transfer")


def test_illegal_action_with_raise_is_a_clear_error_and_plays_nothing():
    envs = VectorEnv(2, variant="transfer", players=2, opponents="random", illegal_action="raise")
    obs, _ = envs.reset(seed=[1, 2])
    illegal = int(np.flatnonzero(envs.action_masks()[1] == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        envs.step([int(np.flatnonzero(envs.action_masks()[0])[0]), illegal])
    assert np.array_equal(envs.action_masks(), obs["action_mask"])  # game 0 not played either


@pytest.mark.parametrize("kwargs,words", [
    ({"variant": "jokers"}, "jokers"),
    ({"variant": "transfer", "opponents": "mcts:4"}, "opponents"),
    ({"variant": "transfer", "observation_mode": "infostate"}, "observation_mode"),
])
def test_what_c_does_not_cover_is_a_clear_error(kwargs, words):
    with pytest.raises(ValueError, match=words):
        VectorEnv(2, **kwargs)


def test_step_before_reset_and_reset_options_are_clear_errors():
    envs = VectorEnv(1, variant="transfer")
    with pytest.raises(RuntimeError, match="reset"):
        envs.step([0])
    with pytest.raises(ValueError, match="options"):
        envs.reset(seed=0, options={"seat": 1})


def test_bot_key_seeds_as_random_random_of_the_text():
    """vecenv.c seeds each game's bots by init_by_array over bot_key(text): the words of the
    int random.Random(text) seeds with, so both generators draw the same numbers."""
    import random

    from durakc.rl.vector_env import bot_key
    for text in ("durakc-rl-bots-0", "durakc-rl-bots--7", "durakc-rl-bots-2147483646"):
        number = int.from_bytes(bot_key(text), "little")
        assert random.Random(number).getstate() == random.Random(text).getstate()


def test_reset_done_deals_the_ended_games_at_once():
    """Same-step autoreset (stable-baselines3): reset_done() deals the game that ended as
    DurakEnv.reset() does, and the next step plays its action."""
    kwargs = {"variant": "transfer", "players": 2, "opponents": "random", "max_steps": 3}
    envs, single = VectorEnv(1, **kwargs), DurakEnv(**kwargs)
    envs.reset(seed=9)
    single.reset(seed=9)
    done = False
    while not done:
        action = int(np.flatnonzero(envs.action_masks()[0])[-1])
        _, _, terms, truncs, _ = envs.step([action])
        single.step(action)
        done = bool(terms[0] or truncs[0])
    obs = envs.reset_done()
    single_obs, _ = single.reset()
    assert _same(obs, 0, single_obs) and envs.action_masks()[0].sum() < envs.action_masks().size
    action = int(np.flatnonzero(single_obs["action_mask"])[0])
    obs, rewards, *_ = envs.step([action])
    single_obs, reward, *_ = single.step(action)
    assert _same(obs, 0, single_obs) and rewards[0] == reward


def test_returned_observations_are_never_overwritten_while_held():
    """copy=True reuses the arrays of earlier steps only once nothing holds them (nor a view)."""
    envs = VectorEnv(2, variant="transfer", opponents="random")
    obs, _ = envs.reset(seed=3)
    kept, view = [obs["observation"].copy()], obs["action_mask"][1]
    saved_view = view.copy()
    held = [obs]
    for _ in range(12):
        obs, *_ = envs.step([int(np.flatnonzero(m)[0]) for m in envs.action_masks()])
        held.append(obs)
        kept.append(obs["observation"].copy())
    assert all(np.array_equal(o["observation"], k) for o, k in zip(held, kept))
    assert np.array_equal(view, saved_view)
    del held, obs, view
    ids = set()
    for _ in range(12):  # nothing held: a few arrays serve every step
        ids.add(id(envs.step([int(np.flatnonzero(m)[0]) for m in envs.action_masks()])[0]["observation"]))
    assert len(ids) <= 4


def _variant_params():
    import durakc.engines
    return [pytest.param(name, id=name) for name in durakc.engines.ENGINES]


@pytest.mark.parametrize("variant", _variant_params())
def test_every_bundled_variant_equals_single_envs_or_is_refused_with_the_rule(variant):
    """The C loop reproduces DurakEnv on every variant it accepts (at its fewest players and
    one more, mixed opponents); the others are refused naming what it does not cover."""
    from durakc.loading.engines import check_players, load_engine
    engine = load_engine(variant)
    counts = [p for p in range(engine.PLAYERS_MIN, engine.PLAYERS_MAX + 1)
              if not check_players(engine, p)]
    for players in counts[:2]:
        kwargs = {"variant": variant, "players": players,
                  "opponents": (["greedy", "random"] * 3)[:players - 1]}
        try:
            envs = VectorEnv(2, **kwargs)
        except ValueError as exc:
            assert "does not cover" in str(exc) and "PythonVectorEnv" in str(exc)
            return
        singles = [DurakEnv(**kwargs) for _ in range(2)]
        _lockstep(envs, singles, 21, 60, np.random.default_rng(players))
