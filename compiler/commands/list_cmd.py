"""`durakc list`: the bundled variants, then the house-rule gallery under its own heading."""

from __future__ import annotations

from durakc.commands._common import report
from durakc.diagnostics import SpecError
from durakc.spec import bundled_groups, load_specs
from durakc.spec.files import bundled_paths

NAME = "list"
HELP = "list the bundled variants with their titles and parents (house rules under their heading)"

HEADINGS = {"variants/house": "house rules (variants/house/)"}
"""The heading of each bundled folder listed after the first, shown when it holds a spec."""


def add_arguments(parser) -> None:
    pass


def run(args) -> int:
    paths = bundled_paths()
    errors = []
    for label, folder in bundled_groups():
        specs, problems = load_specs(sorted(n for n, p in paths.items() if p.parent == folder))
        errors.extend(problems)
        if label in HEADINGS and specs:
            print(f"\n{HEADINGS[label]}")
        for spec in specs:
            parent = f"  (extends {spec.chain[1][0]})" if len(spec.chain) > 1 else ""
            print(f"{spec.name:<20} {spec.title}{parent}")
    return report(SpecError(errors)) if errors else 0
