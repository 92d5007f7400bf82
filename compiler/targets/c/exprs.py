"""The C forms of the IR's run-time expressions (`durakc.ir.bound.BoundExpr`): the Jinja
filter `c` the C templates read (`{{ cap.expr | c }}`), from the one table of environment
names (`durakc.envs.ENVS`); an expression without a C form raises `KeyNotInC`, naming its
spec key."""

from __future__ import annotations

import jinja2

from durakc.envs import ENVS
from durakc.expr.emit_c import NotInC
from durakc.ir.bound import BoundExpr


class KeyNotInC(NotInC):
    """An expression of the spec key `key` has no C form (`unsupported` names the key)."""

    def __init__(self, key: str, problem: NotInC):
        super().__init__(str(problem))
        self.key = key


def trumps_c(seat_suits: tuple[int, ...] | None) -> str:
    """The C mask of the trumps `c.is_trump` and `.trumps` read where the defender is
    attacked: the defender's own suit under trump.mode per_seat (`seat_suits`, SK2), else the
    game's trump."""
    return "EXPR_TRUMPS(SEAT_SUIT[g->def])" if seat_suits is not None else "EXPR_TRUMPS(g->trump)"


def c_names(b: BoundExpr, game_trumps: bool = False) -> dict[str, str]:
    """The C text of each name `b` may read (`Expr.to_c`'s name map); `game_trumps`: the trump
    mask is the game's trump even under trump.mode per_seat."""
    extra = dict(b.literals)
    if b.trumps:
        extra["$trumps"] = trumps_c(None if game_trumps else b.seat_suits)
    return ENVS[b.env].c(*b.places, extra=extra)


def c(b: BoundExpr, game_trumps: bool = False) -> str:
    """`b` as C source (see `c_names`); `KeyNotInC` when it has no C form."""
    try:
        return b.expr.to_c(c_names(b, game_trumps), b.folded())
    except NotInC as exc:
        raise KeyNotInC(b.key, exc) from exc


def c_calls(b: BoundExpr, function: str) -> bool:
    """Does the C of `b` call the helper `function`?  (A template writes a helper only then.)"""
    return f"{function}(" in c(b)


def register(env: jinja2.Environment) -> None:
    """Add the filters `c` and `c_calls` to `env`."""
    env.filters.update(c=c, c_calls=c_calls)


__all__ = ["KeyNotInC", "c", "c_calls", "c_names", "register", "trumps_c"]
