"""The npm package @durakc/engines (issue 32, item 2): `durakc build --target npm`, `npm pack`,
a clean install in a new folder, the engine contract in Node matching the Python engine move
for move, and the generated TypeScript types under `tsc --strict` (docs/npm.md)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from npm_support import HERE, NODE, VARIANTS, run_node

import durakc
import durakc.engines

SOURCES = {"README.md", "package.json", "index.mjs", "index.d.ts", "engine.mjs",
           "boardgame.mjs", "boardgame.d.ts", "durak-wasm.mjs", "variants.mjs", "variants.d.ts"}


def test_the_tarball_holds_the_sources_types_and_one_module_per_variant(packed):
    assert f"{len(VARIANTS)} variants in the npm package" in packed["built"].stdout
    wasm = {f"wasm/{durakc.engines.MODULES[name]}.wasm" for name in VARIANTS}
    assert set(packed["files"]) == SOURCES | wasm


def test_the_clean_install_is_an_es_module_package_with_types(packed):
    installed = packed["consumer"] / "node_modules" / "@durakc" / "engines"
    manifest = json.loads((installed / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "@durakc/engines"
    assert manifest["version"] == durakc.__version__
    assert manifest["type"] == "module"
    assert manifest["exports"]["."] == {"types": "./index.d.ts", "default": "./index.mjs"}
    assert manifest["durakc"]["variants"] == list(VARIANTS)
    assert "dependencies" not in manifest, "the package installs with nothing else"
    lock = json.loads((packed["consumer"] / "package-lock.json").read_text(encoding="utf-8"))
    assert set(lock["packages"]) == {"", "node_modules/@durakc/engines"}


def _python_game(name: str, players: int, seed: int, steps: int):
    """The Python engine's game with the choices contract_games.mjs makes."""
    game = durakc.engines.load(name).new_game(players, seed)
    for step in range(steps):
        legal = game.legal_actions()
        game.apply(legal[(step * 31 + seed * 17) % len(legal)])
    return game


@pytest.mark.parametrize(("name", "players"), [("transfer", 2), ("transfer", 6),
                                               ("podkidnoy", 3), ("closed-discard", 2)])
def test_seeded_games_match_the_python_engine_move_for_move(packed, name, players):
    seeds = [str(players * 100 + i) for i in range(3)]
    for record in run_node(HERE / "contract_games.mjs", name, str(players), *seeds,
                           cwd=packed["consumer"]):
        game = _python_game(name, players, record["seed"], record["steps"])
        assert game.is_over, "the Node game ended where Python's did"
        assert record["history"] == game.history
        assert record["copied"] == game.history
        assert record["outcome"] == {"variant": name, "is_over": True, "loser": game.loser,
                                     "is_draw": game.is_draw}
        assert record["toMove"] is None
        assert record["players"] == players
        # an index past the list, and a text naming no action: refused, the game unchanged
        assert record["refusals"] == ["IllegalAction", "InvalidAction"]
        at_five = _python_game(name, players, record["seed"], 5)
        last = at_five.legal_actions()[-1]
        at_five.apply(last)
        assert record["restored"] == {"history": [last.text], "toMove": at_five.to_move}


def _tsc(deps: Path, folder: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(deps / ".bin" / "tsc"), *args], cwd=folder, capture_output=True,
                          text=True, timeout=300, check=False)


def test_a_typescript_file_using_the_types_compiles_with_tsc_strict_and_runs(packed, deps):
    consumer = packed["consumer"]
    for name in ("typed.ts", "tsconfig.json"):
        shutil.copyfile(HERE / name, consumer / name)
    done = _tsc(deps, consumer, "-p", ".")
    assert done.returncode == 0, done.stdout + done.stderr
    assert json.loads((HERE / "tsconfig.json").read_text())["compilerOptions"]["strict"] is True
    ran = subprocess.run([NODE, "typed.js"], cwd=consumer, capture_output=True, text=True,
                         timeout=60, check=False)
    assert ran.returncode == 0, ran.stderr
    out = json.loads(ran.stdout)
    game = durakc.engines.load("transfer").new_game(2, 42)
    assert out["legal"] == [a.text for a in game.legal_actions()]
    assert out["hand"] == game.observation(0)["hand"]
    assert out["pile"] is None, "closed-discard hides its pile"
    assert out["optional"] == [True, 0, 0, 0], "transfer's observation has no capability keys"
    table = durakc.engines.load("table")
    settings = table.new_game(3, 7, options={"deck": 24, "transfer": False}).options
    assert out["tableGame"] == {"deck": 24, "transfer": False, "shown": settings, "limit": 5,
                                "declared": len(table.OPTIONS), "dealt": 24}


