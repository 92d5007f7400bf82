"""Shared by tests/npm: node and npm, the wasm toolchain, tsc and boardgame.io, and the
packed @durakc/engines installed in a clean folder.  Each test skips, saying why, when what
it needs is missing (no node or npm, no clang for wasm32-wasi, no registry for the tools)."""

from __future__ import annotations

import fcntl
import json
import shutil
import subprocess
import sys
from pathlib import Path

from durakc.wasm import toolchain_problem

HERE = Path(__file__).resolve().parent
DEPS = HERE / "node_modules"
"""tsc and boardgame.io, from tests/npm/package.json (`.ci/run` installs them; else the first
test that needs them does, once)."""
NODE = shutil.which("node")
NPM = shutil.which("npm")
VARIANTS = ("transfer", "podkidnoy", "closed-discard", "table", "cheating")
"""The variants packed for the tests: the two main ones, one with a closed discard pile, one
with table settings (options:) and one with out-of-turn actions (HR34's catch)."""


def base_problem() -> str | None:
    """Why no npm test can run here, or None."""
    if NODE is None or NPM is None:
        return "node and npm are needed for the npm package tests"
    return toolchain_problem()


def _installed() -> bool:
    return all((DEPS / name / "package.json").exists() for name in ("typescript", "boardgame.io"))


def deps_problem() -> str | None:
    """Why tsc and boardgame.io are not available (installing them from the lock file once,
    under a lock so parallel workers install once), or None."""
    if _installed():
        return None
    with open(HERE / ".install.lock", "w", encoding="utf-8") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not _installed():
            try:
                done = npm("ci", "--no-audit", "--no-fund", cwd=HERE, timeout=300)
            except subprocess.TimeoutExpired:
                return "installing typescript and boardgame.io from the npm registry timed out"
            if done.returncode:
                return ("could not install typescript and boardgame.io (tests/npm/package.json): "
                        + (done.stderr.strip().splitlines() or ["no message"])[-1])
    return None


def npm(*args: str, cwd: Path, timeout: float = 120) -> subprocess.CompletedProcess:
    """Run npm in `cwd`."""
    assert NPM is not None
    return subprocess.run([NPM, *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, check=False)


def build_package(out: Path) -> subprocess.CompletedProcess:
    """`durakc build --target npm` of VARIANTS into `out`."""
    variants = [arg for name in VARIANTS for arg in ("--variant", name)]
    return subprocess.run([sys.executable, "-m", "durakc", "build", "--target", "npm",
                           *variants, "--out", str(out)],
                          capture_output=True, text=True, timeout=600, check=False)


def pack(folder: Path) -> tuple[Path, list[str]]:
    """`npm pack` of the package folder: the tarball and the files it holds."""
    done = npm("pack", "--json", cwd=folder)
    assert done.returncode == 0, done.stderr
    info = json.loads(done.stdout)[0]
    return folder / info["filename"], sorted(entry["path"] for entry in info["files"])


def clean_install(tarball: Path, folder: Path) -> subprocess.CompletedProcess:
    """A new ES module project in `folder` with only the tarball installed (offline: the
    package has no dependencies)."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "package.json").write_text(json.dumps(
        {"name": "clean-consumer", "private": True, "type": "module"}), encoding="utf-8")
    return npm("install", "--offline", "--no-audit", "--no-fund", str(tarball), cwd=folder)


def run_node(script: Path, *args: str, cwd: Path, timeout: float = 300) -> list[dict]:
    """Run a test script copied into the clean project (so it imports @durakc/engines as a
    user would); boardgame.io comes from DEPS.  Its JSON lines."""
    assert NODE is not None
    target = cwd / script.name
    shutil.copyfile(script, target)
    done = subprocess.run([NODE, str(target), *args], cwd=cwd, capture_output=True, text=True,
                          timeout=timeout, check=False,
                          env={"PATH": "/usr/bin:/bin", "DURAKC_NPM_DEPS": str(DEPS)})
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
