"""Build the catalogue of capabilities from the bundled variants' IR."""

from __future__ import annotations

from dataclasses import dataclass, field

from durakc.ir.build import build_ir
from durakc.spec import Spec, load_specs
from durakc.spec.files import bundled_paths
from durakc.targets.c.capabilities import KNOWN_KEYS, SUPPORTED


@dataclass
class Entry:
    """One capability: its switching keys, the bundled variants using it, the targets."""

    name: str
    keys: tuple[str, ...]
    variants: list[str] = field(default_factory=list)
    targets: tuple[str, ...] = ("python",)

    def as_dict(self) -> dict:
        """The JSON form of the entry."""
        return {"name": self.name, "keys": list(self.keys), "variants": self.variants,
                "targets": list(self.targets)}


def used(spec: Spec) -> list[str]:
    """The names of the capabilities `spec` uses, in hook order."""
    return [cap.name for cap in build_ir(spec).capabilities]


def targets(name: str) -> tuple[str, ...]:
    """The targets that build capability `name`: Python always, C when ported."""
    return ("python", "c") if name in SUPPORTED else ("python",)


def catalog() -> tuple[list[Entry], list]:
    """Every capability some bundled variant uses or the C target implements (first-use
    order, then the C-only ones sorted), and the diagnostics of bundled specs that fail."""
    specs, problems = load_specs(sorted(bundled_paths()))
    entries: dict[str, Entry] = {}
    for spec in specs:
        for name in used(spec):
            entry = entries.setdefault(name, Entry(name, KNOWN_KEYS.get(name, ()),
                                                   targets=targets(name)))
            if spec.name not in entry.variants:
                entry.variants.append(spec.name)
    for name in sorted(SUPPORTED - set(entries)):
        entries[name] = Entry(name, KNOWN_KEYS.get(name, ()), targets=targets(name))
    return list(entries.values()), problems
