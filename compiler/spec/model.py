"""The loaded spec: `Spec`, every rule key's effective value and where it came from."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from durakc import __version__
from durakc.diagnostics import Diagnostic
from durakc.schema.keys import KEYS, TEAM_PLAYER_COUNTS
from durakc.spec.files import SpecFile, is_bundled
from durakc.yamltree.read import Node


@dataclass
class Spec:
    """A loaded, validated variant: every rule key's effective value and origin."""

    name: str
    title: str
    description: str
    sources: list[str]
    path: Path
    label: str
    chain: list[tuple[str, str]]
    sha256: str
    values: dict[str, Any]
    """Every rule key's effective value: int, bool, str, list, `Expr` or a dict of them, by
    the key's type (`schema.Key.type`)."""
    origin: dict[str, str]
    nodes: dict[str, Node] = field(default_factory=dict)
    """The YAML value that set each rule key (keys at their default have none)."""
    name_node: Node | None = None
    """The root file's `name` value, for diagnostics about the variant's name."""
    options: tuple = ()
    """The table settings of `options:` (`durakc.spec.options.Option`), chosen when a game
    starts; empty for most specs."""

    def diag_at(self, paths: tuple[str, ...] | list[str], message: str) -> Diagnostic:
        """A diagnostic about the keys `paths`, at the value of the first the root file sets,
        else of the first any file of the chain sets (as that file is named), else at the
        root's `name`: never without a position when the spec has one to give."""
        for root_only in (True, False):
            for path in paths:
                node = self.nodes.get(path)
                if node is not None and (not root_only or self.origin.get(path) == "this file"):
                    return node.diag(message, width=None)
        if self.name_node is not None:
            return self.name_node.diag(message, width=None)
        return Diagnostic(self.label, 0, 0, message)

    @property
    def players(self) -> tuple[int, int]:
        """The seat range ``(players.min, players.max)``, read once here so targets and
        tools need not look the rule keys up themselves."""
        return self.values["players.min"], self.values["players.max"]

    @property
    def seat_counts(self) -> list[int]:
        """The player counts a game of this spec seats: the seat range, less the counts its
        teams.mode can not split into partnerships (PR1)."""
        low, high = self.players
        seated = TEAM_PLAYER_COUNTS.get(self.values["teams.mode"])
        return [n for n in range(low, high + 1) if seated is None or n in seated]

    @property
    def bundled(self) -> bool:
        """The spec is one of the bundled variants (``variants/*.yaml``)."""
        return is_bundled(self.path)

    def variant_dict(self) -> dict:
        """An engine's VARIANT dict (every backend's): name, title, source, sha256 and the
        effective rules, expressions in canonical form with `inherited` expanded."""
        rules = self.rules_json()
        for key in KEYS:
            value = self.values[key.path]
            if key.type == "expr" or (key.type == "enum" and not isinstance(value, str)) \
                    or (key.type == "int" and not isinstance(value, int)):
                rules[key.path] = value.canonical()  # an enum key may hold a condition
            elif key.type == "annotations":
                rules[key.path] = {name: e.canonical() for name, e in sorted(value.items())}
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "source": self.label,
            "extends": [name for name, _ in self.chain[1:]],
            "sources": list(self.sources),
            "spec_sha256": self.sha256,
            "compiler_version": __version__,
            "rules": rules,
        }

    def rules_json(self) -> dict:
        """JSON-safe ``{path: value}`` in schema order; expressions as their text."""
        return {key.path: _json_value(self.values[key.path]) for key in KEYS}


def _json_value(value: object) -> object:
    if isinstance(value, tuple) and hasattr(value, "canonical"):  # the opener list (issue 31)
        return value.canonical()
    if hasattr(value, "text") and not isinstance(value, str):
        return value.text
    if isinstance(value, dict):
        return {name: _json_value(v) for name, v in value.items()}
    if isinstance(value, list):
        return list(value)
    return value


def build_spec(files: list[SpecFile], values: dict, origin: dict, nodes: dict) -> Spec:
    """The `Spec` of a checked chain (`files`, child first) and its merged values."""
    root = files[0]
    name = root.tree.get("name") if root.tree is not None else None
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.label.encode("utf-8") + b"\0" + file.data)
    return Spec(
        name=root.name, title=root.title, description=root.description,
        sources=list(root.sources), path=root.path, label=root.label,
        chain=[(f.name, f.label) for f in files], sha256=digest.hexdigest(),
        values=values, origin=origin, nodes=nodes,
        name_node=name.value if name is not None else None,
    )
