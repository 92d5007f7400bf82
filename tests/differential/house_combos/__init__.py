"""The house-rule capabilities combined with the structural variants (issue 20).

Each module here (one per group of capabilities) lists `COMBOS`: `(id, overlay, parent)`
triples.  `overlay` is the `rules:` mapping of a house capability, written over the bundled
structural `parent` (teams, siege, wild cards, jokers, transfers, personal trumps, ...).
`tests/differential/test_house_combinations.py` compiles each combination and either
verifies it against the reference interpreter (at least 50 games) or, when `refused` is
given instead, checks that the spec is refused with that message at the key.

A combination is `Combo(id, overlay, parent, refused=None)`.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Combo:
    """One house capability (`overlay`, a `rules:` mapping) over bundled variant `parent`."""

    id: str
    overlay: dict
    parent: str
    refused: str | None = None  # a substring of the spec error when the combination is refused
    players: tuple[int, ...] = field(default=())  # default: every count the spec allows


def all_combos() -> list[Combo]:
    """Every module's COMBOS, in module order."""
    combos: list[Combo] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        combos.extend(getattr(module, "COMBOS", ()))
    return combos
