"""The PettingZoo AEC environment: PettingZoo's own api_test, rewards, seeds, illegal moves."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test

from durakc.loading.engines import load_engine
from durakc.rl import DurakAECEnv, aec_env

# api_test warns about every Dict observation carrying an action mask (PettingZoo's own
# convention for masked games, as in its chess and connect-four environments).
DICT_OBSERVATION_WARNINGS = {
    "Observation is not a NumPy array",
    ("Observation space for each agent probably should be gymnasium.spaces.box or "
     "gymnasium.spaces.discrete"),
}


def _api_test(env):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    return {str(w.message) for w in caught} - DICT_OBSERVATION_WARNINGS


@pytest.mark.parametrize(("variant", "players"), [
    ("transfer", 2), ("transfer", 6), ("podkidnoy", 4), ("proyezdnoy", 3), ("kyiv", 3),
    ("kyiv", 2), ("durak52", 5), ("mini", 2), ("weli", 3), ("poker", 3), ("trump-six", 2),
    ("treshka", 3), ("two-decks", 3), ("threes-and-fives", 2)])
def test_api_test_passes(variant, players):
    assert _api_test(aec_env(variant, players=players)) == set()


def test_api_test_passes_unwrapped_and_from_an_engine_file():
    path = str(load_engine("siberian").__file__)
    assert _api_test(DurakAECEnv(path, players=3)) == set()


def _play(env, seed):
    """Play one game with uniformly random legal actions; the per-agent final rewards."""
    env.reset(seed=seed)
    totals = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)
        else:
            env.step(env.action_space(agent).sample(obs["action_mask"]))
    return totals


@pytest.mark.parametrize("players", [2, 3, 4])
def test_durak_gets_minus_one_and_the_others_share_plus_one(players):
    env = DurakAECEnv("transfer", players=players)
    env.action_space("player_0").seed(players)
    outcomes = set()
    for seed in range(12):
        totals = _play(env, seed)
        game = env.game
        assert game.is_over
        if game.is_draw:
            expected = dict.fromkeys(totals, 0.0)
        else:
            expected = {f"player_{s}": 1.0 / (players - 1) for s in range(players)}
            expected[f"player_{game.loser}"] = -1.0
        assert totals == pytest.approx(expected)
        assert sum(totals.values()) == pytest.approx(0.0)
        outcomes.add(game.is_draw)
    assert False in outcomes


def test_reset_with_a_seed_deals_the_engines_new_game():
    env = DurakAECEnv("podkidnoy", players=3)
    engine = load_engine("podkidnoy")
    for seed in (0, 7, 12345):
        env.reset(seed=seed)
        assert env.game.to_dict() == engine.new_game(3, seed).to_dict()
        assert env.agent_selection == f"player_{env.game.to_move}"
    deals = []
    for _ in range(2):       # reset() without a seed draws from the last seed's generator
        env.reset(seed=3)
        env.reset()
        deals.append(env.game.to_dict())
    assert deals[0] == deals[1] != engine.new_game(3, 3).to_dict()


def test_only_the_agent_to_move_has_legal_actions():
    env = DurakAECEnv("kyiv", players=3)
    env.reset(seed=5)
    mover = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == mover)
    legal = env.observe(mover)["action_mask"].sum()
    assert legal == len(env.game.legal_actions())


def test_an_illegal_action_raises_in_the_raw_env_and_ends_the_wrapped_game():
    raw = DurakAECEnv("transfer", players=2)
    raw.reset(seed=1)
    take = raw.encoding.action_index("take")    # never legal for the opening attacker
    with pytest.raises(ValueError, match=r"take\) is not legal now; legal: attack "):
        raw.step(take)
    env = aec_env("transfer", players=2)
    env.reset(seed=1)
    agent = env.agent_selection
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(take)
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1.0


def test_a_position_in_the_reset_options_is_the_starting_state():
    env = DurakAECEnv("transfer", players=3)
    position = {"players": 3, "trump": "C", "stock": ["7H", "KD", "6C"],
                "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
                "attacker": 0, "discard": [], "dealer": 2, "first_round": False}
    env.reset(options={"position": position})
    assert [set(h) for h in env.game.hands] == [set(h) for h in position["hands"]]
    assert env.agent_selection == "player_0"
    with pytest.raises(ValueError, match="3 players"):
        DurakAECEnv("transfer", players=2).reset(options={"position": position})


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="is for 2-6 players, not 7"):
        DurakAECEnv("transfer", players=7)
    with pytest.raises(ValueError, match="render_mode"):
        DurakAECEnv("transfer", render_mode="rgb")
    with pytest.raises(LookupError, match="no-such-variant"):
        DurakAECEnv("no-such-variant")


def test_render_shows_the_table_and_every_hand():
    env = DurakAECEnv("transfer", players=2, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert text.splitlines()[0] == repr(env.game)
    for hand in env.game.hands:
        assert " ".join(hand) in text


def test_a_spec_file_gives_the_same_environment_as_its_bundled_engine(monkeypatch, tmp_path):
    from durakc.loading import engines as loader
    if not hasattr(loader, "is_spec_path"):
        pytest.skip("this durakc's load_engine does not compile spec files yet")
    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path))
    spec = str(Path(__file__).resolve().parents[2] / "variants" / "kyiv.yaml")
    env = DurakAECEnv(spec, players=3)
    assert _api_test(env) == set()
    bundled = DurakAECEnv("kyiv", players=3)
    env.reset(seed=9)
    bundled.reset(seed=9)
    assert env.observe("player_0")["observation"].tolist() == \
        bundled.observe("player_0")["observation"].tolist()
