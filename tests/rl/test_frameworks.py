"""The environments as RL libraries reach them (issue 19, 5a-5b): stable-baselines3's
`make_vec_env` with its `render_mode="rgb_array"`, the `durakc/Durak-v0` id after
`import durakc.rl` and through the `gymnasium.envs` entry point, and the pictures
`render_mode="rgb_array"` gives."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")
gym = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env

from durakc.rl import DurakAECEnv, DurakEnv
from durakc.rl.render import (
    EMPTY,
    GOLD,
    MARKER_X,
    PLACES,
    ROLES,
    SUIT_COLOURS,
    TO_MOVE,
    column_x,
    image_shape,
    row_y,
)

REPO = Path(__file__).resolve().parents[2]
MODULE_ID = "durakc.rl.gym_env:durakc/Durak-v0"


def _make_vec_env_like_sb3(env_id, env_kwargs):
    """What stable-baselines3 2.x's make_vec_env does for a string id (env_util.py): it asks
    for rgb_array rendering and falls back on a plain make only on a TypeError."""
    kwargs = {"render_mode": "rgb_array"}
    kwargs.update(env_kwargs)
    try:
        env = gym.make(env_id, **kwargs)
    except TypeError:
        env = gym.make(env_id, **env_kwargs)
    env.action_space.seed(0)
    return gym.wrappers.RecordEpisodeStatistics(env)   # in place of SB3's Monitor


@pytest.mark.parametrize("env_id", [MODULE_ID, "durakc/Durak-v0"])
def test_make_vec_env_call_path_builds_an_rgb_array_env(env_id):
    env = _make_vec_env_like_sb3(env_id, {"variant": "mini", "players": 3, "opponents": "random"})
    obs, _ = env.reset(seed=3)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.shape == image_shape(env.unwrapped.encoding)
    done = False
    while not done:
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, terminated, truncated, info = env.step(action)
        done = terminated or truncated
    assert "episode" in info and env.render().shape == frame.shape


def test_check_env_passes_with_rgb_array_rendering(capsys):
    """check_env renders in the env's mode, then (through its spec) in every other mode."""
    for variant, mode in (("podkidnoy", "rgb_array"), ("weli", "ansi")):
        env = gym.make("durakc/Durak-v0", variant=variant, players=3, render_mode=mode).unwrapped
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env)
        assert [str(w.message) for w in caught] == []


def test_unknown_render_modes_are_refused_with_the_known_ones():
    for make in (DurakEnv, DurakAECEnv):
        with pytest.raises(ValueError, match=r"\['ansi', 'human', 'rgb_array'\], not 'video'"):
            make("transfer", render_mode="video")


def _colour(frame, y, x):
    return tuple(int(v) for v in frame[y + 1, x + 1])


def test_the_picture_shows_where_every_card_is():
    position = {"players": 3, "trump": "C", "stock": ["7H", "KD", "6C"],
                "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
                "attacker": 0, "discard": [], "dealer": 2, "first_round": False}
    env = DurakAECEnv("transfer", players=3, render_mode="rgb_array")
    env.reset(options={"position": position})
    env.step(env.encoding.action_index("attack 9C"))          # seat 1 defends
    game, enc = env.game, env.encoding
    frame = env.render()
    assert frame.shape == image_shape(enc) == (92, 332, 3)
    place_row = {name: enc.max_players + i for i, name in enumerate(PLACES)}
    for row, cards in [*enumerate(game.hands), (place_row["table_attack"], ["9C"]),
                       (place_row["stock"], game.stock), (place_row["discard"], game.discard)]:
        for index, text in enumerate(enc.card_texts):
            colour = _colour(frame, row_y(enc, row), column_x(enc, index))
            if text == "6C" and row == place_row["stock"]:
                assert colour == GOLD                           # the face-up trump card
            elif text in cards:
                assert colour == SUIT_COLOURS[text[-1]], (row, text)
            else:
                assert colour == EMPTY, (row, text)
    # a trump (clubs) has a gold frame; seat 1 is to move and defends, seat 0 attacks
    y, x = row_y(enc, place_row["table_attack"]), column_x(enc, enc.card_index("9C"))
    assert tuple(frame[y, x + 2]) == GOLD
    assert _colour(frame, row_y(enc, 1), MARKER_X[0]) == TO_MOVE
    assert _colour(frame, row_y(enc, 1), MARKER_X[1]) == ROLES["defender"]
    assert _colour(frame, row_y(enc, 0), MARKER_X[1]) == ROLES["attacker"]
    assert _colour(frame, row_y(enc, 0), MARKER_X[0]) == (255, 255, 255)


