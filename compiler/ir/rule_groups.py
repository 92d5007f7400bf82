"""More of the IR's typed sections (issue 30 item 1): the rule groups the static analysis
(`durakc.analysis`) reads besides `durakc.ir.sections`' and the core's expressions
(`durakc.ir.exprs.RuleExprs`), so that no layer above the IR builder reads a rule key.

`VariantIR` holds them as `transfer_rules`, `outcome`, `series_rules` and `table`; they hold
rule values and checked expression trees, no target source.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from durakc.expr.language import Expr
from durakc.ir.ending import DEFAULT_END


@dataclass(frozen=True)
class TransferRulesIR:
    """Transfers (T13-T18, S1-S2): whether they are `enabled`, whether a trump of the attacked
    rank may be shown (`show_trump`) and only once a round (`show_once`).  Set as written even
    when transfers are off (the analysis warns about them then)."""

    enabled: bool
    show_trump: bool
    show_once: bool


@dataclass(frozen=True)
class OutcomeIR:
    """A game's end and result (T24, HR20-HR23, HR35, HR36): outcome.winner (`winner`), the
    `points` expression, the end condition `ends_when` and the `durak` expression."""

    winner: str
    points: Expr
    ends_when: Expr
    durak: Expr

    @property
    def ends_by_rule(self) -> bool:
        """Does the variant end its games by a condition of its own (outcome.ends_when)?"""
        return self.ends_when.canonical() != DEFAULT_END


@dataclass(frozen=True)
class SeriesRulesIR:
    """The rules of a series the engines' `SeriesIR` does not carry: what follows a draw
    (`after_draw`), first_attacker.first_game as the spec gives it (`first_game`: the choice
    word, or the list of criteria) and series.repeat_loser_if (`repeat_loser_if`)."""

    after_draw: str
    first_game: Any
    repeat_loser_if: Expr


@dataclass(frozen=True)
class TableIR:
    """The order of a round (HR10, HR11): who draws last (`refill_defender`) and who throws in
    first (`throw_in_first`)."""

    refill_defender: str
    throw_in_first: str


RULE_GROUPS = ("transfer_rules", "outcome", "series_rules", "table")
"""The names of these sections, as `VariantIR` holds them."""


def rule_groups(r: dict) -> dict:
    """These sections of the checked rule values `r` (`Spec.values`), by name."""
    return {
        "transfer_rules": TransferRulesIR(bool(r["transfer.enabled"]),
                                          bool(r["transfer.show_trump"]),
                                          bool(r["transfer.show_once"])),
        "outcome": OutcomeIR(r["outcome.winner"], r["outcome.points"],
                             r["outcome.ends_when"], r["outcome.durak"]),
        "series_rules": SeriesRulesIR(r["series.after_draw"], r["first_attacker.first_game"],
                                      r["series.repeat_loser_if"]),
        "table": TableIR(r["refill.defender"], r["throw_in.first"]),
    }


__all__ = ["RULE_GROUPS", "OutcomeIR", "SeriesRulesIR", "TableIR", "TransferRulesIR",
           "rule_groups"]
