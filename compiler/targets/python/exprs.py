"""The Python forms of the IR's run-time expressions (`durakc.ir.bound.BoundExpr`), as the
Jinja filters and globals the Python templates read: `{{ cap.expr | py }}` (the expression,
`inline=True`: min/max inlined), `{{ cap.expr | noqa }}` (the lint note such a line needs),
`{{ cap.expr | sizes_py("cards") }}` (the sizes a condition allows), `py_reads` (whether it
reads a local) and `THROW_LOCALS`."""

from __future__ import annotations

import re

import jinja2

from durakc.envs import ENVS
from durakc.expr.sizes import sizes_python
from durakc.ir.bound import BoundExpr

THROW_LOCALS = {
    # every card on the table as played (attack and defence cards; a wild card as named)
    "table": "table = _mask(self._attack_cards) | _mask(d for d in self._defence_cards if d >= 0)",
    "attack": "attack = _mask(self._attack_cards)",
}
"""The collections `_throwable(seat)` computes once per call, only when throw_in.card reads
them (capability `throw_card`): name -> its Python line."""


def trumps_python(seat_suits: tuple[int, ...] | None) -> str:
    """The Python mask of the trump cards for `c.is_trump` and `.trumps`: the defender's own
    suit under trump.mode per_seat (`seat_suits`, SK2), else the game's trump."""
    if seat_suits is not None:
        return f"EXPR_TRUMP_IDS[{seat_suits!r}[self._defender]]"
    return "EXPR_TRUMP_IDS[self._trump]"


def python_names(b: BoundExpr) -> dict[str, str]:
    """The Python text of each name `b` may read (`Expr.to_python`'s name map)."""
    extra = dict(b.literals)
    if b.trumps:
        extra["$trumps"] = trumps_python(b.seat_suits)
    return ENVS[b.env].python(*b.places, extra=extra)


def py(b: BoundExpr, inline: bool = False) -> str:
    """`b` as Python source (`inline`: min and max inlined, faster)."""
    return b.expr.to_python(python_names(b), b.folded(), inline_minmax=inline)


def noqa(b: BoundExpr) -> str:
    """The noqa comment a line holding `py(b, inline=True)` needs, or ''."""
    return b.expr.lint_note(python_names(b), b.folded())


def sizes_py(b: BoundExpr, name: str) -> str:
    """Python source of the set of sizes the condition `b` allows the collection `name`."""
    return sizes_python(b.expr.size_terms(name), python_names(b))


def py_reads(b: BoundExpr, name: str) -> bool:
    """Does the Python of `b` read the local (or name) `name`?  (A template computes the
    locals an emitted expression reads, only then.)"""
    return re.search(rf"\b{re.escape(name)}\b", py(b)) is not None


def register(env: jinja2.Environment) -> None:
    """Add the filters `py`, `noqa`, `sizes_py`, `py_reads` and the global `THROW_LOCALS` to `env`."""
    env.filters.update(py=py, noqa=noqa, sizes_py=sizes_py, py_reads=py_reads)
    env.globals["THROW_LOCALS"] = THROW_LOCALS


__all__ = ["THROW_LOCALS", "noqa", "py", "py_reads", "python_names", "register", "sizes_py",
           "trumps_python"]
