"""Shared by the wasm tests: node, the toolchain, the skip reason, building a module."""

from __future__ import annotations

import shutil
from pathlib import Path

import durakc.engines
from durakc.ir.build import module_name
from durakc.wasm import build_wasm, toolchain_problem

ROOT = Path(__file__).resolve().parents[2]
DRIVER = Path(__file__).with_name("driver.mjs")
NODE = shutil.which("node")
PROBLEM = "node is not installed" if NODE is None else toolchain_problem()
"""Why the wasm tests can not run here (they skip with it), or None."""


def wasm_module(name: str, folder: Path) -> Path:
    """The wasm module of bundled variant `name`, built from generated/ into `folder` once."""
    module = module_name(name)
    path = folder / f"{module}.wasm"
    if not path.exists():
        c = (ROOT / "generated" / f"{module}.c").read_text(encoding="utf-8")
        h = (ROOT / "generated" / f"{module}.h").read_text(encoding="utf-8")
        options = getattr(durakc.engines.load(name), "OPTIONS", None)
        path.write_bytes(build_wasm(module, name, c, h, options))
    return path


NOT_IN_WASM = frozenset({"history", "teams", "trump_of", "losses", "swaps_left"})
"""Keys of the Python observation that the wasm observation leaves out (docs/wasm.md): the
history, and the keys of structural capabilities (teams, series, swaps)."""


def player_counts(py) -> list[int]:
    """The player counts the Python engine `py` deals (within players.min .. players.max)."""
    counts = []
    for players in range(py.PLAYERS_MIN, py.PLAYERS_MAX + 1):
        try:
            py.new_game(players, 0)
        except py.InvalidGame:
            continue
        counts.append(players)
    return counts


def python_observation(game, seat: int, wasm_keys) -> dict:
    """The Python game's observation for `seat`, cut to the keys the wasm one has; asserts
    those are all the Python keys but NOT_IN_WASM."""
    obs = game.observation(seat)
    assert set(wasm_keys) == set(obs) - NOT_IN_WASM, "the wasm observation's keys"
    return {key: obs[key] for key in wasm_keys}


def built_once(tmp_path_factory, name: str, build) -> Path:
    """The folder `name` that `build(folder)` fills, made once for the whole run: pytest-xdist's
    workers share the run's base temp folder and take turns under a file lock, so the second
    worker finds the first one's modules instead of compiling all of them again (over a minute
    of clang for every variant)."""
    base = tmp_path_factory.getbasetemp()
    shared = base.parent if base.name.startswith("popen-gw") else base  # a worker's folder
    folder, done = shared / name, shared / f"{name}.done"
    try:
        import fcntl
    except ImportError:  # no flock (Windows): each worker builds its own
        fcntl = None
    with open(shared / f"{name}.lock", "w") as lock:
        if fcntl is not None:
            fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a build that failed half way
            folder.mkdir()
            build(folder)
            done.touch()
    return folder
