"""attack.opening as a condition (HR7, HR8) in C: the condition and its sizes as C, and the
most openings one hand can list, which sizes the engine's action lists.

The Python engine (capabilities/opening_rule.py.j2) lists, for each size the condition
names (`durakc.expr_sizes`) within room, every subset of the attacker's hand of that size
for which the condition holds; the C module (templates/c/cap_opening_rule.c.j2) lists the
same subsets in the same order.  Its action buffers hold `MAX_ACTIONS` actions, so the C
target builds a condition only when the openings a hand of the whole deck could list fit in
`OPENINGS_MAX` (treshka, HR7: 7,806 for 36 cards); above that (HR8's five-card openings:
384,168) it refuses the key and the Python target builds the spec.
"""

from __future__ import annotations

from durakc.expr_sizes import sizes_c
from durakc.opening_sizes import opening_count, opening_sizes

OPENINGS_MAX = 16_384
"""The most openings a C engine's action list may have to hold (MAX_ACTIONS grows by it)."""

def opening_refusal(r: dict, ncards: int) -> str | None:
    """Why the C target can not build this opening condition, or None."""
    most = opening_count(r["attack.opening"], ncards)
    if most <= OPENINGS_MAX:
        return None
    sizes = ", ".join(map(str, opening_sizes(r["attack.opening"], ncards)))
    return (f"the C target lists at most {OPENINGS_MAX:,} openings, and this condition allows "
            f"openings of {sizes} card(s): up to {most:,} of them from a hand of {ncards} cards; "
            "the Python target builds it")


def opening_values(r: dict, names: dict | None, ncards: int) -> dict:
    """The C templates' texts of the capability, its expression names read as `names`
    (context.py's OPENING); empty when the spec does not use it (`names` None)."""
    if names is None:
        return {"opening_rule_c": "", "opening_sizes_c": "", "opening_bound": 0}
    expr = r["attack.opening"]
    return {
        "opening_rule_c": expr.to_c(names),
        "opening_rule_text": expr.canonical(),
        "opening_sizes_c": sizes_c(expr.size_terms("cards") or [], names),
        "opening_bound": opening_count(expr, ncards),
    }


__all__ = ["OPENINGS_MAX", "opening_refusal", "opening_values"]
