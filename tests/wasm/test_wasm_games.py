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
# closed discard pile (its observation hides the pile), jokers, swaps (poker).
VARIANTS = {"transfer": 4, "podkidnoy": 4, "weli": 2, "closed-discard": 2, "jokers": 2,
            "poker": 2}


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


@pytest.mark.parametrize("name", list(VARIANTS))
def test_wasm_plays_the_python_games(name, wasm_dir):
    py = durakc.engines.load(name)
    wasm = wasm_module(name, wasm_dir)
    for players in player_counts(py):
        seeds = [str(players * 1000 + i) for i in range(VARIANTS[name])]
        done = subprocess.run([NODE, str(DRIVER), str(LOADER), str(wasm), str(players), *seeds],
                              capture_output=True, text=True, check=False, timeout=120)
        assert done.returncode == 0, done.stderr
        records = [json.loads(line) for line in done.stdout.splitlines()]
        assert [r["seed"] for r in records] == [int(s) for s in seeds]
        for record in records:
            assert record["outcome"]["is_over"], f"seed {record['seed']} did not finish"
            _check_game(py, players, record)
