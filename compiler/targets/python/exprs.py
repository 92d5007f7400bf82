"""The Python forms of the IR's run-time expressions (`durakc.ir.bound.BoundExpr`), as the
Jinja filters and globals the Python templates read: `{{ cap.expr | py }}` (the expression,
`inline=True`: min/max inlined), `{{ cap.expr | noqa }}` (the lint note such a line needs),
`{{ cap.expr | sizes_py("cards") }}` (the sizes a condition allows), `py_reads` (whether it
reads a local), `parenthesised`, and the globals `py_name` (a name's form) and `THROW_LOCALS`."""

from __future__ import annotations

import re

import jinja2

from durakc.envs import ENVS
from durakc.expr.sizes import sizes_python
from durakc.ir.bound import BoundExpr
from durakc.ir.pyliteral import py_literal

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


def python_names(b: BoundExpr, names: dict[str, str] | None = None) -> dict[str, str]:
    """The Python text of each name `b` may read (`Expr.to_python`'s name map), with `names`
    (a template's own locals, e.g. `next_hand` inlined) over the environment's forms."""
    extra = dict(b.literals)
    if b.trumps:
        extra["$trumps"] = trumps_python(b.seat_suits)
    return ENVS[b.env].python(*b.places, extra={**extra, **(names or {})})


def py(b: BoundExpr, inline: bool = False, **names: str) -> str:
    """`b` as Python source (`inline`: min and max inlined, faster; `names`: see
    `python_names`)."""
    return b.expr.to_python(python_names(b, names), b.folded(), inline_minmax=inline)


def noqa(b: BoundExpr, **names: str) -> str:
    """The noqa comment a line holding `py(b, inline=True, **names)` needs, or ''."""
    return b.expr.lint_note(python_names(b, names), b.folded())


def py_name(env: str, name: str, places: tuple[str, ...] = ()) -> str:
    """The Python form of the name `name` of the environment `env` at `places` (the template
    global `py_name`, e.g. who would defend next: `py_name("transfer", "next_defender")`)."""
    return ENVS[env].python(*places)[name]


def parenthesised(code: str) -> str:
    """`code` safe to put after `and`: bracketed unless it is a plain name or literal."""
    return code if code.replace("_", "").replace(".", "").isalnum() else f"({code})"


def sizes_py(b: BoundExpr, name: str) -> str:
    """Python source of the set of sizes the condition `b` allows the collection `name`."""
    return sizes_python(b.expr.size_terms(name), python_names(b))


def py_reads(b: BoundExpr, name: str) -> bool:
    """Does the Python of `b` read the local (or name) `name`?  (A template computes the
    locals an emitted expression reads, only then.)"""
    return re.search(rf"\b{re.escape(name)}\b", py(b)) is not None


def register(env: jinja2.Environment) -> None:
    """Add the filters `py`, `noqa`, `sizes_py`, `py_reads`, `parenthesised`, `pylit` (spec data
    as a Python literal, `durakc.ir.pyliteral`) and the globals
    `THROW_LOCALS`, `py_name` to `env`."""
    env.filters.update(py=py, noqa=noqa, sizes_py=sizes_py, py_reads=py_reads,
                       parenthesised=parenthesised, pylit=py_literal)
    env.globals.update(THROW_LOCALS=THROW_LOCALS, py_name=py_name)


__all__ = ["THROW_LOCALS", "noqa", "parenthesised", "py", "py_name", "py_reads", "python_names",
           "register", "sizes_py", "trumps_python"]
