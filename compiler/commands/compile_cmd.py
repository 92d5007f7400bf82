"""`durakc compile SPEC|DIR... [--out DIR] [--check] [--strict] [--format json]`.

Checks specs and writes one engine per spec into --out (default: the current
folder; never the installed `generated/` package, which only `durakc build`
writes).  A folder stands for every ``*.yaml``/``*.yml`` spec in it.  Every
problem of every spec is reported together; nothing is written when there is
an error (or, with --strict, a warning), nor when two specs share a name.

Steps, each a function, so another target only changes `_outputs` (--target c: the C engines;
--target wasm: the C engines, then built into wasm by `durakc.wasm` before `_write`;
--target npm: the C engines, then the package of `durakc.commands.build_npm.compile_npm`):
`_spec_refs` (arguments to spec references), `_load` (specs, diagnostics),
`_outputs` (file name -> source) and `_write`.
"""

from __future__ import annotations

import sys
from pathlib import Path

from durakc.analysis.checks import analyse
from durakc.commands._common import (
    count_text,
    error,
    print_diagnostics,
    usage_error,
    with_warnings,
)
from durakc.diagnostics import Diagnostic, SpecError, SpecNotFound
from durakc.ir.build import module_name
from durakc.spec import Spec, load_spec
from durakc.targets.python.codegen import render_engine

NAME = "compile"
HELP = "check variant specs and write one engine module per spec"

SPEC_SUFFIXES = (".yaml", ".yml")


def add_arguments(parser) -> None:
    parser.add_argument("specs", nargs="+", metavar="SPEC",
                        help="a spec file (.yaml, .yml), a folder (every spec in it) or the "
                             "name of a bundled variant")
    parser.add_argument("--out", metavar="DIR", default=None,
                        help="folder to write the engines to, created if missing (default: "
                             "the current folder; bundled engines are written by `durakc "
                             "build`)")
    parser.add_argument("--target", choices=("python", "c", "wasm", "npm"), default="python",
                        help="python: one engine module per spec (default); c: a standalone "
                             "C99 engine, <module>.c and <module>.h, per spec; wasm: "
                             "<module>.wasm per spec and the loader durak-wasm.mjs (needs "
                             "clang for wasm32-wasi; docs/wasm.md); npm: the npm package "
                             "@durakc/engines of these specs, in --out (default build/npm/; "
                             "docs/npm.md)")
    parser.add_argument("--check", action="store_true",
                        help="only check the specs and report every problem; write nothing")
    parser.add_argument("--strict", action="store_true",
                        help="treat warnings (rules that can never take effect) as errors")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="diagnostics as text on stderr (default) or as a JSON list on "
                             "stdout (the files written are then listed on stderr)")


def run(args) -> int:
    refs, problem = _spec_refs(args.specs)
    if problem:
        return usage_error(problem)
    out = Path(args.out) if args.out else Path(".")
    if not args.check and out.exists() and not out.is_dir():
        return _cannot_write(out, "not a folder")
    if args.target in ("wasm", "npm") and not args.check:
        from durakc.wasm import toolchain_problem
        problem = toolchain_problem()
        if problem:
            return usage_error(problem)
    try:
        specs, errors, warnings = _load(refs)
    except SpecNotFound as exc:  # a reference that names no spec: the arguments are wrong
        return usage_error(exc.usage_text)
    outputs, problems = _outputs(specs, args.target)
    errors = errors + problems
    diagnostics, code = with_warnings(errors, warnings, args.strict)
    print_diagnostics(diagnostics, args.format)
    if code:
        return code
    if args.check:
        if args.format == "text":
            counts = f" ({count_text(diagnostics)})" if diagnostics else ""
            print(f"{len(specs)} spec{'s' if len(specs) != 1 else ''} checked{counts}")
        return 0
    if args.target == "npm":
        from durakc.commands.build_npm import compile_npm
        return compile_npm(specs, outputs, args.out, args.format == "json")
    if args.target == "wasm":
        from durakc.wasm import WasmUnavailable, wasm_files
        from durakc.wasm.options import spec_options
        try:
            outputs = wasm_files(outputs, {module_name(spec.name): spec.name for spec in specs},
                                 {module_name(spec.name): spec_options(spec) for spec in specs})
        except WasmUnavailable as exc:
            print(f"durakc: error: {exc}", file=sys.stderr)
            return 1
    return _write(out, outputs, sys.stdout if args.format == "text" else sys.stderr)


