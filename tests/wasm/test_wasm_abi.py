"""The wasm ABI's edges (docs/wasm.md): what the module imports, refusals that leave the game
unchanged, text input as parse_action reads it; and `durakc compile/build --target wasm` on
the command line, with and without the toolchain."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from wasm_support import DRIVER, NODE, PROBLEM, ROOT, wasm_module

from durakc.wasm import LOADER

needs_wasm = pytest.mark.skipif(PROBLEM is not None, reason=str(PROBLEM))
ILLEGAL, STATE, TEXT = -3, -5, -8


@needs_wasm
def test_refusals_leave_the_game_unchanged(tmp_path):
    wasm = wasm_module("transfer", tmp_path)
    done = subprocess.run([NODE, str(DRIVER.with_name("abi_checks.mjs")), str(LOADER), str(wasm)],
                          capture_output=True, text=True, check=True, timeout=60)
    out = json.loads(done.stdout)
    assert out["imports"] == []  # nothing for a browser to provide (docs/wasm.md)
    assert out["variant"] == "transfer" and out["players"] == [2, 6]
    assert (out["illegalIndex"], out["notAnAction"], out["illegalText"]) == (ILLEGAL, TEXT, ILLEGAL)
    assert (out["badState"], out["otherVariant"]) == (STATE, STATE)
    assert out["unchanged"] is True
    assert out["noSeat"] == "RangeError: no seat 2"
    assert out["noGame"] == "RangeError: transfer: no 7-player game"
    assert out["first"] == "attack 8D" and out["outOfList"] is None  # new_game(2, 42)'s first
    assert out["afterSymbol"] == [["8D", None]]


def _durakc(args, cwd, path=None, clang=None):
    env = dict(os.environ)
    if path is not None:
        env["PATH"] = path
        env.pop("CLANG", None)
    if clang is not None:
        env["CLANG"] = clang
    return subprocess.run([sys.executable, "-m", "durakc", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, check=False, timeout=300)


@pytest.mark.parametrize("command", [["compile", "transfer"], ["build"]])
def test_without_clang_it_says_how_to_install(command, tmp_path):
    done = _durakc([*command, "--target", "wasm", "--out", str(tmp_path / "out")], ROOT,
                   path=str(tmp_path))  # a PATH with no clang
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "the wasm target needs clang" in done.stderr
    assert "apt-get install clang lld wasi-libc libclang-rt-dev-wasm32" in done.stderr
    assert not (tmp_path / "out").exists()


def test_a_clang_without_the_wasm_target_says_how_to_install(tmp_path):
    fake = tmp_path / "clang"  # a clang that can not build for wasm32-wasi
    fake.write_text("#!/bin/sh\necho \"error: unable to create target: 'No available targets'\" >&2\n"
                    "exit 1\n")
    fake.chmod(0o755)
    done = _durakc(["compile", "transfer", "--target", "wasm", "--out", str(tmp_path / "out")],
                   ROOT, path=str(tmp_path), clang=str(fake))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert "can not build for wasm32-wasi (error: unable to create target" in done.stderr
    assert "apt-get install clang lld wasi-libc libclang-rt-dev-wasm32" in done.stderr
    assert not (tmp_path / "out").exists()


@needs_wasm
def test_compile_writes_the_module_and_the_loader(tmp_path):
    done = _durakc(["compile", "transfer", "--target", "wasm", "--out", "w"], tmp_path)
    assert done.returncode == 0, done.stderr
    wasm = (tmp_path / "w" / "transfer.wasm").read_bytes()
    assert wasm[:4] == b"\0asm"
    assert (tmp_path / "w" / "durak-wasm.mjs").read_bytes() == LOADER.read_bytes()
    again = _durakc(["compile", "transfer", "--target", "wasm", "--out", "w2"], tmp_path)
    assert again.returncode == 0
    assert (tmp_path / "w2" / "transfer.wasm").read_bytes() == wasm  # deterministic


@needs_wasm
def test_compile_refuses_what_the_c_target_refuses(tmp_path):
    done = _durakc(["compile", "two-decks", "--target", "wasm", "--out", "w"], tmp_path)
    assert done.returncode == 1
    assert "Traceback" not in done.stderr and "copies" in done.stderr
    assert not (tmp_path / "w").exists()
