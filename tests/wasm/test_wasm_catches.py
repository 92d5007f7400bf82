"""HR34's out-of-turn actions on the wasm target (compiler/wasm/abi.c `dk_actors`,
`dk_out_of_turn_json`, `dk_apply_text` of a catch; the loader's `actors()` and
`outOfTurnActions(seat)`): seeded cheating games played in Node, with catches by several seats,
are the Python engine's move for move (every decision's actors, each seat's offered catches,
the legal list, the outcome).  An engine without out-of-turn actions has neither member, as in
Python.  Skipped, with the reason, without node or clang for wasm32-wasi."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from wasm_support import NODE, PROBLEM, wasm_module

import durakc.engines
from durakc.wasm import LOADER

pytestmark = pytest.mark.skipif(PROBLEM is not None, reason=str(PROBLEM))
DRIVER = Path(__file__).with_name("catch_driver.mjs")


def _node_games(name: str, folder: Path, players: int, seeds) -> list[dict]:
    wasm = wasm_module(name, folder)
    done = subprocess.run([NODE, str(DRIVER), str(LOADER), str(wasm), str(players),
                           *map(str, seeds)], capture_output=True, text=True, check=False,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def _replay(py, players: int, record: dict) -> int:
    """Replay a Node game on the Python engine, comparing every decision; the catches."""
    seed, catches = record["seed"], 0
    game = py.new_game(players, seed)
    for step, seen in enumerate(record["steps"]):
        where = f"seed {seed} step {step}"
        assert seen["actors"] == game.actors(), where
        assert seen["offers"] == [[str(a) for a in game.out_of_turn_actions(s)]
                                  for s in range(players)], where
        assert seen["legal"] == [a.text for a in game.legal_actions()], where
        catches += seen["played"].startswith("catch ")
        game.apply(seen["played"])
    assert record["outcome"] == {"variant": py.VARIANT["name"], "is_over": game.is_over,
                                 "loser": game.loser, "is_draw": game.is_draw}
    assert record["refused"] == (None if game.is_over else -3)
    if game.is_over:
        assert record["overActors"] == game.actors() == []
    return catches


@pytest.mark.parametrize("players", [2, 3, 5])
def test_wasm_plays_the_python_cheating_games_with_catches(players, tmp_path_factory):
    folder = tmp_path_factory.getbasetemp() / "wasm-catches"
    folder.mkdir(exist_ok=True)
    py = durakc.engines.load("cheating")
    records = _node_games("cheating", folder, players, [players * 100 + k for k in range(3)])
    assert len(records) == 3
    assert sum(_replay(py, players, r) for r in records) >= 3


def test_an_engine_without_out_of_turn_actions_has_no_actors(tmp_path):
    assert _node_games("podkidnoy", tmp_path, 2, [1]) == [{"seed": 1, "members": False}]
