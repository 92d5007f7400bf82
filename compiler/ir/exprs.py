"""The run-time expressions of a variant as checked trees, each with the spec key it came from.

The capability sections bind the ones they evaluate (`durakc.ir.bound.BoundExpr`); the C
target also emits the core's (attack.limit, throw_in.who) from these trees and checks every
one has a C form, naming the key when one has none (`RuleExprs.of`).
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.expr.language import Expr

_KEYS = {
    "limit": "attack.limit",
    "throw_in_who": "throw_in.who",
    "throw_in_card": "throw_in.card",
    "transfer_when": "transfer.when",
    "transfer_capacity": "transfer.capacity",
    "show_card": "transfer.show_card",
    "initial_hand": "deal.initial_hand",
    "redeal_if": "deal.redeal_if",
    "offer_redeal": "deal.offer_redeal",
}
"""Field of `RuleExprs` -> the spec key whose expression it holds."""


@dataclass(frozen=True)
class RuleExprs:
    """The checked expression trees an engine evaluates at run time (see `_KEYS` for each
    field's spec key); `opening` is attack.opening as a condition (HR7, HR8), None for the
    named openings; `annotations` are outcome.annotations, sorted by name."""

    limit: Expr
    throw_in_who: Expr
    throw_in_card: Expr
    transfer_when: Expr
    transfer_capacity: Expr
    show_card: Expr
    initial_hand: Expr
    redeal_if: Expr
    offer_redeal: Expr
    opening: Expr | None
    annotations: tuple[tuple[str, Expr], ...]

    @classmethod
    def from_rules(cls, r: dict) -> RuleExprs:
        """The expressions of the checked rule values `r` (`Spec.values`)."""
        opening = r["attack.opening"]
        return cls(**{field: r[key] for field, key in _KEYS.items()},
                   opening=None if isinstance(opening, str) else opening,
                   annotations=tuple(sorted(r["outcome.annotations"].items())))

    def of(self, key: str) -> Expr:
        """The expression of the spec key `key` (one of `_KEYS`' values)."""
        for field, known in _KEYS.items():
            if known == key:
                return getattr(self, field)
        raise KeyError(key)

__all__ = ["RuleExprs"]
