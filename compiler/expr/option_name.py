"""A table setting read by an expression (a spec's `options:`, issue 32 item 4).

An option is a name like any other for the checker, the evaluator and the simplifier (a
`Name`), but a run-time value of the game rather than of one place of the engine: the Python
engine holds it in the slot `_opt_<name>` of the game, whatever method reads it, so its
Python form needs no entry in the name maps of the IR.
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.expr.nodes import ATOM, Name


def option_slot(name: str) -> str:
    """The Python engine's attribute holding option `name`."""
    return f"_opt_{name}"


@dataclass(eq=False, kw_only=True)
class OptionName(Name):
    """A name of the spec's `options:`: `self._opt_<name>` in Python unless the name map
    gives another form; `bounds`, an int option's lowest and highest value (the checker's
    intervals start there, `durakc.expr.ranges`)."""

    bounds: tuple[int, int] | None = None

    def python(self, namemap):
        return namemap.get(self.name, f"self.{option_slot(self.name)}"), ATOM
