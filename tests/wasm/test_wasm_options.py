"""Table settings (`options:`, issue 32 item 4) in the wasm engines (docs/wasm.md).

The bundled `table` variant's wasm module takes its options when a game starts
(`engine.newGame(players, seed, options)`, the exports `dk_new_options`/`dk_get_options`):
seeded games with several settings play move for move as the Python engine's
`new_game(players, seed, options=...)`, the observation shows the settings under `options`
as Python's does, and the loader refuses an unknown name or a value with Python's message.
Specs without options build the same module as before (no option export)."""

from __future__ import annotations

import json
import subprocess

import pytest
from test_wasm_games import _check_game
from wasm_support import DRIVER, NODE, PROBLEM, wasm_module

import durakc.engines
from durakc.wasm import LOADER

pytestmark = pytest.mark.skipif(PROBLEM is not None, reason=str(PROBLEM))

SETTINGS = [
    ({"deck": 24, "transfer": False}, [2, 4]),
    ({"deck": 52, "neighbours": True, "first_limit": 5}, [3, 6]),
    ({"transfer": False, "neighbours": True}, [5]),
    ({}, [2]),
]
"""Option combinations (name -> value, the others at their defaults) and player counts."""


class _Table:
    """The Python engine of `table` with `options` fixed, for _check_game's new_game."""

    def __init__(self, options: dict) -> None:
        self.py = durakc.engines.load("table")
        self.options = options
        self.VARIANT = self.py.VARIANT

    def new_game(self, players: int, seed: int):
        return self.py.new_game(players, seed, options=self.options)


@pytest.fixture(scope="module")
def wasm_dir(tmp_path_factory):
    """One folder for the module's wasm builds (table and transfer built once)."""
    return tmp_path_factory.mktemp("wasm-options")


def _node(*args: str, script=DRIVER) -> subprocess.CompletedProcess:
    return subprocess.run([NODE, str(script), *args], capture_output=True, text=True,
                          check=False, timeout=120)


@pytest.mark.parametrize("options, counts", SETTINGS, ids=[json.dumps(s) for s, _ in SETTINGS])
def test_table_settings_play_the_python_games(options, counts, wasm_dir):
    wasm = wasm_module("table", wasm_dir)
    py = _Table(options)
    for players in counts:
        seeds = [str(players * 1000 + i) for i in range(2)]
        done = _node(str(LOADER), str(wasm), str(players), json.dumps(options), *seeds)
        assert done.returncode == 0, done.stderr
        records = [json.loads(line) for line in done.stdout.splitlines()]
        assert len(records) == 2
        for record in records:
            assert record["outcome"]["is_over"]
            _check_game(py, players, record)
            want = py.new_game(players, record["seed"]).options
            assert want == {**{n: d["default"] for n, d in py.py.OPTIONS.items()}, **options}
            assert record["obs0"]["options"] == want
            deck = want["deck"]
            cards = record["steps"][0]["obs0"]
            dealt = sum(cards["hand_sizes"]) + cards["stock_size"]
            assert dealt == deck, f"a {deck}-card game deals {deck} cards"


CHECKS = """
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [loader, table, plain] = process.argv.slice(2);
const { loadEngine } = await import(pathToFileURL(loader).href);
const engine = await loadEngine(readFileSync(table));
const refused = (fn) => { try { fn(); return null; } catch (e) { return [e.name, e.message]; } };
const game = engine.newGame(3, 9, { deck: 52, transfer: false });
const restored = engine.fromState(game.state());
const other = await loadEngine(readFileSync(plain));
console.log(JSON.stringify({
  declared: engine.options,
  options: game.options,
  restored: restored.options,
  defaults: engine.newGame(2, 1).options,
  badValue: refused(() => engine.newGame(2, 1, { deck: 25 })),
  badName: refused(() => engine.newGame(2, 1, { dek: 24 })),
  badBool: refused(() => engine.newGame(2, 1, { transfer: 1 })),
  notObject: refused(() => engine.newGame(2, 1, 24)),
  tooSmall: refused(() => engine.newGame(5, 1, { deck: 24 })),
  plainOptions: other.options,
  plainRefuses: refused(() => other.newGame(2, 1, { deck: 24 })),
  plainExports: Object.keys(other.x).filter((k) => k.includes("option")),
}));
"""


