"""`durakc build`: every bundled spec into generated/, plus generated/__init__.py."""

from __future__ import annotations

from pathlib import Path

from compiler.codegen import GENERATED_DIR, build_all
from compiler.commands._common import print_diagnostics, with_warnings

NAME = "build"
HELP = "compile every bundled variant into generated/ (and write generated/__init__.py)"


def add_arguments(parser) -> None:
    parser.add_argument("--quiet", "-q", action="store_true", help="print nothing on success")
    parser.add_argument("--out", metavar="DIR", default=None,
                        help="write into DIR instead of the checkout's generated/")
    parser.add_argument("--strict", action="store_true",
                        help="treat warnings (rules that can never take effect) as errors")


def run(args) -> int:
    outputs, errors, warnings = build_all()
    diagnostics, code = with_warnings(errors, warnings, args.strict)
    print_diagnostics(diagnostics)
    if code:
        return code
    target = Path(args.out) if args.out else GENERATED_DIR
    target.mkdir(parents=True, exist_ok=True)
    expected = set(outputs)
    for stale in sorted(p for p in target.glob("*.py") if p.name not in expected):
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
        print(f"{len(outputs) - 1} engines in {target}")
    return 0
