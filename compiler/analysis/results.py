"""Warnings for the keys of matches and results (HR20-HR23) that never take effect.

`check_results(spec, warning)` yields them; `warning` is `durakc.analysis.checks`'s constructor
(the value's position, the message, a hint).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from durakc.diagnostics import Diagnostic
from durakc.spec import Spec


def check_results(spec: Spec, warning: Callable[..., Diagnostic]) -> Iterator[Diagnostic]:
    """series.after_draw without a first-game rule to repeat; is_winner without a winner."""
    r = spec.values
    if (r["series.after_draw"] == "same_dealer_lowest_trump"
            and r["first_attacker.first_game"] != "lowest_trump"):
        yield warning(spec, "series.after_draw",
                      "series.after_draw: same_dealer_lowest_trump never takes effect: the "
                      f"first game is opened by {r['first_attacker.first_game']} "
                      "(first_attacker.first_game)", "remove the key, or let the lowest trump "
                      "open the first game")
    if r["outcome.winner"] == "none":
        for path in ("outcome.points", "series.repeat_loser_if"):
            if "is_winner" in r[path].names:
                yield warning(spec, path, f"{path}: is_winner is always false: outcome.winner "
                                          "is none", "set outcome.winner: first_out")
