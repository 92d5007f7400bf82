"""`durakc check`: fail when generated/ differs from what `durakc build` would write."""

from __future__ import annotations

import sys

from compiler.codegen import GENERATED_DIR, build_outputs
from compiler.commands._common import report
from compiler.diagnostics import SpecError

NAME = "check"
HELP = "exit 1 and list stale, missing or extra files when generated/ is out of date"


def add_arguments(parser) -> None:
    pass


def differences() -> tuple[list[str], list]:
    """Problems with generated/ as lines ('stale: x.py', ...), and spec errors."""
    outputs, errors = build_outputs()
    present = {p.name for p in GENERATED_DIR.glob("*.py")} if GENERATED_DIR.is_dir() else set()
    lines = []
    for name in sorted(set(outputs) | present):
        if name not in present:
            lines.append(f"missing: generated/{name}")
        elif name not in outputs:
            lines.append(f"extra: generated/{name}")
        elif (GENERATED_DIR / name).read_text(encoding="utf-8") != outputs[name]:
            lines.append(f"stale: generated/{name}")
    return lines, errors


def run(args) -> int:
    lines, errors = differences()
    if errors:
        return report(SpecError(errors))
    if lines:
        print("\n".join(lines), file=sys.stderr)
        print("generated/ is out of date: run `durakc build`", file=sys.stderr)
        return 1
    print("generated/ is up to date")
    return 0
