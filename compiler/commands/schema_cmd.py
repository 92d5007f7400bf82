"""`durakc schema`: the JSON Schema of spec files, for editors and CI (issue 19 4d)."""

from __future__ import annotations

from durakc.paths import engines_dir
from durakc.spec.json_schema import SCHEMA_FILE, schema_text

NAME = "schema"
HELP = ("print the JSON Schema of spec files (for editors: completion and checks as you type); "
        "--path prints where the installed copy is")


def add_arguments(parser) -> None:
    parser.add_argument("--path", action="store_true",
                        help="print the path of the schema file shipped with durakc instead")


def run(args) -> int:
    if args.path:
        print(engines_dir() / SCHEMA_FILE)
    else:
        print(schema_text(), end="")
    return 0