def _spec_refs(args: list[str]) -> tuple[list[str], str | None]:
    """Spec references with each folder replaced by its specs (sorted); or a usage problem."""
    refs: list[str] = []
    for arg in args:
        folder = Path(arg)
        if not folder.is_dir():
            refs.append(arg)
            continue
        try:
            found = sorted(str(p) for p in folder.iterdir()
                           if p.suffix in SPEC_SUFFIXES and p.is_file())
        except OSError as exc:
            return [], f"cannot read folder {arg}: {exc.strerror or exc}"
        if not found:
            return [], f"no specs ({', '.join('*' + s for s in SPEC_SUFFIXES)}) in folder {arg}"
        refs.extend(found)
    return list(dict.fromkeys(refs)), None


def _load(refs: list[str]) -> tuple[list[Spec], list[Diagnostic], list[Diagnostic]]:
    """The specs that load, every error (argument order) and every warning."""
    specs, errors, warnings = [], [], []
    for ref in refs:
        try:
            spec = load_spec(ref)
        except SpecNotFound:
            raise
        except SpecError as exc:
            errors.extend(exc.diagnostics)
            continue
        if any(_same_file(spec, other) for other in specs):
            continue  # one file named twice (a.yaml ./a.yaml): compiled once
        clash = _same_name(spec, specs)
        if clash is not None:
            errors.append(clash)
            continue
        specs.append(spec)
        warnings.extend(analyse(spec))
    return specs, errors, warnings


def _same_name(spec: Spec, earlier: list[Spec]) -> Diagnostic | None:
    """An error when an earlier spec (another file) gives the same engine file name."""
    file_name = module_name(spec.name) + ".py"
    for other in earlier:
        if module_name(other.name) + ".py" == file_name:
            message = (f"variant name '{spec.name}' is also the name of {_where(other)}: both "
                       f"engines would be written to {file_name}")
            if spec.name_node is None:
                return Diagnostic(_where(spec), 0, 0, message)
            return spec.name_node.diag(message)
    return None


def _same_file(a: Spec, b: Spec) -> bool:
    try:
        return a.path.resolve() == b.path.resolve()
    except (OSError, RuntimeError):
        return a.path == b.path


def _where(spec: Spec) -> str:
    """The spec's file as diagnostics name it."""
    return spec.name_node.src.path if spec.name_node is not None else spec.label


def _outputs(specs: list[Spec], target: str = "python") -> tuple[dict[str, str], list]:
    """{file name: source} of the engines, one per spec (the same spec twice: once), and the
    diagnostics of specs the target can not build (the C target lacks some capabilities)."""
    if target in ("c", "wasm", "npm"):  # wasm, npm: built from the C files when written (run)
        from durakc.targets.c import c_sources_or_problems
        return c_sources_or_problems(specs)
    return {f"{module_name(spec.name)}.py": render_engine(spec) for spec in specs}, []


def _write(out: Path, outputs: dict[str, str] | dict[str, bytes], log) -> int:
    """Write every output into `out`; exit code 1 with a clear message when that fails."""
    path = out
    try:
        out.mkdir(parents=True, exist_ok=True)
        for file_name, source in outputs.items():
            path = out / file_name
            if isinstance(source, bytes):
                path.write_bytes(source)
            else:
                path.write_text(source, encoding="utf-8", newline="\n")
            print(f"wrote {path}", file=log)
    except OSError as exc:
        return _cannot_write(path, exc.strerror or str(exc))
    return 0


def _cannot_write(path: Path, reason: str) -> int:
    error(f"cannot write to {path}: {reason}")
    return 1
