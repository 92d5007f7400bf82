"""The RL environments' `table_options` (a spec's `options:`, issue 32 item 4): every
episode's game starts with the table settings given to the constructor."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from durakc.rl import DurakEnv, PythonVectorEnv


def _cards(game) -> int:
    """Every card of the game: hands, table, stock and discard pile."""
    on_table = sum(1 for pair in game.table for c in pair if c is not None)
    return sum(len(h) for h in game.hands) + on_table + len(game.stock) + len(game.discard)


def test_each_episode_starts_with_the_table_settings():
    env = DurakEnv("table", players=2, table_options={"deck": 52, "transfer": False})
    for seed in (1, 2):
        env.reset(seed=seed)
        assert env.game.options["deck"] == 52 and env.game.options["transfer"] is False
        assert _cards(env.game) == 52
    plain = DurakEnv("table", players=2)
    plain.reset(seed=1)
    assert _cards(plain.game) == 36


def test_python_vector_env_passes_them_on():
    envs = PythonVectorEnv(2, variant="table", players=2, table_options={"deck": 24})
    envs.reset(seed=3)
    for env in envs.envs:
        assert env.game.options["deck"] == 24


@pytest.mark.parametrize(("variant", "players", "given", "wanted"), [
    ("table", 2, {"deck": 20}, "option deck is 24, 36 or 52, not 20"),
    ("table", 5, {"deck": 24}, "5 hands of 6 need more than the 24 cards"),
    ("table", 2, {"speed": 1}, "unknown option 'speed'"),
    ("transfer", 2, {"deck": 24}, "transfer has no table settings"),
    ("table", 2, [("deck", 24)], "table_options must be a dict"),
])
def test_bad_table_settings_are_refused_when_the_env_is_made(variant, players, given, wanted):
    with pytest.raises(ValueError, match=wanted):
        DurakEnv(variant, players=players, table_options=given)
