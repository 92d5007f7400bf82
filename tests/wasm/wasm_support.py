"""Shared by the wasm tests: node, the toolchain, the skip reason, building a module."""

from __future__ import annotations

import shutil
from pathlib import Path

from durakc.ir import module_name
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
        path.write_bytes(build_wasm(module, name, c, h))
    return path