def test_the_boardgame_adapter_fits_boardgame_io_types_and_runs(packed, deps):
    folder = packed["consumer"] / "bgio"  # its own node_modules: boardgame.io from DEPS
    for name in ("boardgame.io", "@types/node"):
        link = folder / "node_modules" / name
        link.parent.mkdir(parents=True, exist_ok=True)
        if not link.exists():
            link.symlink_to(deps / name, target_is_directory=True)
    shutil.copyfile(HERE / "bg_typed.ts", folder / "bg_typed.ts")
    (folder / "package.json").write_text('{"type": "module"}', encoding="utf-8")
    done = _tsc(deps, folder, "--ignoreConfig", "--strict", "--skipLibCheck", "--module",
                "nodenext", "--target", "es2022", "bg_typed.ts")
    assert done.returncode == 0, done.stdout + done.stderr
    ran = subprocess.run([NODE, "bg_typed.js"], cwd=folder, capture_output=True, text=True,
                         timeout=60, check=False)
    assert ran.returncode == 0, ran.stderr
    game = durakc.engines.load("transfer").new_game(2, 3)
    assert json.loads(ran.stdout) == {"current": str(game.to_move),
                                      "hand": game.observation(0)["hand"]}


# wrong.ts: each line a mistake the generated types must catch (line -> TypeScript error code)
WRONG = {
    "const seven = engine.newGame({ players: 7 });": "TS2769",  # transfer deals 2 to 6
    'const a: TransferAction = "attack 1X";': "TS2820",           # no such card
    'const c: TransferCard = "2S";': "TS2322",                     # not in the 36-card deck
    'game.apply("beat 8D");': "TS2345",                            # beat takes two cards
    "const p: null = game.observation(0).discard;": "TS2322",      # transfer's pile is open
    'void loadVariant("no-such-variant");': "TS2345",             # not in this package
    'const t: ClosedDiscardCard[] = (await loadVariant("closed-discard"))'
    ".newGame(2).observation(0).discard;": "TS2322",               # closed: null
    "engine.newGame({ players: 2, options: { deck: 24 } });": "TS2769",  # transfer has none
    "table.newGame({ players: 2, options: { deck: 25 } });": "TS2769",  # 24, 36 or 52
    "table.newGame(2, 1, { transfer: 1 });": "TS2322",              # a bool option
    "table.newGame({ players: 2, options: { dek: 24 } });": "TS2769",  # no such option
    "const l: 7 = table.newGame(2).options.first_limit;": "TS2322",  # 5 or 6
}


def test_tsc_strict_refuses_what_the_spec_does_not_allow(packed, deps):
    consumer = packed["consumer"]
    head = ('import { loadVariant, type TransferAction, type TransferCard, '
            'type ClosedDiscardCard } from "@durakc/engines";\n'
            'const engine = await loadVariant("transfer");\n'
            "const game = engine.newGame(2, 1);\n"
            'const table = await loadVariant("table");\n')
    lines = list(WRONG)
    (consumer / "wrong.ts").write_text(head + "\n".join(lines) + "\nexport {};\n",
                                       encoding="utf-8")
    done = _tsc(deps, consumer, "--ignoreConfig", "--strict", "--noEmit", "--module", "nodenext",
                "--target", "es2022", "wrong.ts")
    assert done.returncode != 0
    errors = {int(m.group(1)): m.group(2)
              for m in re.finditer(r"wrong\.ts\((\d+),\d+\): error (TS\d+)", done.stdout)}
    assert errors == {i + 5: WRONG[line] for i, line in enumerate(lines)}, done.stdout
    # the table settings' types come from table's spec (choices, bool, names)
    for says in ("Type '25' is not assignable to type '24 | 36 | 52 | undefined'",
                 "Type 'number' is not assignable to type 'boolean | undefined'",
                 "'dek' does not exist in type 'Partial<TableOptions>'",
                 "Type '5 | 6' is not assignable to type '7'"):
        assert says in done.stdout, says


def test_a_variant_without_a_c_engine_is_a_usage_error(packed, tmp_path):
    done = subprocess.run([sys.executable, "-m", "durakc", "build", "--target", "npm",
                           "--variant", "transfer", "--variant", "two-decks",
                           "--out", str(tmp_path / "out")],
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "two-decks has no C engine, so no wasm module: `deck.copies`" in done.stderr
    assert not (tmp_path / "out").exists()
