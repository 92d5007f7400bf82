"""`durakc build`: every bundled spec into generated/, plus generated/__init__.py."""

from __future__ import annotations

from pathlib import Path

from durakc.build import GENERATED_DIR, OUTPUT_PATTERNS, build_all
from durakc.commands._common import error, print_diagnostics, usage_error, with_warnings

NAME = "build"
HELP = ("compile every bundled variant into generated/ (Python and C engines, and "
        "generated/__init__.py); --native also builds the C extensions")


def add_arguments(parser) -> None:
    parser.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    parser.add_argument("--out", metavar="DIR", default=None,
                        help="write into DIR instead of the checkout's generated/")
    parser.add_argument("--native", action="store_true",
                        help="also compile each C engine into the native backend's extension "
                             "(needs a C compiler)")
    parser.add_argument("--target", choices=("wasm", "npm"), default=None,
                        help="wasm: instead, build every bundled C engine into <module>.wasm "
                             "(and the loader durak-wasm.mjs) in --out, default build/wasm/; "
                             "npm: the npm package @durakc/engines (wasm modules, TypeScript "
                             "types, boardgame.io adapter) in --out, default build/npm/ "
                             "(docs/npm.md); generated/ is left alone")
    parser.add_argument("--variant", action="append", metavar="NAME", default=None,
                        help="with --target npm: only this bundled variant (repeatable; "
                             "default every variant with a C engine)")
    parser.add_argument("--strict", action="store_true",
                        help="treat warnings (rules that can never take effect) as errors")


def run(args) -> int:
    if args.target == "npm" or args.variant:
        from durakc.commands.build_npm import npm_problem

        problem = npm_problem(args.target, args.variant)
        if problem:
            return usage_error(problem)
    problem = _toolchain_problem(args)
    if problem:
        return usage_error(problem)
    refused: list[tuple[str, str]] = []
    outputs, errors, warnings = build_all(refused)
    diagnostics, code = with_warnings(errors, warnings, args.strict)
    print_diagnostics(diagnostics)
    if code:
        return code
    if args.target == "npm":
        from durakc.commands.build_npm import build_npm

        return build_npm(outputs, refused, args)
    if args.target == "wasm":
        return _build_wasm(outputs, Path(args.out) if args.out else None, args.quiet)
    target = Path(args.out) if args.out else GENERATED_DIR
    target.mkdir(parents=True, exist_ok=True)
    expected = set(outputs)
    present = {p for pattern in OUTPUT_PATTERNS for p in target.glob(pattern)}
    for stale in sorted(p for p in present if p.name not in expected):
        stale.unlink()
        if not args.quiet:
            print(f"removed {stale}")
    for file_name, source in sorted(outputs.items()):
        path = target / file_name
        if not path.exists() or path.read_text(encoding="utf-8") != source:
            path.write_text(source, encoding="utf-8", newline="\n")
            if not args.quiet:
                print(f"wrote {path}")
    if not args.quiet:
        print(_summary(outputs, refused, target))
    if args.native:
        return _build_native(outputs, args.quiet)
    return 0


def _toolchain_problem(args) -> str | None:
    """Why the compiler --native or --target wasm needs is missing, or None: checked before
    the build, so a machine without one gets one message and exit 2, nothing written."""
    if args.target == "wasm":
        from durakc.wasm import toolchain_problem

        return toolchain_problem()
    if args.native and args.target is None:
        from durakc.native.build import unavailable_reason

        return unavailable_reason()
    return None


def _summary(outputs: dict[str, str], refused: list[tuple[str, str]], target: Path) -> str:
    """What was built, counted from the files written, and each variant without a C engine
    with the C target's reason."""
    python = sum(1 for name in outputs if name.endswith(".py") and name != "__init__.py")
    c = sum(1 for name in outputs if name.endswith(".c"))
    lines = [f"{python} Python engines and {c} C engines in {target}"]
    lines += [f"no C engine for {name}: {reason}" for name, reason in refused]
    return "\n".join(lines)


def _build_native(outputs: dict[str, str], quiet: bool) -> int:
    """Compile every C engine with its binding (the native backend's cache)."""
    from durakc.native.build import NativeUnavailable, build_extension

    for name in sorted(n for n in outputs if n.endswith(".c")):
        module = name[:-2]
        try:
            path = build_extension(module, outputs[name], outputs[f"{module}.h"])
        except NativeUnavailable as exc:   # a compiler that fails: the machine's, not the spec's
            return usage_error(str(exc))
        if not quiet:
            print(f"native {module}: {path}")
    return 0


def _build_wasm(outputs: dict[str, str], out: Path | None, quiet: bool) -> int:
    """Every C engine as wasm into `out` (default build/wasm/); exit 2 without the toolchain."""
    from durakc.ir.build import module_name
    from durakc.spec import bundled_names
    from durakc.wasm import BUILD_DIR, WasmUnavailable, wasm_files
    from durakc.wasm.options import bundled_options

    target = out or BUILD_DIR
    variants = {module_name(name): name for name in bundled_names()}
    try:
        files = wasm_files(outputs, variants, bundled_options(outputs, variants))
        target.mkdir(parents=True, exist_ok=True)
        for file_name, data in sorted(files.items()):
            (target / file_name).write_bytes(data)
    except WasmUnavailable as exc:
        error(str(exc))
        return 1
    except OSError as exc:
        error(f"cannot write to {target}: {exc.strerror or exc}")
        return 1
    if not quiet:
        print(f"{len(files) - 1} wasm engines and durak-wasm.mjs in {target}")
    return 0

