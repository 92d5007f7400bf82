"""The npm package @durakc/engines (docs/npm.md): wasm modules, their TypeScript types, and
the hand-written JavaScript of the top-level npm/ folder (package data `durakc.npm`).

`npm_files` returns {relative path: bytes}; `durakc build --target npm` writes them into a
folder that `npm pack` packs as it is."""

from __future__ import annotations

import json
from importlib import resources
from types import ModuleType

from durakc.ir.build import module_name
from durakc.wasm.build import LOADER
from durakc.wasm.dts import variant_types, variants_dts, variants_mjs
from durakc.wasm.outputs import wasm_files

PACKAGE = "@durakc/engines"
SOURCES = ("index.mjs", "engine.mjs", "boardgame.mjs", "index.d.ts", "boardgame.d.ts",
           "README.md")
"""The hand-written files of npm/ copied into every package as they are."""


def source_bytes(name: str) -> bytes:
    """A hand-written file of the package (npm/NAME, shipped as package data)."""
    return resources.files("durakc.npm").joinpath(name).read_bytes()


def package_json(version: str, variants: list[str]) -> str:
    """The package's package.json: an ES module package, boardgame.io an optional peer."""
    manifest = {
        "name": PACKAGE,
        "version": version,
        "description": "Durak variants compiled by durakc, as WebAssembly engines for Node and "
                       "browsers, with TypeScript types and a boardgame.io adapter "
                       f"({len(variants)} variants)",
        "license": "MIT",
        "type": "module",
        "main": "./index.mjs",
        "types": "./index.d.ts",
        "exports": {
            ".": {"types": "./index.d.ts", "default": "./index.mjs"},
            "./boardgame": {"types": "./boardgame.d.ts", "default": "./boardgame.mjs"},
            "./wasm/*": "./wasm/*",
            "./package.json": "./package.json",
        },
        "files": [*SOURCES, LOADER.name, "variants.mjs", "variants.d.ts", "wasm/"],
        "sideEffects": False,
        "engines": {"node": ">=18"},
        "peerDependencies": {"boardgame.io": ">=0.50"},
        "peerDependenciesMeta": {"boardgame.io": {"optional": True}},
        "keywords": ["durak", "cards", "webassembly", "boardgame.io"],
        "durakc": {"variants": variants},
    }
    return json.dumps(manifest, indent=2) + "\n"


def npm_files(c_sources: dict[str, str], engines: dict[str, ModuleType], version: str
              ) -> dict[str, bytes]:
    """The package's files for the variants in `engines` (variant name -> its Python engine
    module, whose C engine `<module>.c`/`.h` is in `c_sources`).  Raises WasmUnavailable when
    the wasm toolchain is missing or a module fails to build."""
    types = [variant_types(engine, module_name(name)) for name, engine in engines.items()]
    chosen = {}
    for v in types:
        chosen[f"{v.module}.c"] = c_sources[f"{v.module}.c"]
        chosen[f"{v.module}.h"] = c_sources[f"{v.module}.h"]
    built = wasm_files(chosen, {v.module: v.name for v in types},
                       {module_name(name): getattr(engine, "OPTIONS", {}) for name, engine in engines.items()})
    files = {f"wasm/{name}": data for name, data in built.items() if name.endswith(".wasm")}
    files[LOADER.name] = built[LOADER.name]
    files.update({name: source_bytes(name) for name in SOURCES})
    files["variants.d.ts"] = variants_dts(types).encode("utf-8")
    files["variants.mjs"] = variants_mjs(types).encode("utf-8")
    files["package.json"] = package_json(version, [v.name for v in types]).encode("utf-8")
    return files
