"""`durakc capabilities`: every capability with its keys, bundled variants and targets."""

from __future__ import annotations

import json
from pathlib import Path

from durakc.catalog.listing import catalog
from durakc.catalog.table import write_table
from durakc.commands._common import report
from durakc.diagnostics import SpecError

NAME = "capabilities"
HELP = "list every capability with its spec keys, the bundled variants using it and its targets"


def add_arguments(parser) -> None:
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="output format (default: text)")
    parser.add_argument("--write", metavar="FILE",
                        help="write the markdown table into FILE between its capability markers")


def run(args) -> int:
    entries, problems = catalog()
    if problems:
        return report(SpecError(problems))
    if args.write:
        return write_table(Path(args.write), entries)
    if args.format == "json":
        print(json.dumps([e.as_dict() for e in entries], indent=2))
        return 0
    for e in entries:
        print(f"{e.name:<20} targets: {', '.join(e.targets)}")
        print(f"    keys: {', '.join(e.keys) or '-'}")
        print(f"    variants: {', '.join(e.variants) or '-'}")
    return 0
