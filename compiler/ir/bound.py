"""A run-time expression as the IR holds it: a checked tree and where an engine reads it.

The IR's capability sections hold `BoundExpr`s, never target source text: each target renders
them in its own form (the Python target's Jinja filters `py` and `noqa`,
`durakc.targets.python.exprs`; the C target's filter `c`, `durakc.targets.c.exprs`), from the
one table of environment names (`durakc.envs.ENVS`).
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.expr.language import Expr


@dataclass(frozen=True)
class BoundExpr:
    """The checked expression `expr` of the spec key `key`, read in the environment `env` (a key
    of `durakc.envs.ENVS`) at `places` (the first place each name has a form for).

    `trumps`: the expression's `c.is_trump` and `.trumps` read a trump mask: the defender's own
    suit under trump.mode per_seat (`seat_suits`: each seat's suit index, SK2), else the
    game's trump.  `constants`: names with one value for the whole variant (folded, never
    emitted).  `literals`: names whose form is the same text in every target (a number)."""

    expr: Expr
    key: str
    env: str
    places: tuple[str, ...] = ()
    trumps: bool = False
    seat_suits: tuple[int, ...] | None = None
    constants: tuple[tuple[str, object], ...] = ()
    literals: tuple[tuple[str, str], ...] = ()

    @property
    def text(self) -> str:
        """The expression as the spec's canonical text (for comments)."""
        return self.expr.canonical()

    def folded(self) -> dict | None:
        """`constants` as the emitters take them (None: no constants)."""
        return dict(self.constants) or None


def seat_suits_of(r: dict) -> tuple[int, ...] | None:
    """Each seat's trump suit index under trump.mode per_seat (SK1), else None (the game's
    trump), for `BoundExpr.seat_suits` over the checked rules `r`."""
    if r["trump.mode"] != "per_seat":
        return None
    suits = list(r["deck.suits"])
    return tuple(suits.index(s) for s in r["trump.seat_suits"])


def bound(r: dict, key: str, env: str, *places: str, trumps: bool = False,
          constants: dict | None = None, literals: dict | None = None) -> BoundExpr:
    """The expression of the spec key `key` in the checked rules `r`, bound to `env` at
    `places` (see `BoundExpr`)."""
    return BoundExpr(r[key], key, env, tuple(places), trumps,
                     seat_suits_of(r) if trumps else None,
                     tuple((constants or {}).items()), tuple((literals or {}).items()))


__all__ = ["BoundExpr", "bound", "seat_suits_of"]
