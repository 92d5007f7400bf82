"""Warnings for the keys of matches and results (HR20-HR23) that never take effect.

`check_results(spec, ir, warning)` yields them (the rules read from the IR `ir`, the
positions from `spec`); `warning` is `durakc.analysis.checks`'s constructor (the value's
position, the message, a hint).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from durakc.diagnostics import Diagnostic
from durakc.ir.build import VariantIR
from durakc.spec import Spec


def check_results(spec: Spec, ir: VariantIR,
                  warning: Callable[..., Diagnostic]) -> Iterator[Diagnostic]:
    """series.after_draw without a first-game rule to repeat; is_winner without a winner."""
    series = ir.series_rules
    if (series.after_draw == "same_dealer_lowest_trump"
            and series.first_game != "lowest_trump"):
        yield warning(spec, "series.after_draw",
                      "series.after_draw: same_dealer_lowest_trump never takes effect: the "
                      f"first game is opened by {series.first_game} "
                      "(first_attacker.first_game)", "remove the key, or let the lowest trump "
                      "open the first game")
    if ir.outcome.winner == "none":
        for path, expr in (("outcome.points", ir.outcome.points),
                           ("series.repeat_loser_if", series.repeat_loser_if)):
            if "is_winner" in expr.names:
                yield warning(spec, path, f"{path}: is_winner is always false: outcome.winner "
                                          "is none", "set outcome.winner: first_out")
