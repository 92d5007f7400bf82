"""`durakc list`: the bundled variants."""

from __future__ import annotations

from durakc.commands._common import report
from durakc.diagnostics import SpecError
from durakc.spec import bundled_names, load_specs

NAME = "list"
HELP = "list the bundled variants with their titles and parents"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    specs, errors = load_specs(bundled_names())
    for spec in specs:
        parent = f"  (extends {spec.chain[1][0]})" if len(spec.chain) > 1 else ""
        print(f"{spec.name:<20} {spec.title}{parent}")
    return report(SpecError(errors)) if errors else 0
