"""first_attacker.first_game as a list of criteria (issue 31 item 2; T7, HR30).

Each item is ``{lowest: <condition over c>}`` or ``{highest: <condition>}``: the seat holding
the lowest (highest) card satisfying the condition opens, cards ordered by rank, ties by suit
clubs, diamonds, hearts, spades (HR30); no seat holds one -> the next item; after the list
`first_attacker.no_trump_held` decides.  T7 is ``[{lowest: c.is_trump}]``.
"""

from __future__ import annotations

from durakc.diagnostics import did_you_mean
from durakc.spec.exprs import compile_value
from durakc.spec.problems import Invalid, describe, fail, flag
from durakc.yamltree.read import Node

DIRECTIONS = ("lowest", "highest")
"""An item's one key: the lowest or the highest card satisfying its condition opens."""

OPENER_ENV = "opener"
"""The environment of an item's condition (`durakc.envs.opener`: the card `c`)."""


class Criteria(tuple):
    """The checked list: ((direction, condition Expr), ...), with the forms the engines'
    VARIANT (`canonical`) and `durakc explain` (`text`) print."""

    __slots__ = ()

    def canonical(self) -> list:
        """[{direction: condition text}, ...], conditions in canonical form."""
        return [{direction: cond.canonical()} for direction, cond in self]

    @property
    def text(self) -> str:
        """The list as a spec writes it, in flow style."""
        return "[" + ", ".join(f"{{{d}: {c.canonical()}}}" for d, c in self) + "]"


LIST_SCHEMA: dict = {
    "type": "array", "minItems": 1,
    "items": {"type": "object", "minProperties": 1, "maxProperties": 1, "additionalProperties": False,
              "properties": {d: {"type": ["string", "boolean"], "minLength": 1} for d in DIRECTIONS}}}
"""The list form's JSON Schema (`durakc.spec.json_schema`): [{lowest|highest: condition}]."""


def check_criteria(path: str, node: Node, diags) -> tuple:
    """The criteria of the list `node` as ((direction, condition), ...); raises Invalid after
    recording every located problem."""
    if not node.items:
        raise fail(diags, node, f"'{path}' as a list needs at least one item "
                                f"({{lowest: c.is_trump}} is T7)")
    criteria, bad = [], False
    for i, item in enumerate(node.items):
        try:
            criteria.append(_criterion(f"{path}[{i}]", item, diags))
        except Invalid:
            bad = True
    if bad:
        raise Invalid()
    return Criteria(criteria)


def _criterion(label: str, item: Node, diags) -> tuple:
    if item.kind != "map" or len(item.entries) != 1:
        raise fail(diags, item, f"'{label}' must be one of {{lowest: <condition>}} or "
                                f"{{highest: <condition>}}, not {describe(item)}")
    entry = item.entries[0]
    if entry.key not in DIRECTIONS:
        hint = did_you_mean(entry.key, DIRECTIONS)
        bad = flag(diags, entry.key_node, f"'{label}' has the key '{entry.key}': an item is "
                                           f"lowest or highest{hint}")
        assert bad
        raise Invalid()
    expr = compile_value(f"{label}.{entry.key}", entry.value, OPENER_ENV, "bool", None, diags)
    return entry.key, expr


__all__ = ["DIRECTIONS", "LIST_SCHEMA", "Criteria", "check_criteria"]
