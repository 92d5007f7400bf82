"""Warnings for the order of a round (issue 20: HR10 refill.defender, HR11 throw_in.first)
when the variant's other rules leave them nothing to change.  Part of `durakc.analysis.checks`."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from durakc.diagnostics import Diagnostic
from durakc.ir.build import VariantIR
from durakc.spec import Spec


def check_round_order(spec: Spec, ir: VariantIR, warning: Callable[..., Diagnostic],
                      first_stock: Callable[[VariantIR, int], int]) -> Iterator[Diagnostic]:
    """refill.defender with no stock at any player count (nothing is ever drawn) and
    throw_in.first: last_thrower with at most two players (only the attacker throws in)."""
    mine = {path for path, origin in spec.origin.items() if origin == "this file"}
    counts = range(ir.players.min, ir.players.max + 1)
    if ("refill.defender" in mine and ir.table.refill_defender != "last"
            and not any(first_stock(ir, n) for n in counts)):
        yield warning(spec, "refill.defender",
                      "'refill.defender' has no effect: the deal leaves no stock at any player "
                      "count, so nobody ever draws")
    if ("throw_in.first" in mine and ir.table.throw_in_first != "attacker"
            and ir.players.max <= 2):
        yield warning(spec, "throw_in.first",
                      "'throw_in.first' has no effect: with at most two players only the "
                      "attacker throws in, so the priority never moves")
