"""The files of the wasm target: one `<module>.wasm` per C engine, and the JS loader."""

from __future__ import annotations

from pathlib import Path

from durakc.wasm.build import LOADER, WasmUnavailable, build_wasm

BUILD_DIR = Path("build") / "wasm"
"""Where `durakc build --target wasm` writes without --out (relative to the current folder):
the modules are build products, not checked in (docs/wasm.md, "Why not in generated/")."""


OPTIONS_REFUSAL = ("its table settings (options:) are not in the wasm loader yet (durak-wasm.mjs "
                   "takes no options when a game starts): play it on the Python or native backend")
"""Why a C engine holding table settings (`<P>CAP_OPTIONS`, issue 32 item 4) gets no wasm module."""


def wasm_refusal(c_sources: dict[str, str], module: str) -> str | None:
    """Why C engine `module` of `c_sources` gets no wasm module, or None when it gets one."""
    if "CAP_OPTIONS 1" in c_sources.get(f"{module}.h", ""):
        return OPTIONS_REFUSAL
    return None


def wasm_files(c_sources: dict[str, str], variants: dict[str, str]) -> dict[str, bytes]:
    """{file name: bytes}: `<module>.wasm` for every `<module>.c` in `c_sources` (with its
    `.h`), named by `variants` (module -> variant name), and `durak-wasm.mjs`.
    Raises WasmUnavailable when the toolchain is missing, a module fails to build or has
    no wasm module (`wasm_refusal`)."""
    files: dict[str, bytes] = {}
    for name in sorted(n for n in c_sources if n.endswith(".c")):
        module = name[:-2]
        refusal = wasm_refusal(c_sources, module)
        if refusal:
            raise WasmUnavailable(f"{variants.get(module, module)}: no wasm module: {refusal}")
        files[f"{module}.wasm"] = build_wasm(module, variants.get(module, module),
                                             c_sources[name], c_sources[f"{module}.h"])
    files[LOADER.name] = LOADER.read_bytes()
    return files
