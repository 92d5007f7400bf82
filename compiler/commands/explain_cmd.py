"""`durakc explain VARIANT|SPEC`: the effective rules in plain words."""

from __future__ import annotations

from compiler.commands._common import report
from compiler.diagnostics import SpecError
from compiler.explain import explain
from compiler.spec import load_spec

NAME = "explain"
HELP = "describe a variant's effective rules, their rule IDs and where each value came from"


def add_arguments(parser) -> None:
    parser.add_argument("spec", metavar="VARIANT|SPEC", help="a bundled variant name or a spec file")


def run(args) -> int:
    try:
        spec = load_spec(args.spec)
    except SpecError as exc:
        return report(exc)
    print(explain(spec))
    return 0
