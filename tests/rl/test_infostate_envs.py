"""Issue 33 item 3: each seat's information state (durakc.rl.infostate) as the RL adapters
observe it (Gymnasium, PettingZoo, OpenSpiel) and as docs/rl.md documents it."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import durakc.engines
from durakc.rl.infostate import (
    RECORD_BLOCKS,
    ActionRecord,
    RecordedGame,
    information_state_shape,
    information_state_size,
    information_state_slices,
    information_state_string,
    information_state_tensor,
)


def test_the_gymnasium_env_observes_the_information_state_on_request():
    pytest.importorskip("gymnasium")
    from durakc.rl import DurakEnv
    env = DurakEnv("transfer", players=3, opponents="random", observation_mode="infostate")
    size = information_state_size(env.engine)
    assert env.observation_space["observation"].shape == (size,)
    obs, _ = env.reset(seed=4)
    rng = random.Random(4)
    for _ in range(200):
        assert obs["observation"].shape == (size,) and env.observation_space.contains(obs)
        expected = information_state_tensor(env.recorded, env.seat)
        assert np.array_equal(obs["observation"], expected)
        assert np.array_equal(obs["observation"][:env.encoding.layout.size],
                              env.encoding.observation(env.game, env.seat))
        assert len(env.recorded.movers) == len(env.game.history)
        action = rng.choice(list(np.flatnonzero(obs["action_mask"])))
        obs, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            break
    assert obs["observation"][env.encoding.layout.size:].sum() > 0  # the record is in it
    with pytest.raises(ValueError, match="observation_mode"):
        DurakEnv("transfer", observation_mode="history")


def test_the_openspiel_information_state_is_this_one():
    """The OpenSpiel state's information state is durakc.rl.infostate's, from its record."""
    pytest.importorskip("pyspiel")
    import durakc.openspiel as dos
    game = dos.load_game("transfer", players=2)
    state = game.new_initial_state()
    for byte in (0, 0, 0, 9):
        state.apply_action(byte)
    engine = durakc.engines.load("transfer")
    rec = RecordedGame(engine.new_game(2, 9), engine)
    rng = random.Random(9)
    while not state.is_terminal() and len(rec.movers) < 60:
        for seat in (0, 1):
            assert state.information_state_string(seat) == information_state_string(rec, seat)
            assert list(state.information_state_tensor(seat)) == list(
                information_state_tensor(rec, seat))
        action = rng.choice(state.legal_actions())
        rec.apply(state.action_to_string(action))
        state.apply_action(action)
    assert isinstance(state.record, ActionRecord) and state.movers == rec.movers


def test_the_rl_page_documents_the_information_state_as_it_is():
    """docs/rl.md, "Information state": its example prints what its comments say, and its
    table gives the blocks' offsets for 36 cards and 6 seats."""
    page = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    code = re.search(r"<!-- rl:infostate -->\n```python\n(.*?)```", page, re.DOTALL).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "<docs/rl.md>", "exec"), {"__name__": "__docs__"})
    lines = code.strip().splitlines()
    shape_comment = lines[-3].split("# ")[1]   # print(vector.shape, ...)  # (1164,) (1164,)
    record_comment = lines[-1].removeprefix("# ")
    assert out.getvalue().splitlines() == [shape_comment, record_comment]
    slices = information_state_slices(durakc.engines.load("transfer"))
    for name in RECORD_BLOCKS:
        row = re.search(rf"^\| `{name}` \|.*\((\d+)-(\d+)\) \|$", page, re.MULTILINE)
        assert row, name
        assert (int(row.group(1)), int(row.group(2)) + 1) == (slices[name].start, slices[name].stop)


# PettingZoo's api_test warns about every Dict observation with an action mask (its own
# convention for masked games; tests/rl/test_pettingzoo.py)
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
def test_the_pettingzoo_env_observes_each_agents_information_state_on_request():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from durakc.rl import aec_env
    api_test(aec_env("podkidnoy", players=3, observation_mode="infostate"), num_cycles=30)
    env = aec_env("podkidnoy", players=3, observation_mode="infostate")
    env.reset(seed=2)
    raw = env.unwrapped
    rng = random.Random(2)
    for agent in env.agent_iter(max_iter=150):
        obs, _, terminated, truncated, _ = env.last()
        seat = raw.possible_agents.index(agent)
        assert obs["observation"].shape == information_state_shape(raw.engine)
        assert np.array_equal(obs["observation"], information_state_tensor(raw.recorded, seat))
        assert raw.recorded.game is raw.game
        env.step(None if terminated or truncated
                 else rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    assert len(raw.recorded.movers) == len(raw.game.history) > 0
