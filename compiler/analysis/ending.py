"""Warnings for a game that ends by a condition (outcome.ends_when, outcome.durak; HR35, HR36)
when it never takes effect.

`check_ending(spec, ir, warning)` yields them (the rules read from the IR `ir`); `warning` is
`durakc.analysis.checks`'s constructor.
The condition is judged at the end of a round in which a seat went out: with n players
(players.min..players.max), 1..n seats out, the others still in, and no stock (T24).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from durakc.diagnostics import Diagnostic
from durakc.expr.domains import values_over
from durakc.ir.build import VariantIR
from durakc.spec import Spec


def _points(spec: Spec) -> Iterator[dict]:
    """Every table the condition is judged at (an over-approximation: any count out)."""
    for players in spec.seat_counts:
        for out in range(1, players + 1):
            yield {"players": players, "out": out, "active_players": players - out, "stock": 0}


def check_ending(spec: Spec, ir: VariantIR,
                 warning: Callable[..., Diagnostic]) -> Iterator[Diagnostic]:
    """outcome.ends_when that never holds where it is judged; outcome.durak set in this file
    while the game ends only by its own end (nothing asks it)."""
    when, durak = ir.outcome.ends_when, ir.outcome.durak
    mine = {path for path, origin in spec.origin.items() if origin == "this file"}
    if not ir.outcome.ends_by_rule:
        if "outcome.durak" in mine and durak.canonical() != "cards":
            yield warning(spec, "outcome.durak",
                          "'outcome.durak' has no effect: the game ends only by its own end "
                          "(outcome.ends_when is the default), where one seat holds cards",
                          "set outcome.ends_when, e.g. \"out >= 1\"")
        return
    found = values_over(when, _points(spec), {True})
    if found is not None and True not in found:
        yield warning(spec, "outcome.ends_when",
                      "'outcome.ends_when' can never hold: it is false at the end of every "
                      "round in which a seat goes out, so the game ends only by its own end (T24)",
                      "it is judged with 1 to players seats out ('out') and no stock")
