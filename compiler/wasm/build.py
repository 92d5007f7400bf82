"""Compiling a generated C engine and the wasm ABI (abi.c) into a WebAssembly module.

The toolchain is clang with the wasm32-wasi target, lld (wasm-ld) and wasi-libc (Debian:
clang lld wasi-libc libclang-rt-dev-wasm32).  `toolchain_problem()` says what is missing
and how to install it; `build_wasm` raises WasmUnavailable with that text, never a traceback.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from durakc.wasm.options import options_unit

ABI = Path(__file__).resolve().parent / "abi.c"
LOADER = Path(__file__).resolve().parent / "durak-wasm.mjs"
TARGET = "wasm32-wasi"
FLAGS = ["-std=c99", "-O2", "-mexec-model=reactor", "-Wl,--strip-all"]
INSTALL = (
    "install clang with the wasm32-wasi target, lld and wasi-libc:\n"
    "  Debian/Ubuntu: apt-get install clang lld wasi-libc libclang-rt-dev-wasm32\n"
    "  Fedora: dnf install clang lld wasi-libc-devel compiler-rt\n"
    "  macOS: brew install llvm lld wasi-libc wasi-runtimes (then CLANG=$(brew --prefix llvm)/bin/clang)\n"
    "  any OS: the wasi-sdk release (github.com/WebAssembly/wasi-sdk), with CLANG=<wasi-sdk>/bin/clang"
)


class WasmUnavailable(RuntimeError):
    """The wasm target can not be built here (no clang for wasm32-wasi, or compiling failed)."""


def find_clang() -> str | None:
    """$CLANG, else clang on the PATH; None when there is none."""
    for name in (os.environ.get("CLANG"), "clang"):
        if name and shutil.which(name):
            return name
    return None


_PROBE = "#include <stdlib.h>\nvoid *probe(unsigned long n) { return malloc(n); }\n"


def toolchain_problem() -> str | None:
    """Why a wasm module can not be built here, with how to install what is missing; or None.

    Probes the whole chain, once per clang: compiling and linking a reactor that calls malloc."""
    clang = find_clang()
    if clang is None:
        return "the wasm target needs clang, and none was found; " + INSTALL
    return _probe(shutil.which(clang) or clang)


@functools.cache
def _probe(clang: str) -> str | None:
    with tempfile.TemporaryDirectory() as tmp:
        source = Path(tmp) / "probe.c"
        source.write_text(_PROBE, encoding="utf-8")
        try:
            done = subprocess.run([clang, f"--target={TARGET}", *FLAGS, str(source),
                                   "-o", str(Path(tmp) / "probe.wasm")],
                                  capture_output=True, text=True, check=False)
        except OSError as exc:
            return f"could not run {clang}: {exc.strerror or exc}; " + INSTALL
    if done.returncode:
        first = (done.stderr.strip().splitlines() or ["(no message)"])[0]
        return f"{clang} can not build for {TARGET} ({first}); " + INSTALL
    return None


def unit_source(module: str, variant: str, options: dict | None = None) -> str:
    """The per-variant C unit: names the engine's prefixes, then includes the ABI; with
    `options` (the engine's OPTIONS table) it defines the option table abi.c reads."""
    name = variant.replace("\\", "\\\\").replace('"', '\\"')
    return (f"/* durakc wasm unit for {module} (generated at build time) */\n"
            f"#define DK_PREFIX durak_{module}_\n#define DK_UPPER DURAK_{module.upper()}_\n"
            f'#define DK_VARIANT "{name}"\n'
            f'#include "{module}.h"\n{options_unit(options) if options else ""}#include "abi.c"\n')


def bots_unit(module: str) -> str:
    """The unit that compiles the engine `<module>.c` itself together with `dk_bot_index`,
    which calls the engine's own (static) bots for abi.c's dk_bot_choice (docs/wasm.md)."""
    p, upper = f"durak_{module}_", f"DURAK_{module.upper()}_"
    return (f"/* durakc wasm bots unit for {module} (generated at build time) */\n"
            f'#include "{module}.c"\n\n'
            f"int dk_bot_index(const game *g, int bot, uint64_t seed, int repeated)\n{{\n"
            f"    action *acts = malloc(sizeof(action) * {upper}MAX_ACTIONS);\n"
            f"    char text[{upper}ACTION_TEXT_MAX];\n"
            f"    mt_state rng;\n    int count, choice;\n"
            f"    if (!acts) {{\n        return {upper}E_MEMORY;\n    }}\n"
            f"    count = legal_actions(g, acts);\n"
            f"    if (count > 1 && {p}action_text(&acts[count - 1], text, sizeof text) >= 0\n"
            f'        && !strcmp(text, "resign")) {{\n'
            f"        count--;  /* bots.playable: a bot never resigns (HR24) */\n    }}\n"
            f"    mt_seed(&rng, seed);\n"
            f"    choice = count ? bot_choice(bot, g, acts, count, &rng, repeated) : {upper}E_STATE;\n"
            f"    free(acts);\n    return choice;\n}}\n")


def build_wasm(module: str, variant: str, c_source: str, header: str,
               options: dict | None = None) -> bytes:
    """The wasm module's bytes for engine `module` of variant `variant` (the texts of
    `<module>.c` and `<module>.h`; `options`: the engine's OPTIONS table, required when the
    engine has table settings).  Raises WasmUnavailable when it can not be built."""
    problem = toolchain_problem()
    if problem:
        raise WasmUnavailable(problem)
    if "CAP_OPTIONS 1" in header and not options:
        raise WasmUnavailable(f"{variant}: no wasm module: its table settings were not given")
    clang = find_clang()
    assert clang is not None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / f"{module}.c").write_text(c_source, encoding="utf-8")
        (folder / f"{module}.h").write_text(header, encoding="utf-8")
        (folder / "abi.c").write_text(ABI.read_text(encoding="utf-8"), encoding="utf-8")
        (folder / "unit.c").write_text(unit_source(module, variant, options), encoding="utf-8")
        (folder / "bots.c").write_text(bots_unit(module), encoding="utf-8")
        out = folder / f"{module}.wasm"
        done = subprocess.run([clang, f"--target={TARGET}", *FLAGS, "-I", str(folder),
                               str(folder / "unit.c"), str(folder / "bots.c"),
                               "-o", str(out)], capture_output=True, text=True, check=False)
        if done.returncode:
            raise WasmUnavailable(f"building {module}.wasm failed:\n{done.stderr.strip()}")
        return out.read_bytes()


def loader_source() -> str:
    """The ES module that loads a variant's wasm in Node or a browser (durak-wasm.mjs)."""
    return LOADER.read_text(encoding="utf-8")
