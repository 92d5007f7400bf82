"""The wasm engines play the same games as the Python engines (issue 32, item 1).

Each variant's C engine is built into wasm (`durakc.wasm`), loaded in Node by the shipped
loader (durak-wasm.mjs) and played along seeded games whose choices follow a fixed formula;
the Python engine plays the same games.  Every decision's legal action texts, the mover's
and seat 0's observations (the keys the wasm ABI gives: docs/wasm.md) and the outcome must
be equal.  The driver also applies half the actions by text and restores the state from JSON
mid-game, so those paths are compared too.  Skipped, with the reason, without node or clang
for wasm32-wasi."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from wasm_support import DRIVER, NODE, PROBLEM, player_counts, python_observation, wasm_module

import durakc.engines
from durakc.wasm import LOADER

pytestmark = pytest.mark.skipif(PROBLEM is not None, reason=str(PROBLEM))

# The two main variants at every player count, and structural ones: wild cards (weli), a
# closed discard pile (its observation hides the pile), jokers, swaps (poker), and the
# capabilities with keys of their own in the observation (CAPABILITY_KEYS).
VARIANTS = {"transfer": 4, "podkidnoy": 4, "weli": 2, "closed-discard": 2, "jokers": 2,
            "poker": 2, "changeable-trump": 3, "open-hands": 2, "redeal-on-request": 3,
            "trumps-by-lot": 3}
CAPABILITY_KEYS = {"changeable-trump": "trump_changes", "open-hands": "hands",
                   "redeal-on-request": "redeal_asked", "trumps-by-lot": "seat_trump_cards"}
"""The observation key each variant's capability adds (CT2, HR26, HR19, HR15)."""
ASKING_SEEDS = {2: [134, 146], 4: [28, 31]}
"""Seeds of redeal-on-request where a seat asks for a redeal (a hand of five cards of one suit
is rare) under driver.mjs's choices."""


@pytest.fixture(scope="module")
def wasm_dir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("wasm")


def _check_game(py, players: int, record: dict) -> None:
    seed = record["seed"]
    game = py.new_game(players, seed)
    for step, seen in enumerate(record["steps"]):
        assert not game.is_over, f"seed {seed} step {step}: Python's game is over"
        legal = game.legal_actions()
        where = f"seed {seed} step {step}"
        assert seen["legal"] == [a.text for a in legal], where
        assert seen["mover"] == game.to_move, where
        assert seen["obs"] == python_observation(game, game.to_move, seen["obs"]), where
        assert seen["obs0"] == python_observation(game, 0, seen["obs0"]), where
        assert seen["choice"] == (step * 31 + seed * 17) % len(legal), where
        game.apply(legal[seen["choice"]])
    assert record["outcome"] == {"variant": py.VARIANT["name"], "is_over": game.is_over,
                                 "loser": game.loser, "is_draw": game.is_draw}
    assert record["obs0"] == python_observation(game, 0, record["obs0"])


def _node_games(name: str, wasm_dir: Path, players: int, seeds=None) -> list[dict]:
    """The games driver.mjs plays of `name` at `players` (`seeds`, by default VARIANTS[name]
    of them from players * 1000), every step recorded."""
    wasm = wasm_module(name, wasm_dir)
    if seeds is None:
        seeds = [players * 1000 + i for i in range(VARIANTS[name])]
    seeds = [str(seed) for seed in seeds]
    done = subprocess.run([NODE, str(DRIVER), str(LOADER), str(wasm), str(players), *seeds],
                          capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["seed"] for r in records] == [int(s) for s in seeds]
    return records


@pytest.mark.parametrize("name", list(VARIANTS))
def test_wasm_plays_the_python_games(name, wasm_dir):
    py = durakc.engines.load(name)
    for players in player_counts(py):
        for record in _node_games(name, wasm_dir, players):
            assert record["outcome"]["is_over"], f"seed {record['seed']} did not finish"
            _check_game(py, players, record)


@pytest.mark.parametrize("name", list(CAPABILITY_KEYS))
def test_capability_keys_take_their_values_in_wasm(name, wasm_dir):
    """Equal to Python's at every step, and not only empty: some observation of these games
    shows a trump change, open hands, a seat that asked for a redeal, a card turned for a
    seat's trump."""
    key = CAPABILITY_KEYS[name]
    py = durakc.engines.load(name)
    runs = ASKING_SEEDS if name == "redeal-on-request" else dict.fromkeys(player_counts(py))
    records = {players: _node_games(name, wasm_dir, players, seeds)
               for players, seeds in runs.items()}
    for players, games in records.items():
        for record in games:
            _check_game(py, players, record)
    values = [step[which][key] for games in records.values() for record in games
              for step in record["steps"] for which in ("obs", "obs0")]
    assert values and all(isinstance(value, list) for value in values)
    assert any(any(item is not None for item in value) for value in values), key
