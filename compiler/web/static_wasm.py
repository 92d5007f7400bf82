"""The static playground's wasm engines (`durakc playground --static OUT`, docs/playground.md).

Next to the page and Pyodide, the folder gets `wasm/`: a module per bundled variant the page
plays on wasm (built by the wasm target, `durakc.wasm`, or copied from a folder of `durakc
build --target wasm` output), the loader `durak-wasm.mjs` and `index.json`, which names them
with their spec texts (the page plays a game on wasm when the editor holds a bundled spec's
very text).  `meta.json` is the API's `/api/meta` answer, written here so that the page can
start without Python.  Without clang for wasm the folder gets an index with no variant and
the reason: every game then plays on the Python engine in Pyodide, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources import files
from pathlib import Path

from durakc.ir.build import module_name

NOT_ON_WASM = frozenset({"cheating", "teams", "seat_trumps", "losses", "swaps", "lot_trumps"})
"""Capabilities whose games the static site leaves to the Python engine: out-of-turn catches
(HR34) the page's wasm play does not make, and observation keys the wasm ABI leaves out
(docs/wasm.md: teams, trump_of, losses, swaps_left)."""

BOTS = ("random", "greedy")
"""The bots the wasm engines play (dk_bot_choice); games with another go to Pyodide."""


def wasm_variants(names: list[str] | None = None) -> dict[str, str]:
    """{variant: module} of the bundled variants (or those of `names`) the page plays on
    wasm: a C engine exists and it has none of NOT_ON_WASM's capabilities."""
    from durakc.loading.engines import bundled_names, load_engine

    engines = files("durakc.engines")
    chosen = {}
    for name in names if names is not None else bundled_names():
        module = module_name(name)
        if not engines.joinpath(f"{module}.c").is_file():
            continue
        if NOT_ON_WASM & set(getattr(load_engine(name), "CAPABILITIES", ())):
            continue
        chosen[name] = module
    return chosen


def wasm_site_files(names: list[str] | None = None, reuse: Path | None = None,
                    say: Callable[[str], None] = print) -> dict[str, bytes]:
    """{path in the site: bytes}: `wasm/<module>.wasm` for each of `wasm_variants(names)`,
    the loader and `wasm/index.json`.  `reuse`: a folder of `durakc build --target wasm`
    output whose modules are copied instead of built.  Without the toolchain `say` is called
    once with why and how to install it, and the index names no variant."""
    from durakc.loading.engines import load_engine
    from durakc.wasm import LOADER, WasmUnavailable, build_wasm, toolchain_problem

    variants = wasm_variants(names)
    engines = files("durakc.engines")
    out: dict[str, bytes] = {}
    problem = None
    needed = [n for n, m in variants.items() if reuse is None or not (reuse / f"{m}.wasm").is_file()]
    if needed:
        problem = toolchain_problem()
    if problem:
        say(f"the static playground plays on the Python engine in Pyodide: {_one_line(problem)}")
        variants = {}
    for name, module in variants.items():
        built = reuse / f"{module}.wasm" if reuse is not None else None
        if built is not None and built.is_file():
            out[f"wasm/{module}.wasm"] = built.read_bytes()
            continue
        try:
            out[f"wasm/{module}.wasm"] = build_wasm(
                module, name, engines.joinpath(f"{module}.c").read_text(encoding="utf-8"),
                engines.joinpath(f"{module}.h").read_text(encoding="utf-8"),
                getattr(load_engine(name), "OPTIONS", None))
        except WasmUnavailable as exc:
            say(f"{name} plays on the Python engine in Pyodide: {exc}")
    texts = _spec_texts()
    index = {"variants": {name: {"module": module, "text": texts.get(name)}
                          for name, module in variants.items()
                          if f"wasm/{module}.wasm" in out},
             "bots": list(BOTS), "problem": problem}
    out["wasm/index.json"] = (json.dumps(index, indent=1, sort_keys=True) + "\n").encode()
    out[f"wasm/{LOADER.name}"] = LOADER.read_bytes()
    return out


def _one_line(problem: str) -> str:
    """The toolchain's problem in one line: its first, and the Debian/Ubuntu install line
    (docs/wasm.md has every OS's)."""
    lines = [line.strip() for line in problem.splitlines() if line.strip()]
    debian = next((line for line in lines if line.startswith("Debian")), None)
    head = lines[0].removesuffix(":") if lines else problem
    return f"{head} ({debian}; other systems: docs/wasm.md)" if debian else head


def _spec_texts() -> dict[str, str]:
    """Every bundled spec's text by name (the texts the page's examples hold)."""
    from durakc.web.server import examples

    return {example["name"]: example["text"] for example in examples()}


def meta_file() -> bytes:
    """`meta.json`: the static API's `/api/meta` answer (durakc.web.standalone)."""
    from durakc.web.standalone import static_meta

    return (json.dumps(static_meta(), sort_keys=True) + "\n").encode("utf-8")
