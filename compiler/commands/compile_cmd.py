"""`durakc compile SPEC... [--out DIR]`: check specs and write their engines."""

from __future__ import annotations

from pathlib import Path

from compiler.codegen import GENERATED_DIR, render_engine
from compiler.commands._common import report, usage_error
from compiler.diagnostics import SpecError
from compiler.ir import module_name
from compiler.spec import load_specs

NAME = "compile"
HELP = "check variant specs and write one engine module per spec"


def add_arguments(parser) -> None:
    parser.add_argument("specs", nargs="+", metavar="SPEC",
                        help="a spec file (.yaml) or the name of a bundled variant")
    parser.add_argument("--out", metavar="DIR", default=None,
                        help=f"output folder (default: {GENERATED_DIR})")
    parser.add_argument("--target", choices=("python", "c"), default="python",
                        help="python: one engine module per spec (default); c: a standalone "
                             "C99 engine, <module>.c and <module>.h, per spec")


def run(args) -> int:
    out = Path(args.out) if args.out else GENERATED_DIR
    if out.exists() and not out.is_dir():
        return usage_error(f"--out {out} is not a folder")
    specs, diagnostics = load_specs(args.specs)
    if args.target == "c":
        from compiler.ctarget import c_sources_or_problems
        sources, problems = c_sources_or_problems(specs)
        diagnostics = list(diagnostics) + problems
    else:
        sources = {f"{module_name(spec.name)}.py": render_engine(spec) for spec in specs}
    if diagnostics:
        return report(SpecError(diagnostics))
    out.mkdir(parents=True, exist_ok=True)
    for file_name, source in sources.items():
        (out / file_name).write_text(source, encoding="utf-8", newline="\n")
        print(f"wrote {out / file_name}")
    return 0