def test_the_loader_checks_options_as_python_does(tmp_path, wasm_dir):
    py = durakc.engines.load("table")
    script = tmp_path / "checks.mjs"
    script.write_text(CHECKS, encoding="utf-8")
    plain = wasm_module("transfer", wasm_dir)
    done = _node(str(LOADER), str(wasm_module("table", wasm_dir)), str(plain), script=script)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["declared"] == py.OPTIONS
    chosen = py.new_game(3, 9, options={"deck": 52, "transfer": False}).options
    assert out["options"] == out["restored"] == chosen
    assert out["defaults"] == py.new_game(2, 1).options
    for key, options in (("badValue", {"deck": 25}), ("badName", {"dek": 24}),
                         ("badBool", {"transfer": 1})):
        with pytest.raises(py.InvalidGame) as python:
            py.new_game(2, 1, options=options)
        assert out[key] == ["RangeError", str(python.value)], key
    assert out["notObject"][0] == "TypeError"
    assert out["tooSmall"] == ["RangeError", "table: no 5-player game with deck 24"]
    assert out["plainOptions"] == {}
    assert out["plainRefuses"] == ["RangeError",
                                   "unknown option 'deck' (this variant's options: none)"]
    assert out["plainExports"] == [], "a spec without options has no option export"


RANGED = """\
name: capped
title: Transfer with a chosen attack limit
extends: transfer
options:
  cap: {range: [1, 6], default: 6, text: attack cards at most}
rules:
  attack:
    limit: "cap"
"""
"""A spec of a user's with a range option: `durakc compile --target wasm` builds it."""


def test_a_users_range_option_through_compile_target_wasm(tmp_path, monkeypatch):
    import sys

    from durakc.loading.engines import load_engine

    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path / "cache"))
    spec = tmp_path / "capped.yaml"
    spec.write_text(RANGED, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "durakc", "compile", str(spec), "--target",
                           "wasm", "--out", str(tmp_path / "out")], capture_output=True,
                          text=True, check=False, timeout=300)
    assert done.returncode == 0, done.stderr
    py = load_engine(str(spec))
    players, seeds = 3, ["5", "6"]
    ran = _node(str(tmp_path / "out" / "durak-wasm.mjs"), str(tmp_path / "out" / "capped.wasm"),
                str(players), json.dumps({"cap": 2}), *seeds)
    assert ran.returncode == 0, ran.stderr
    py_capped = type("Capped", (), {"VARIANT": py.VARIANT, "new_game": staticmethod(
        lambda p, s: py.new_game(p, s, options={"cap": 2}))})
    for record in map(json.loads, ran.stdout.splitlines()):
        _check_game(py_capped, players, record)
        assert record["obs0"]["options"] == {"cap": 2}
        assert max(step["obs"]["limit"] for step in record["steps"]) == 2
    script = tmp_path / "refuse.mjs"
    script.write_text(
        'import { readFileSync } from "node:fs";\n'
        'import { pathToFileURL } from "node:url";\n'
        "const [loader, wasm] = process.argv.slice(2);\n"
        "const { loadEngine } = await import(pathToFileURL(loader).href);\n"
        "const engine = await loadEngine(readFileSync(wasm));\n"
        "const out = [];\n"
        "for (const cap of [0, 1, 6, 7]) {\n"
        "  try { out.push(engine.newGame(2, 1, { cap }).options.cap); }\n"
        "  catch (e) { out.push(e.message); }\n"
        "}\n"
        "const x = engine.x, ptr = x.dk_alloc(4);\n"  # the ABI checks the values itself too
        "const raw = [0, 3, 7].map((cap) => {\n"
        "  new Int32Array(x.memory.buffer, ptr, 1)[0] = cap;\n"
        "  const h = x.dk_new_options(2, 1, 0, ptr);\n"
        "  if (h) x.dk_free(h);\n"
        "  return h !== 0;\n"
        "});\n"
        "console.log(JSON.stringify({ out, raw }));\n", encoding="utf-8")
    ran = _node(str(tmp_path / "out" / "durak-wasm.mjs"), str(tmp_path / "out" / "capped.wasm"),
                script=script)
    assert ran.returncode == 0, ran.stderr
    messages = []
    for cap in (0, 7):
        with pytest.raises(py.InvalidGame) as refused:
            py.new_game(2, 1, options={"cap": cap})
        messages.append(str(refused.value))
    assert json.loads(ran.stdout) == {"out": [messages[0], 1, 6, messages[1]],
                                      "raw": [False, True, False]}
