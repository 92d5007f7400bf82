"""first_attacker.first_game as a list of criteria (issue 31 item 2; T7, HR30).

A card item is ``{lowest: <condition over c>}`` or ``{highest: <condition>}``: the candidate
seat holding the lowest (highest) card satisfying the condition opens, cards ordered by rank,
ties by suit clubs, diamonds, hearts, spades (HR30); no candidate holds one -> the next item.
A seat item is ``{most: <int over one seat>}`` or ``{fewest: <int>}`` (the environment
`opener_seat`: the seat's `hand`, `seat`, ...): the candidates with the greatest (least)
value stay candidates; one left -> it opens, else the next item decides among them.  Every
seat dealt in is a candidate at first; after the list `first_attacker.no_trump_held` decides
among the candidates left (lowest_card: the holder of the lowest card among them;
left_of_dealer: the first of them clockwise from the dealer's left).  T7 is
``[{lowest: c.is_trump}]``.
"""

from __future__ import annotations

from durakc.diagnostics import did_you_mean
from durakc.spec.exprs import compile_value
from durakc.spec.problems import Invalid, describe, fail, flag
from durakc.yamltree.read import Node

CARD_DIRECTIONS = ("lowest", "highest")
"""A card item's one key: the lowest or the highest card satisfying its condition opens."""

SEAT_DIRECTIONS = ("most", "fewest")
"""A seat item's one key: the seats with the greatest or the least value stay candidates."""

DIRECTIONS = CARD_DIRECTIONS + SEAT_DIRECTIONS
"""Every item's one key."""

OPENER_ENV = "opener"
"""The environment of a card item's condition (`durakc.envs.opener`: the card `c`)."""

SEAT_ENV = "opener_seat"
"""The environment of a seat item's measure (`durakc.envs.opener`: one seat at the deal)."""


def has_seat_items(criteria) -> bool:
    """Does the checked list `criteria` hold a {most: ...} or {fewest: ...} item?"""
    return any(direction in SEAT_DIRECTIONS for direction, _ in criteria)


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
              "properties": {**{d: {"type": ["string", "boolean"], "minLength": 1} for d in CARD_DIRECTIONS},
                             **{d: {"type": ["string", "integer"], "minLength": 1}
                                for d in SEAT_DIRECTIONS}}}}
"""The list form's JSON Schema (`durakc.spec.json_schema`): [{lowest|highest: condition} or
{most|fewest: int expression}]."""


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
        raise fail(diags, item, f"'{label}' must be one of {{lowest: <condition>}}, "
                                f"{{highest: <condition>}}, {{most: <int over one seat>}} or "
                                f"{{fewest: <int>}}, not {describe(item)}")
    entry = item.entries[0]
    if entry.key not in DIRECTIONS:
        hint = did_you_mean(entry.key, DIRECTIONS)
        bad = flag(diags, entry.key_node, f"'{label}' has the key '{entry.key}': an item is "
                                           f"lowest, highest, most or fewest{hint}")
        assert bad
        raise Invalid()
    if entry.key in SEAT_DIRECTIONS:
        expr = compile_value(f"{label}.{entry.key}", entry.value, SEAT_ENV, "int", None, diags)
    else:
        expr = compile_value(f"{label}.{entry.key}", entry.value, OPENER_ENV, "bool", None,
                             diags)
    return entry.key, expr


__all__ = ["CARD_DIRECTIONS", "DIRECTIONS", "LIST_SCHEMA", "SEAT_DIRECTIONS", "Criteria",
           "check_criteria", "has_seat_items"]
