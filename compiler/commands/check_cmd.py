"""`durakc check`: fail when generated/ differs from what `durakc build` would write."""

from __future__ import annotations

import sys
from pathlib import Path

from durakc.build import GENERATED_DIR, OUTPUT_PATTERNS, build_all
from durakc.commands._common import error, print_diagnostics, with_warnings

NAME = "check"
HELP = "exit 1 and list stale, missing or extra files when generated/ is out of date"


def add_arguments(parser) -> None:
    parser.add_argument("--out", metavar="DIR", default=None,
                        help="check DIR instead of the checkout's generated/")
    parser.add_argument("--strict", action="store_true",
                        help="treat warnings (rules that can never take effect) as errors")


def differences(folder: Path = GENERATED_DIR) -> tuple[list[str], list, list]:
    """Problems with the engines folder as lines ('stale: x.py', ...), spec errors, warnings."""
    outputs, errors, warnings = build_all()
    present = ({p.name for pattern in OUTPUT_PATTERNS for p in folder.glob(pattern)}
               if folder.is_dir() else set())
    lines = []
    for name in sorted(set(outputs) | present):
        if name not in present:
            lines.append(f"missing: {folder / name}")
        elif name not in outputs:
            lines.append(f"extra: {folder / name}")
        elif (folder / name).read_text(encoding="utf-8") != outputs[name]:
            lines.append(f"stale: {folder / name}")
    return lines, errors, warnings


def run(args) -> int:
    lines, errors, warnings = differences(Path(args.out) if args.out else GENERATED_DIR)
    diagnostics, code = with_warnings(errors, warnings, args.strict)
    print_diagnostics(diagnostics)
    if code:
        return code
    if lines:
        print("\n".join(lines), file=sys.stderr)
        error("the engines are out of date: run `durakc build`")
        return 1
    print("generated engines are up to date")
    return 0
