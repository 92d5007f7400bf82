"""The contract surface (`shared/contract/engine-api.md`) of every generated engine:
members, the generated-file header, standard-library-only imports, and a complete
game played by the engine file copied alone into a temp folder under `python -I -S`.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from engine_support import engine_params, load, python_engine_only

MODULE_MEMBERS = ("VARIANT", "IllegalAction", "new_game", "from_position", "parse_action", "Game")
GAME_METHODS = ("legal_actions", "apply", "observation", "to_dict", "copy", "next_game")
GAME_ATTRIBUTES = ("players", "to_move", "is_over", "loser", "is_draw", "trump", "hands",
                   "table", "stock", "discard", "attacker", "defender", "out", "history")
VARIANT_KEYS = ("name", "title", "source", "spec_sha256", "rules")
FORBIDDEN_IMPORTS = ("durakc", "compiler", "yaml", "lark", "jinja2", "generated")
HEADER_LINES = 15


@pytest.mark.parametrize("name", engine_params())
def test_module_members(name):
    mod = load(name)
    missing = [m for m in MODULE_MEMBERS if not hasattr(mod, m)]
    assert not missing, f"{mod.__name__} lacks {missing}"
    assert isinstance(mod.IllegalAction, type) and issubclass(mod.IllegalAction, ValueError)
    for fn in ("new_game", "from_position", "parse_action"):
        assert callable(getattr(mod, fn)), fn
    assert callable(getattr(mod.Game, "from_dict", None)), "Game.from_dict missing"
    v = mod.VARIANT
    assert json.loads(json.dumps(v)) == v, "VARIANT is not JSON-safe"
    assert [k for k in VARIANT_KEYS if k not in v] == [], f"VARIANT lacks keys: {list(v)}"
    assert v["name"] == name
    assert re.fullmatch(r"[0-9a-f]{64}", v["spec_sha256"]), v["spec_sha256"]
    rules = v["rules"]
    for key in ("players.min", "players.max", "deck.ranks", "deck.suits", "attack.limit",
                "transfer.enabled", "transfer.show_trump"):
        assert key in rules, f"VARIANT['rules'] lacks {key}"


@pytest.mark.parametrize("name", engine_params())
def test_game_members(name):
    mod = load(name)
    lo = mod.VARIANT["rules"]["players.min"]
    g = mod.new_game(lo, 1)
    for m in GAME_METHODS:
        assert callable(getattr(g, m, None)), f"Game.{m} missing or not callable"
    for a in GAME_ATTRIBUTES:
        assert hasattr(g, a), f"Game.{a} missing"
    assert g.players == lo
    assert isinstance(g.hands, list) and all(isinstance(h, list) for h in g.hands)
    assert isinstance(g.table, list) and isinstance(g.stock, list)
    assert isinstance(g.discard, list) and isinstance(g.out, list)
    assert isinstance(g.history, list)
    assert g.trump is None or g.trump in ("S", "H", "D", "C")
    acts = g.legal_actions()
    assert acts and all(isinstance(str(a), str) for a in acts)
    a = mod.parse_action(str(acts[0]))
    assert str(a) == str(acts[0])
    g.apply(acts[0])  # an Action object
    g2 = mod.new_game(lo, 1)
    g2.apply(str(acts[0]))  # its text
    assert g.to_dict() == g2.to_dict()
    assert json.loads(json.dumps(g.observation(0))) is not None
    h = mod.Game.from_dict(json.loads(json.dumps(g.to_dict())))
    assert h.to_dict() == g.to_dict()
    try:
        mod.new_game(lo, 1, dealer=lo - 1)
    except TypeError as exc:  # pragma: no cover - reported
        raise AssertionError(f"new_game has no keyword `dealer`: {exc}") from None


def _header(path: Path) -> str:
    with path.open(encoding="utf-8") as fh:
        return "".join(fh.readline() for _ in range(HEADER_LINES))


@python_engine_only
@pytest.mark.parametrize("name", engine_params())
def test_header_says_generated(name):
    mod = load(name)
    path = Path(mod.__file__)
    head = _header(path)
    low = head.lower()
    v = mod.VARIANT
    assert "generated" in low, f"{path.name}: header does not say it is generated:\n{head}"
    assert re.search(r"do not edit|don't edit|must not be edited|not be edited by hand|"
                     r"never edit|do not modify", low), (
        f"{path.name}: header does not say not to edit it:\n{head}")
    spec_name = Path(str(v["source"])).name
    assert spec_name and spec_name in head, f"{path.name}: header does not name {spec_name}"
    assert v["spec_sha256"] in head, f"{path.name}: header lacks the spec sha256"
    try:
        from durakc import __version__ as version
    except ImportError:  # pragma: no cover
        version = None
    if version:
        assert version in head, f"{path.name}: header lacks the compiler version {version}"
    else:
        assert re.search(r"\d+\.\d+", head), f"{path.name}: header lacks a compiler version"


@pytest.mark.parametrize("name", engine_params())
def test_spec_sha256_matches_the_spec_file(name):
    """The engine was built from the spec (and its `extends` chain) as it is now."""
    v = load(name).VARIANT
    try:
        from durakc.spec import load_spec
    except ImportError:  # pragma: no cover - the compiler is not importable
        pytest.skip("durakc.spec not importable")
    spec = load_spec(name)
    assert spec.sha256 == v["spec_sha256"], (
        f"generated/{name.replace('-', '_')}.py is stale: built from sha256 "
        f"{v['spec_sha256'][:12]}..., the spec chain now hashes to {spec.sha256[:12]}...: "
        f"run durakc build")


@python_engine_only
@pytest.mark.parametrize("name", engine_params())
def test_imports_standard_library_only(name):
    path = Path(load(name).__file__)
    tree = ast.parse(path.read_text(encoding="utf-8"))
    bad = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            mods = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                bad.append(f"relative import from {node.module}")
                continue
            mods = [node.module or ""]
        else:
            continue
        for m in mods:
            top = m.split(".")[0]
            if top in FORBIDDEN_IMPORTS or top not in sys.stdlib_module_names:
                bad.append(m)
    assert not bad, f"{path.name} imports outside the standard library: {bad}"


DRIVER = textwrap.dedent('''
    import importlib.util, json, random, sys
    path, modname = sys.argv[1], sys.argv[2]
    spec = importlib.util.spec_from_file_location(modname, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[modname] = mod
    spec.loader.exec_module(mod)
    rules = mod.VARIANT["rules"]
    results = []
    for players in sorted({rules["players.min"], rules["players.max"]}):
        rng = random.Random(players)
        g = mod.new_game(players, 42)
        steps = 0
        same = True
        while not g.is_over and steps < 5000:
            legal = g.legal_actions()
            g.apply(legal[rng.randrange(len(legal))])
            steps += 1
            if steps == 20 and not g.is_over:
                h = mod.Game.from_dict(json.loads(json.dumps(g.to_dict())))
                same = h.to_dict() == g.to_dict()
                json.dumps(g.observation(0))
        results.append({"players": players, "over": g.is_over, "loser": g.loser,
                        "draw": g.is_draw, "steps": steps, "same": same})
    foreign = sorted(m for m in ("durakc", "compiler", "yaml", "lark", "jinja2", "generated")
                     if m in sys.modules)
    print(json.dumps({"results": results, "foreign": foreign}))
''')


@python_engine_only
@pytest.mark.parametrize("name", engine_params())
def test_engine_file_runs_alone(name, tmp_path):
    """The engine file, copied alone into an empty folder, plays complete games under
    `python -I -S` (isolated, no site-packages)."""
    mod = load(name)
    src = Path(mod.__file__)
    alone = tmp_path / "engine_copy"
    alone.mkdir()
    target = alone / src.name
    target.write_bytes(src.read_bytes())
    driver = tmp_path / "driver.py"
    driver.write_text(DRIVER, encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-I", "-S", str(driver), str(target), src.stem],
        cwd=str(alone), capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, f"standalone run failed:\n{proc.stderr[-3000:]}"
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["foreign"] == [], f"standalone engine imported {out['foreign']}"
    for r in out["results"]:
        assert r["over"], f"standalone game with {r['players']} players did not end: {r}"
        assert r["same"], f"standalone from_dict round trip differs: {r}"
