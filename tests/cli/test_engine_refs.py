"""Every command that takes an engine accepts a bundled name, a spec file or a generated .py.

A spec file is compiled on the fly into a cache folder (DURAKC_CACHE) keyed by the sha256
of the generated source; its errors print as usual (exit 1).  An unknown name is a usage
error (exit 2) with "did you mean".
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from durakc.diagnostics import SpecError
from durakc.loading import engines as loader

REPO = Path(__file__).resolve().parents[2]
HOUSE = ("name: house\ntitle: Our house rules\nextends: transfer\n"
         "rules:\n  attack:\n    limit: 4\n")


def durakc(*args, cwd, cache, stdin=""):
    env = dict(os.environ, DURAKC_CACHE=str(cache), PYTHONHASHSEED="0")
    return subprocess.run([sys.executable, "-m", "durakc", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, input=stdin, timeout=300, env=env)


@pytest.fixture
def house(tmp_path):
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    return tmp_path


def cached_engines(cache: Path) -> list[Path]:
    return sorted(cache.rglob("*.py"))


def test_simulate_a_spec_file(house):
    cache = house / "cache"
    result = durakc("simulate", "house.yaml", "--games", "20", "--format", "json",
                    cwd=house, cache=cache)
    assert result.returncode == 0, result.stderr
    assert list(json.loads(result.stdout)["variants"]) == ["house"]
    (engine,) = cached_engines(cache)
    assert engine.name == "house.py"
    assert "'attack.limit': '4'" in engine.read_text(encoding="utf-8")


def test_simulate_a_spec_file_with_workers(house):
    args = ("simulate", "house.yaml", "--games", "40", "--format", "json")
    one = durakc(*args, "--jobs", "1", cwd=house, cache=house / "cache")
    two = durakc(*args, "--jobs", "2", cwd=house, cache=house / "cache")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)


def test_compare_diff_play_bench_explain_take_a_spec_file(house):
    cache = house / "cache"
    result = durakc("compare", "transfer", "house.yaml", "--games", "10", cwd=house, cache=cache)
    assert result.returncode == 0, result.stderr
    assert "house" in result.stdout and "transfer" in result.stdout
    result = durakc("diff", "transfer", "house.yaml", "--games", "10", "--format", "json",
                    cwd=house, cache=cache)
    assert result.returncode == 0, result.stderr
    assert [r["key"] for r in json.loads(result.stdout)["rules"]] == ["attack.limit"]
    result = durakc("play", "house.yaml", "--seed", "1", cwd=house, cache=cache, stdin="q\n")
    assert result.returncode == 0, result.stderr
    assert "you quit the game" in result.stdout
    result = durakc("bench", "house.yaml", "--players", "2", "--games", "5", cwd=house,
                    cache=cache)
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1].split()[:2] == ["house", "2"]
    result = durakc("explain", "house.yaml", cwd=house, cache=cache)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("house: Our house rules\n")
    assert len(cached_engines(cache)) == 1  # the same source, compiled once


def test_bench_and_explain_take_a_bundled_name_and_a_generated_file(tmp_path):
    engine = REPO / "generated" / "mini.py"
    result = durakc("bench", str(engine), "--players", "2", "--games", "5", cwd=tmp_path,
                    cache=tmp_path / "cache")
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[1].split()[:2] == ["mini", "2"]
    result = durakc("explain", str(engine), cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 0, result.stderr
    bundled = durakc("explain", "mini", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.stdout == bundled.stdout  # the engine's spec is found: same sha256


def test_explain_an_engine_whose_spec_changed_uses_the_engine_alone(house):
    cache = house / "cache"
    assert durakc("compile", "house.yaml", "--out", "eng", cwd=house, cache=cache).returncode == 0
    (house / "house.yaml").write_text(HOUSE.replace("limit: 4", "limit: 3"), encoding="utf-8")
    result = durakc("explain", "eng/house.py", cwd=house, cache=cache)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("house: Our house rules\nchain: house (engine eng/house.py, "
                                    "from house.yaml) -> transfer (parent)\n")
    assert "\nattack.limit = 4 [expression: round -> int]\n" in result.stdout
    assert "rules: T3, T17, T19, P6, SG3; from: the spec chain (an engine" in result.stdout
    assert "rules: T1; from: default\n" in result.stdout


@pytest.mark.parametrize("command", ["simulate", "play", "bench", "explain"])
def test_spec_errors_exit_1_with_positions(tmp_path, command):
    (tmp_path / "bad.yaml").write_text(HOUSE.replace("limit: 4", "limit: lots"),
                                       encoding="utf-8")
    result = durakc(command, "bad.yaml", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 1
    assert "bad.yaml:6:12: error: unknown name 'lots'" in result.stderr
    assert "Traceback" not in result.stderr
    assert not cached_engines(tmp_path / "cache")


@pytest.mark.parametrize("command", ["simulate", "compare", "play", "bench", "explain"])
def test_unknown_name_suggests_bundled_names(tmp_path, command):
    result = durakc(command, "trnsfer", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 2
    assert "error: " in result.stderr and "(did you mean 'transfer'" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_name_with_a_spec_file_beside_suggests_the_file(house):
    result = durakc("simulate", "house", "--games", "2", cwd=house, cache=house / "cache")
    assert result.returncode == 2
    assert "house: no bundled variant of that name (did you mean the spec file " \
           "'house.yaml'?)" in result.stderr


def test_a_mistyped_spec_file_suggests_the_close_one(house):
    result = durakc("play", "hose.yaml", cwd=house, cache=house / "cache")
    assert result.returncode == 2
    assert ("hose.yaml: no such spec file (does not exist) (did you mean 'house.yaml'?)"
            in result.stderr)


def test_an_engine_file_that_fails_to_import_is_a_clear_error(tmp_path):
    (tmp_path / "broken.py").write_text("def new_game(:\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("hello\n", encoding="utf-8")
    result = durakc("simulate", "broken.py", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 2
    assert "broken.py: can not be imported (SyntaxError: " in result.stderr
    result = durakc("simulate", "./notes.txt", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 2
    assert "./notes.txt: can not be imported as a Python module" in result.stderr
    assert "Traceback" not in result.stderr


def test_diff_unknown_name_and_missing_files(tmp_path):
    result = durakc("diff", "transfer", "podkidnoj", cwd=tmp_path, cache=tmp_path / "cache")
    assert result.returncode == 2
    assert "(did you mean 'podkidnoy' or 'podkidnoy-left'?)" in result.stderr
    for missing in ("nothere.yaml", "nothere.py", "sub/nothere.yml"):
        result = durakc("simulate", missing, cwd=tmp_path, cache=tmp_path / "cache")
        assert result.returncode == 2, missing
        assert f"error: {missing}: no such " in result.stderr
        assert "Traceback" not in result.stderr


# ---------------------------------------------------------------------------
# The resolver itself
# ---------------------------------------------------------------------------
def test_cache_is_keyed_by_the_generated_source(house, monkeypatch):
    cache = house / "cache"
    monkeypatch.setenv("DURAKC_CACHE", str(cache))
    spec = house / "house.yaml"
    first = loader.compile_spec(spec)
    assert first.parent.parent == cache and first.name == "house.py"
    assert loader.compile_spec(spec) == first
    spec.write_text(HOUSE.replace("limit: 4", "limit: 3"), encoding="utf-8")
    second = loader.compile_spec(spec)
    assert second != first and first.exists()
    assert "'attack.limit': '3'" in second.read_text(encoding="utf-8")


def test_cache_location_follows_xdg_and_home(monkeypatch, tmp_path):
    monkeypatch.delenv("DURAKC_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert loader.cache_dir() == tmp_path / "xdg" / "durakc"
    monkeypatch.delenv("XDG_CACHE_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert loader.cache_dir() == tmp_path / "home" / ".cache" / "durakc"
    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path / "mine"))
    assert loader.cache_dir() == tmp_path / "mine"


def test_load_engine_from_a_spec_file_and_its_errors(house, monkeypatch):
    monkeypatch.setenv("DURAKC_CACHE", str(house / "cache"))
    engine = loader.load_engine(str(house / "house.yaml"))
    assert engine.VARIANT["name"] == "house" and engine.VARIANT["rules"]["attack.limit"] == "4"
    (house / "bad.yml").write_text("name: bad\ntitle: Bad\nrules: {deal.mode: x}\n",
                                   encoding="utf-8")
    with pytest.raises(SpecError) as info:
        loader.load_engine(str(house / "bad.yml"))
    assert "'deal.mode' must be one of" in info.value.diagnostics[0].message


def test_unwritable_cache_is_a_clear_error(house, monkeypatch):
    blocker = house / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("DURAKC_CACHE", str(blocker / "cache"))
    with pytest.raises(loader.EngineNotFound, match="can not write the engine cache"):
        loader.load_engine(str(house / "house.yaml"))


def test_a_fresh_worker_process_loads_a_spec_ref(house):
    """What a spawned (not forked) worker does: run a chunk from the bare reference."""
    code = ("import json, sys; from durakc.sim.runner import run_chunk; "
            "print(json.dumps(run_chunk(([sys.argv[1]], 2, ['random', 'random'], 0, 0, 5, "
            "False)), sort_keys=True))")
    env = dict(os.environ, DURAKC_CACHE=str(house / "cache"))
    runs = [subprocess.run([sys.executable, "-c", code, "house.yaml"], cwd=house, env=env,
                           capture_output=True, text=True, timeout=120) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), runs[0].stderr + runs[1].stderr
    assert runs[0].stdout == runs[1].stdout and json.loads(runs[0].stdout)
    assert len(cached_engines(house / "cache")) == 1
