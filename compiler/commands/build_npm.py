"""`durakc build --target npm`: the npm package @durakc/engines in a folder (docs/npm.md)."""

from __future__ import annotations

import shutil
from pathlib import Path

from durakc.commands._common import error, usage_error

BUILD_DIR = Path("build") / "npm"
"""Where the package is written without --out (relative to the current folder)."""


def npm_problem(target: str | None, wanted: list[str] | None) -> str | None:
    """Why the npm package can not be built as asked (a usage error's text: a bad --variant,
    no wasm toolchain), or None: checked before the build."""
    from durakc.spec import bundled_names
    from durakc.wasm import toolchain_problem

    if wanted and target != "npm":
        return "--variant goes with --target npm"
    names = set(bundled_names())
    for name in wanted or []:
        if name not in names:
            return f"no bundled variant {name!r} (`durakc list` names them)"
    return toolchain_problem()


def _chosen(outputs: dict[str, str], refused: list[tuple[str, str]], wanted: list[str] | None
            ) -> list[str] | str:
    """The variants to package (the wanted ones, else every one with a C engine), or why one
    can not be packaged (a usage error's text)."""
    from durakc.ir.build import module_name
    from durakc.spec import bundled_names

    reasons = dict(refused)
    with_c = [n for n in bundled_names() if f"{module_name(n)}.c" in outputs and n not in reasons]
    if not wanted:
        return with_c
    for name in wanted:
        if name not in with_c:
            return f"{name} has no C engine, so no wasm module: {reasons.get(name, 'refused')}"
    return list(dict.fromkeys(wanted))


def build_npm(outputs: dict[str, str], refused: list[tuple[str, str]], args) -> int:
    """Write the package for the chosen variants into --out (default build/npm/), replacing
    what an earlier build left there; exit 2 for a variant without a C engine."""
    import durakc.engines

    chosen = _chosen(outputs, refused, args.variant)
    if isinstance(chosen, str):
        return usage_error(chosen)
    target = Path(args.out) if args.out else BUILD_DIR
    engines = {name: durakc.engines.load(name) for name in chosen}
    return write_package(outputs, engines, target, args.quiet)


def compile_npm(specs, outputs: dict[str, str], out: str | None, quiet: bool) -> int:
    """`durakc compile SPEC... --target npm`: the package of the given (checked) specs, each
    with a C engine in `outputs`, into `out` (default build/npm/)."""
    from durakc.loading.engines import EngineNotFound, engine_of_spec

    try:
        engines = {spec.name: engine_of_spec(spec) for spec in specs}
    except EngineNotFound as exc:
        error(str(exc))
        return 1
    return write_package(outputs, engines, Path(out) if out else BUILD_DIR, quiet)


def write_package(outputs: dict[str, str], engines: dict, target: Path, quiet: bool) -> int:
    """Write the package of `engines` (variant name -> Python engine module, whose C files
    are in `outputs`) into `target`, replacing the wasm/ an earlier build left there."""
    import durakc
    from durakc.wasm import WasmUnavailable
    from durakc.wasm.npm import npm_files

    try:
        files = npm_files(outputs, engines, durakc.__version__)
        if (target / "wasm").is_dir():
            shutil.rmtree(target / "wasm")
        for name, data in sorted(files.items()):
            path = target / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    except WasmUnavailable as exc:
        error(str(exc))
        return 1
    except OSError as exc:
        error(f"cannot write to {target}: {exc.strerror or exc}")
        return 1
    if not quiet:
        count = f"{len(engines)} variant{'s' if len(engines) != 1 else ''}"
        print(f"{count} in the npm package in {target} (npm pack there packs it)")
    return 0
