"""Seat relations in the expression language (issue 31): `left_of(s)` and `right_of(s)`.

A play environment that offers them lists each as a name of type `function` (its doc, its
Python and C forms as templates over the argument, `{}`; the reference reads a function of
the seat).  `left_of(s)` is the next seat clockwise after seat `s` still in the game,
`right_of(s)` the one before it; `partner_of(s)` (teams.mode only) the next seat of `s`'s
team clockwise after `s`, by the fixed seating (PR1: out or not); the argument is any int (a seat name such as `me`,
`attacker`, `defender`).  Evaluated without a game (the analysis, a beat rule at compile
time) a relation is unknown (`durakc.expr.partial`).
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.expr.nodes import ATOM, COND, Node, _wrap

SEAT_FUNCTIONS = ("left_of", "right_of", "partner_of")
"""The relations, by the name a condition calls."""

FUNCTION_TYPE = "function"
"""The type an environment gives a relation it offers."""


@dataclass(eq=False, kw_only=True)
class SeatCall(Node):
    """``left_of(s)`` or ``right_of(s)``: a seat; `func` names the relation."""

    func: str
    arg: Node

    def __post_init__(self):
        super().__post_init__()
        self.uses_names = True  # the seats in the game: never folded at check time

    def children(self):
        return (self.arg,)

    def evaluate(self, values):
        relation = values.get(self.func)
        if relation is None:
            raise ValueError(f"no value given for the seat relation {self.func!r}")
        return relation(self.arg.evaluate(values))

    def python(self, namemap):
        return namemap[self.func].format(_wrap(self.arg.python(namemap), COND)), ATOM

    def source(self):
        return f"{self.func}({self.arg.source()[0]})", ATOM


__all__ = ["FUNCTION_TYPE", "SEAT_FUNCTIONS", "SeatCall"]
