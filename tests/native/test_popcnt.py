"""The native engines count cards with the CPU's popcount instruction where it has one
(issue 19, 6b: plain -O2 called a software popcount), the portable count elsewhere, and
both play the same games."""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from native_support import ROOT, needs_cc

from durakc.native import build

pytestmark = needs_cc

CLI = "import sys; from durakc.cli import main; sys.exit(main(sys.argv[1:]))"


def _cpu_has_popcnt() -> bool:
    info = Path("/proc/cpuinfo")
    if platform.machine().lower() not in ("x86_64", "amd64") or not info.exists():
        return False
    flags = [line for line in info.read_text().splitlines() if line.startswith("flags")]
    return bool(flags) and "popcnt" in flags[0].split()


def test_the_instruction_is_used_where_the_cpu_has_it(monkeypatch):
    if not _cpu_has_popcnt():
        pytest.skip("this CPU has no POPCNT instruction (or is not x86): the portable build is used")
    monkeypatch.delenv(build.POPCNT_ENV, raising=False)
    assert "-mpopcnt" in build.compile_flags()
    monkeypatch.setenv(build.POPCNT_ENV, "0")
    assert "-mpopcnt" not in build.compile_flags()


def test_the_built_engine_has_the_instruction(tmp_path, monkeypatch):
    if not _cpu_has_popcnt() or shutil.which("objdump") is None:
        pytest.skip("needs an x86 CPU with POPCNT and objdump")
    monkeypatch.setenv("DURAKC_NATIVE_CACHE", str(tmp_path))
    monkeypatch.delenv(build.POPCNT_ENV, raising=False)
    c_source = (ROOT / "generated" / "transfer.c").read_text(encoding="utf-8")
    header = (ROOT / "generated" / "transfer.h").read_text(encoding="utf-8")
    fast = build.build_extension("transfer", c_source, header)
    monkeypatch.setenv(build.POPCNT_ENV, "0")
    portable = build.build_extension("transfer", c_source, header)
    assert fast != portable  # the flags are part of the cache key

    def has_popcnt(path):
        done = subprocess.run(["objdump", "-d", str(path)], capture_output=True, text=True)
        return "popcnt" in done.stdout

    assert has_popcnt(fast) and not has_popcnt(portable)


@pytest.mark.parametrize("variant,players", [("transfer", 2), ("podkidnoy", 4), ("jokers", 3)])
def test_both_builds_play_the_same_games(variant, players, tmp_path):
    """Whole games in C (the random and greedy bots): the same statistics from both builds."""
    outputs = []
    for popcnt in ("0", "1"):
        env = dict(os.environ, DURAKC_NATIVE_CACHE=str(tmp_path / popcnt))
        env[build.POPCNT_ENV] = popcnt
        done = subprocess.run([sys.executable, "-c", CLI, "simulate", variant,
                               "--players", str(players), "--games", "3000", "--bots",
                               ",".join(("greedy", "random")[s % 2] for s in range(players)),
                               "--backend", "native", "--format", "stats"],
                              capture_output=True, text=True, env=env, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        outputs.append(done.stdout)
    assert '"games": 3000' in outputs[0] and outputs[0] == outputs[1]