def test_the_picture_has_one_size_for_every_player_count():
    shapes = set()
    for players in (2, 4, 6):
        env = DurakEnv("jokers", players=players, render_mode="rgb_array", opponents="random")
        env.reset(seed=players)
        shapes.add(env.render().shape)
    assert shapes == {image_shape(env.encoding)}


def _fresh_python(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                          text=True, timeout=120)


def test_the_short_id_works_after_importing_durakc_rl():
    result = _fresh_python(
        "import gymnasium, durakc.rl, sys\n"
        "assert 'durakc.rl.gym_env' not in sys.modules   # registering loads no environment\n"
        "env = gymnasium.make('durakc/Durak-v0', variant='mini', players=3)\n"
        "obs, _ = env.reset(seed=1)\n"
        "print(type(env.unwrapped).__name__, env.unwrapped.encoding.variant, env.unwrapped.players)\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["DurakEnv", "mini", "3"]


def test_the_package_declares_the_gymnasium_entry_point():
    """Gymnasium 0.26-0.29 load every `gymnasium.envs` entry point while `gymnasium` itself is
    still being imported (only its registration module is complete), calling each in the
    namespace of its name.  This does what that loader did, in a fresh interpreter that never
    imports durakc itself, with `gymnasium` stood in for by an empty module meanwhile.
    (Checked by hand with Gymnasium 0.29.1 itself: `gymnasium.make("durakc/Durak-v0")` with
    no import of durakc.)"""
    points = [ep for ep in importlib.metadata.entry_points(group="gymnasium.envs")
              if ep.name == "durakc"]
    assert [ep.value for ep in points] == ["durakc.rl.registration:register_envs"], (
        "reinstall the package (pip install -e .) after changing its entry points")
    result = _fresh_python(
        "import importlib.metadata, sys, types\n"
        "import gymnasium\n"
        "from gymnasium.envs.registration import namespace\n"
        "real, sys.modules['gymnasium'] = gymnasium, types.ModuleType('gymnasium')\n"
        "for ep in importlib.metadata.entry_points(group='gymnasium.envs'):\n"
        "    with namespace(ep.name):\n"
        "        ep.load()()\n"
        "sys.modules['gymnasium'] = real\n"
        "env = gymnasium.make('durakc/Durak-v0', variant='kyiv', players=4)\n"
        "print(env.unwrapped.encoding.variant, env.unwrapped.players)\n")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["kyiv", "4"]


def test_with_stable_baselines3_make_vec_env_and_ppo_run():
    """One real run of the library the issue names, when it is installed (it needs torch,
    so CI does not install it)."""
    pytest.importorskip("stable_baselines3")
    from stable_baselines3 import PPO
    from stable_baselines3.common.env_util import make_vec_env
    venv = make_vec_env(MODULE_ID, n_envs=2, seed=0,
                        env_kwargs={"variant": "mini", "players": 2, "opponents": "random"})
    assert venv.render_mode == "rgb_array"
    venv.reset()
    images = venv.get_images()
    assert len(images) == 2 and images[0].shape == image_shape(DurakEnv("mini").encoding)
    model = PPO("MultiInputPolicy", venv, n_steps=32, batch_size=32, n_epochs=1, seed=0)
    model.learn(total_timesteps=64)
    assert model.num_timesteps >= 64
    contrib = pytest.importorskip("sb3_contrib")
    masked = contrib.MaskablePPO("MultiInputPolicy", venv, n_steps=32, batch_size=32,
                                 n_epochs=1, seed=0)
    masked.learn(total_timesteps=64)
    obs = venv.reset()
    masks = np.stack(venv.env_method("action_masks"))
    actions, _ = masked.predict(obs, action_masks=masks)
    assert all(masks[i, a] == 1 for i, a in enumerate(actions))
