"""The static playground's comparisons on wasm (issue 32 item 5, durakc.web.wasm_games): a
comparison whose games are played inside the wasm modules (dk_play_games, through the
site's wasmgames.js, run here under Node) gives the served playground's numbers for the
same seed: the same report document and table as `durakc.web.tasks.compare` on the Python
engines, and the same witness and rule differences (those are Python's on both)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from wasm_support import NODE, PROBLEM, wasm_module

from durakc.web.server import examples
from durakc.web.tasks import Context, compare
from durakc.web.wasm_games import WasmChunks

pytestmark = pytest.mark.skipif(PROBLEM is not None, reason=str(PROBLEM))

DRIVER = Path(__file__).with_name("wasm_games.mjs")


@pytest.fixture(scope="module")
def wasm_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("wasm-compare")


def _chunks(wasm_dir: Path, names: list[str]) -> WasmChunks:
    paths = {name: wasm_module(name, wasm_dir) for name in names}

    def play(module: str, request: str) -> str:
        done = subprocess.run([NODE, str(DRIVER), str(paths[module])], input=request,
                              capture_output=True, text=True, check=True, timeout=120)
        return done.stdout

    chunks = WasmChunks(play, {name: name for name in names})
    chunks.texts = {e["name"]: e["text"] for e in examples() if e["name"] in names}
    return chunks


@pytest.mark.parametrize("spec, against, players, bots", [
    ("transfer", "podkidnoy", 3, ["greedy"]),
    ("podkidnoy", None, 2, ["greedy", "random"]),
])
def test_a_comparison_on_wasm_gives_the_served_numbers(spec, against, players, bots,
                                                       wasm_dir, tmp_path):
    text = next(e["text"] for e in examples() if e["name"] == spec)
    request = {"spec": text, "against": against, "players": players, "games": 20,
               "seed": 9, "bots": bots}
    served = compare(request, Context(tmp_path))
    chunks = _chunks(wasm_dir, ["transfer", "podkidnoy"])
    static = compare(request, Context(tmp_path, chunks=chunks))
    assert chunks.used, "the games were played in wasm"
    assert static["document"] == served["document"]
    assert static["table"] == served["table"]
    assert static["witness"] == served["witness"] and static["rules"] == served["rules"]


def test_an_edited_spec_or_a_python_only_bot_compares_on_the_python_engines(wasm_dir,
                                                                             tmp_path):
    text = next(e["text"] for e in examples() if e["name"] == "transfer") + "\n# edited\n"
    chunks = _chunks(wasm_dir, ["transfer"])
    request = {"spec": text, "against": "transfer", "players": 2, "games": 4, "seed": 1,
               "bots": ["greedy"]}
    compare(request, Context(tmp_path, chunks=chunks))
    assert not chunks.used
    request["bots"] = ["mcts:2"]
    request["spec"] = text.removesuffix("\n# edited\n")
    compare(request, Context(tmp_path, chunks=chunks))
    assert not chunks.used


def test_a_module_that_can_not_play_leaves_the_chunk_to_python(tmp_path):
    """A module without dk_play_games (an older `--wasm-from` build) or a failed fetch:
    wasmgames.js answers an error, and the chunk is played on the Python engines."""
    text = next(e["text"] for e in examples() if e["name"] == "transfer")
    chunks = WasmChunks(lambda module, request: '{"error": "no dk_play_games"}',
                        {"transfer": "transfer"})
    chunks.texts = {"transfer": text}
    request = {"spec": text, "against": "transfer", "players": 2, "games": 3, "seed": 2,
               "bots": ["greedy"]}
    static = compare(request, Context(tmp_path, chunks=chunks))
    assert not chunks.used
    assert static["document"] == compare(request, Context(tmp_path))["document"]
