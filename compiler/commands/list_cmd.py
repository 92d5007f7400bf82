"""`durakc list`: the bundled variants."""

from __future__ import annotations

from compiler.commands._common import report
from compiler.diagnostics import SpecError
from compiler.spec import bundled_names, load_spec

NAME = "list"
HELP = "list the bundled variants with their titles and parents"


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    errors = []
    for name in bundled_names():
        try:
            spec = load_spec(name)
        except SpecError as exc:
            errors.extend(exc.diagnostics)
            continue
        parent = f"  (extends {spec.chain[1][0]})" if len(spec.chain) > 1 else ""
        print(f"{spec.name:<20} {spec.title}{parent}")
    return report(SpecError(errors)) if errors else 0
