"""`durakc build`: every bundled spec into generated/, plus generated/__init__.py."""

from __future__ import annotations

from compiler.codegen import GENERATED_DIR, build_outputs
from compiler.commands._common import report
from compiler.diagnostics import SpecError

NAME = "build"
HELP = "compile every bundled variant into generated/ (and write generated/__init__.py)"


def add_arguments(parser) -> None:
    parser.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")


def run(args) -> int:
    outputs, errors = build_outputs()
    if errors:
        return report(SpecError(errors))
    GENERATED_DIR.mkdir(exist_ok=True)
    expected = set(outputs)
    for stale in sorted(p for p in GENERATED_DIR.glob("*.py") if p.name not in expected):
        stale.unlink()
        if not args.quiet:
            print(f"removed {stale}")
    for file_name, source in sorted(outputs.items()):
        path = GENERATED_DIR / file_name
        if not path.exists() or path.read_text(encoding="utf-8") != source:
            path.write_text(source, encoding="utf-8", newline="\n")
            if not args.quiet:
                print(f"wrote {path}")
    if not args.quiet:
        print(f"{len(outputs) - 1} engines in {GENERATED_DIR}")
    return 0
