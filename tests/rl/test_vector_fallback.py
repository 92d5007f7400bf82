"""`gymnasium.make_vec` (durakc.rl.make_vector_env) falls back to PythonVectorEnv, after one
warning that names why, for games the C loop does not step; the fallback plays the games N
single environments play.  `backend="native"` refuses instead; bad arguments are errors
either way.  Without a C compiler: tests/sim/test_no_compiler_path.py."""

import warnings

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

import durakc.rl  # noqa: F401  (registers durakc/Durak-v0)
from durakc.rl.gym_env import DurakEnv
from durakc.rl.vector_auto import NativeFallbackWarning, make_vector_env
from durakc.rl.vector_env import PythonVectorEnv


def _make_vec(num_envs, **kwargs):
    return gym.make_vec("durakc/Durak-v0", num_envs=num_envs,
                        vectorization_mode="vector_entry_point", **kwargs)


def _fallback(**kwargs):
    """make_vec's environments and the warnings it gave."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        envs = _make_vec(3, **kwargs)
    return envs, [w for w in caught if issubclass(w.category, NativeFallbackWarning)]


def _equals_single_envs(envs, seed: int, steps: int, **kwargs) -> None:
    """Seeded, game k of `envs` is DurakEnv(**kwargs) reset with seed + k, step by step."""
    singles = [DurakEnv(**kwargs) for _ in range(envs.num_envs)]
    obs, _ = envs.reset(seed=seed)
    for k, env in enumerate(singles):
        single, _ = env.reset(seed=seed + k)
        assert all(np.array_equal(obs[key][k], single[key]) for key in single)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        masks = envs.action_masks()
        actions = [int(rng.choice(np.flatnonzero(m))) for m in masks]
        obs, rewards, terms, truncs, _ = envs.step(actions)
        for k, env in enumerate(singles):
            single, reward, term, trunc, _ = env.step(actions[k])
            assert all(np.array_equal(obs[key][k], single[key]) for key in single)
            assert (rewards[k], terms[k], truncs[k]) == (reward, term, trunc)
            if term or trunc:
                return  # the next step autoresets: test_vector_env covers that


@pytest.mark.parametrize(("kwargs", "words"), [
    ({"variant": "closed-discard"}, "a closed discard pile (view.discard)"),
    ({"variant": "transfer", "opponents": "mcts"}, "plays only the opponents"),
    ({"variant": "transfer", "observation_mode": "infostate"}, "the observation vector only"),
])
def test_what_the_c_loop_refuses_falls_back_with_one_warning(kwargs, words):
    envs, caught = _fallback(players=2, **kwargs)
    assert isinstance(envs, PythonVectorEnv) and envs.num_envs == 3
    assert len(caught) == 1
    assert words in str(caught[0].message) and "PythonVectorEnv" in str(caught[0].message)


def test_the_fallback_plays_the_single_environments_games():
    kwargs = {"variant": "closed-discard", "players": 3, "opponents": "greedy"}
    envs, caught = _fallback(**kwargs)
    assert len(caught) == 1
    _equals_single_envs(envs, 40, 30, **kwargs)


def test_backend_native_refuses_and_python_never_tries_c():
    with pytest.raises(ValueError, match="a closed discard pile"):
        _make_vec(2, variant="closed-discard", backend="native")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # python: no warning at all
        envs = _make_vec(2, variant="transfer", backend="python")
    assert isinstance(envs, PythonVectorEnv)
    with pytest.raises(ValueError, match="backend must be one of auto, native, python"):
        make_vector_env(2, variant="transfer", backend="c")


def test_bad_arguments_are_errors_not_fallbacks():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(ValueError):
            _make_vec(2, variant="transfer", players=9)
        with pytest.raises(ValueError, match="num_envs"):
            _make_vec(0, variant="transfer")


def test_reset_done_deals_the_ended_games_as_single_envs_do():
    """Same-step autoreset (the stable-baselines3 adapter) works on the fallback too: the
    games that ended are dealt as DurakEnv.reset() deals them, and the next step plays."""
    kwargs = {"variant": "closed-discard", "players": 2, "opponents": "random", "max_steps": 3}
    envs, singles = PythonVectorEnv(2, **kwargs), [DurakEnv(**kwargs), DurakEnv(**kwargs)]
    envs.reset(seed=9)
    for k, env in enumerate(singles):
        env.reset(seed=9 + k)
    with pytest.raises(RuntimeError, match="no game ended"):
        envs.reset_done()
    done = np.zeros(2, bool)
    while not done.any():
        actions = [int(np.flatnonzero(m)[-1]) for m in envs.action_masks()]
        _, _, terms, truncs, _ = envs.step(actions)
        for k, env in enumerate(singles):
            env.step(actions[k])
        done = terms | truncs
    obs = envs.reset_done()
    for k, env in enumerate(singles):
        if done[k]:
            single, _ = env.reset()
            assert all(np.array_equal(obs[key][k], single[key]) for key in single)
    actions = [int(np.flatnonzero(m)[0]) for m in envs.action_masks()]
    obs, rewards, *_ = envs.step(actions)
    for k, env in enumerate(singles):
        single, reward, *_ = env.step(actions[k])
        assert all(np.array_equal(obs[key][k], single[key]) for key in single)
        assert rewards[k] == reward


def test_the_python_vector_env_spells_a_draw_as_the_c_one_does():
    """A drawn game's `loser` is -1 in PythonVectorEnv's infos, as in VectorEnv's: a None
    broke Gymnasium's int info array (found running the training example without cc)."""
    from durakc.rl.vector_env import _VectorInfo

    class Drawn(gym.Env):
        observation_space = action_space = gym.spaces.Discrete(2)

        def step(self, action):
            return 0, 0.0, True, False, {"loser": None, "is_draw": True}

    assert _VectorInfo(Drawn()).step(0)[4] == {"loser": -1, "is_draw": True}
