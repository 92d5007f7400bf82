"""The WebAssembly target: a wasm module per variant from its C engine (docs/wasm.md).

`wasm_files` turns C sources (`durakc.ctarget`) into `<module>.wasm` files plus the ES module
loader `durak-wasm.mjs`; `toolchain_problem` says why they can not be built here.  The npm
package @durakc/engines (docs/npm.md) is built from them by `durakc.wasm.npm`, with the
TypeScript types of `durakc.wasm.dts`."""

from durakc.wasm.build import LOADER, WasmUnavailable, build_wasm, loader_source, toolchain_problem
from durakc.wasm.outputs import BUILD_DIR, wasm_files

__all__ = ["BUILD_DIR", "LOADER", "WasmUnavailable", "build_wasm", "loader_source",
           "toolchain_problem", "wasm_files"]
