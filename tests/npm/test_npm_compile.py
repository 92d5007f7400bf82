"""`durakc compile SPEC --target npm` (issue 32): the npm package of a user's spec file, not
only of the bundled variants (`durakc build --target npm`, test_npm_package.py).

The package of one spec is packed, installed in a clean folder and plays the Python engine's
seeded games of that spec through contract_games.mjs; without clang for wasm32-wasi the
command stops with exit 2 and how to install it, writing nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from npm_support import HERE, base_problem, clean_install, pack, run_node

from durakc.loading.engines import load_engine

SPEC = """\
name: my-table
title: Our table's durak
extends: podkidnoy
description: >
  Podkidnoy, but only the defender's neighbours may throw in.
rules:
  throw_in:
    who: "left_of_defender or right_of_defender"
"""
"""A user's spec file: a variant no bundled engine has (its name and rules are its own)."""


def _compile(args: list[str], cwd: Path, path: str | None = None):
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
        env.pop("CLANG", None)
    return subprocess.run([sys.executable, "-m", "durakc", "compile", *args], cwd=cwd,
                          env=env, capture_output=True, text=True, check=False, timeout=600)


def test_without_clang_it_says_how_to_install(tmp_path):
    (tmp_path / "my-table.yaml").write_text(SPEC, encoding="utf-8")
    done = _compile(["my-table.yaml", "--target", "npm", "--out", "pkg"], tmp_path,
                    path=str(tmp_path))  # a PATH with no clang
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "the wasm target needs clang" in done.stderr
    assert "apt-get install clang lld wasi-libc libclang-rt-dev-wasm32" in done.stderr
    assert not (tmp_path / "pkg").exists()


def test_a_spec_the_c_target_refuses_makes_no_package(tmp_path):
    problem = base_problem()
    if problem:
        pytest.skip(problem)
    done = _compile(["two-decks", "--target", "npm", "--out", "pkg"], tmp_path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "copies" in done.stderr
    assert not (tmp_path / "pkg").exists()


def _python_history(spec: Path, players: int, seed: int, steps: int) -> list[str]:
    """The Python engine of `spec`, with the choices contract_games.mjs makes."""
    game = load_engine(str(spec)).new_game(players, seed)
    for step in range(steps):
        legal = game.legal_actions()
        game.apply(legal[(step * 31 + seed * 17) % len(legal)])
    assert game.is_over
    return game.history


def test_a_users_spec_packs_installs_and_plays_the_python_games(tmp_path):
    problem = base_problem()
    if problem:
        pytest.skip(problem)
    spec = tmp_path / "my-table.yaml"
    spec.write_text(SPEC, encoding="utf-8")
    done = _compile([spec.name, "--target", "npm", "--out", "pkg"], tmp_path)
    assert done.returncode == 0, done.stderr
    assert "1 variant in the npm package in pkg" in done.stdout
    folder = tmp_path / "pkg"
    manifest = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    assert manifest["name"] == "@durakc/engines"
    assert manifest["durakc"]["variants"] == ["my-table"]
    assert [p.name for p in (folder / "wasm").iterdir()] == ["my_table.wasm"]
    assert '"my-table": MyTableTypes;' in (folder / "variants.d.ts").read_text(encoding="utf-8")
    tarball, files = pack(folder)
    assert "wasm/my_table.wasm" in files
    consumer = tmp_path / "consumer"
    installed = clean_install(tarball, consumer)
    assert installed.returncode == 0, installed.stderr
    for players in (2, 4):
        seeds = [str(players * 100 + i) for i in range(2)]
        for record in run_node(HERE / "contract_games.mjs", "my-table", str(players), *seeds,
                               cwd=consumer):
            assert record["outcome"]["variant"] == "my-table"
            assert record["history"] == _python_history(spec, players, record["seed"],
                                                        record["steps"])
