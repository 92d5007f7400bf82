"""Every bundled variant the C target builds, built by `durakc build --target wasm`, plays
the Python engine's games move for move in Node (issue 32, item 1's "done when").

One Node process per variant (many_games.mjs) plays at least `GAMES` seeded games spread over
every player count the variant deals, the choices by a fixed formula; Python replays each
game and asserts every decision's legal action texts, the outcome and seat 0's final
observation equal.  test_wasm_games.py compares the observations at every step on a few
games.  The whole run (56 modules from clang, then the games) is slow: the quick subset runs
`test_transfer_plays_the_python_games` only.  Skipped, with the reason, without node or clang
for wasm32-wasi."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest
from wasm_support import (
    NODE,
    PROBLEM,
    ROOT,
    built_once,
    player_counts,
    python_observation,
    wasm_module,
)

import durakc.engines
from durakc.ir.build import module_name
from durakc.spec import bundled_names
from durakc.wasm import LOADER

pytestmark = pytest.mark.skipif(PROBLEM is not None, reason=str(PROBLEM))

PLAYER = Path(__file__).with_name("many_games.mjs")
GAMES = 100
"""Games per variant at least, spread evenly over its player counts."""
WITH_C = [name for name in bundled_names()
          if (ROOT / "generated" / f"{module_name(name)}.c").exists()]
"""The bundled variants the C target builds (the others have no C engine to compile), table
(`options:`, played here at its defaults; tests/wasm/test_wasm_options.py plays its settings)
among them."""


def _choice(step: int, seed: int, count: int) -> int:
    return (step * 7 + seed * 13 + (step >> 3)) % count  # as many_games.mjs chooses


def _play_in_node(wasm: Path, runs: list[tuple[int, int, int]]) -> list[dict]:
    """The games many_games.mjs plays: runs of (players, first seed, games)."""
    done = subprocess.run([NODE, str(PLAYER), str(LOADER), str(wasm),
                           *(f"{p}:{first}:{n}" for p, first, n in runs)],
                          capture_output=True, text=True, check=False, timeout=600)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def _replay(py, record: dict) -> None:
    """Replays one Node game in the Python engine, asserting every decision equal."""
    seed, players = record["seed"], record["players"]
    game = py.new_game(players, seed)
    for step, (texts, choice) in enumerate(zip(record["legal"], record["choices"])):
        where = f"{players}p seed {seed} step {step}"
        assert not game.is_over, f"{where}: Python's game is over"
        legal = game.legal_actions()
        assert texts == [a.text for a in legal], where
        assert choice == _choice(step, seed, len(legal)), where
        game.apply(legal[choice])
    assert game.is_over, f"{players}p seed {seed}: Python's game goes on"
    assert record["outcome"] == {"variant": py.VARIANT["name"], "is_over": True,
                                 "loser": game.loser, "is_draw": game.is_draw}
    assert record["obs0"] == python_observation(game, 0, record["obs0"])


def _plays_like_python(name: str, wasm: Path, games: int) -> int:
    """Plays `games` (at least) games of `name` over its player counts; returns how many."""
    py = durakc.engines.load(name)
    counts = player_counts(py)
    each = math.ceil(games / len(counts))
    records = _play_in_node(wasm, [(p, p * 1000, each) for p in counts])
    assert [(r["players"], r["seed"]) for r in records] == [
        (p, p * 1000 + i) for p in counts for i in range(each)]
    for record in records:
        _replay(py, record)
    return len(records)


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """`durakc build --target wasm` of every bundled variant, once for the whole run."""
    return built_once(tmp_path_factory, "wasm-all", _build_all)


def _build_all(out: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "durakc", "build", "--target", "wasm",
                           "--out", str(out)], cwd=ROOT, capture_output=True, text=True,
                          check=False, timeout=1800)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().endswith(f"{len(WITH_C)} wasm engines and durak-wasm.mjs in {out}")


def test_the_build_makes_a_module_for_every_c_engine(built):
    made = {p.stem for p in built.glob("*.wasm")}
    assert made == {module_name(name) for name in WITH_C}
    assert (built / "durak-wasm.mjs").read_bytes() == LOADER.read_bytes()


@pytest.mark.parametrize("name", WITH_C)
def test_every_variant_plays_the_python_games(name, built):
    assert _plays_like_python(name, built / f"{module_name(name)}.wasm", GAMES) >= GAMES


def test_transfer_plays_the_python_games(tmp_path):
    """The quick subset's sample: transfer alone, 25 games over 2 to 6 players."""
    assert _plays_like_python("transfer", wasm_module("transfer", tmp_path), 25) == 25
