"""The files of the wasm target: one `<module>.wasm` per C engine, and the JS loader."""

from __future__ import annotations

from pathlib import Path

from durakc.wasm.build import LOADER, build_wasm

BUILD_DIR = Path("build") / "wasm"
"""Where `durakc build --target wasm` writes without --out (relative to the current folder):
the modules are build products, not checked in (docs/wasm.md, "Why not in generated/")."""


def wasm_files(c_sources: dict[str, str], variants: dict[str, str],
               options: dict[str, dict] | None = None) -> dict[str, bytes]:
    """{file name: bytes}: `<module>.wasm` for every `<module>.c` in `c_sources` (with its
    `.h`), named by `variants` (module -> variant name), and `durak-wasm.mjs`; `options`:
    module -> its engine's OPTIONS table, for the engines with table settings.
    Raises WasmUnavailable when the toolchain is missing or a module fails to build."""
    files: dict[str, bytes] = {}
    for name in sorted(n for n in c_sources if n.endswith(".c")):
        module = name[:-2]
        files[f"{module}.wasm"] = build_wasm(module, variants.get(module, module),
                                             c_sources[name], c_sources[f"{module}.h"],
                                             (options or {}).get(module))
    files[LOADER.name] = LOADER.read_bytes()
    return files
