"""attack.opening as a condition (HR7, HR8) in C: the condition and its sizes as C, and the
most openings one legal list can hold, which sizes the engine's action lists.

The Python engine (capabilities/opening_rule.py.j2) lists, for each size the condition
names (`durakc.expr.sizes`) within room, every subset of the attacker's hand of that size
for which the condition holds; the C module (templates/c/cap_opening_rule.c.j2) lists the
same subsets in the same order.  Its action lists hold `MAX_ACTIONS` actions, which count
the openings `opening_sizes.list_bound` allows (treshka, HR7: 6,017 with 36 cards;
threes-and-fives, HR8: 174,437).  Lists of more than `STACK_ACTIONS` actions are too big
for the C stack: such an engine keeps them on the heap (the header's HEAP_ACTIONS).  Above
`LIST_MAX` (a condition allowing, say, openings of every size) the target refuses the key.
"""

from __future__ import annotations

from durakc.expr.sizes import sizes_c
from durakc.ir.opening_sizes import list_bound, opening_sizes

STACK_ACTIONS = 16_384
"""The most actions an engine keeps in a list on the C stack (24 bytes each: 384 KiB)."""

LIST_MAX = 1 << 20
"""The most openings a C list may hold (24 MiB of actions, allocated once per list)."""


def opening_refusal(expr, ncards: int) -> str | None:
    """Why the C target can not build the opening condition `expr` (the IR's
    `exprs.opening`), or None."""
    most = list_bound(expr, ncards)
    if most <= LIST_MAX:
        return None
    sizes = ", ".join(map(str, opening_sizes(expr, ncards)))
    return (f"the C target lists at most {LIST_MAX:,} openings, and this condition allows "
            f"openings of {sizes} card(s): up to {most:,} of them in one list with {ncards} "
            "cards; the Python target builds it")


def opening_values(expr, names: dict | None, ncards: int) -> dict:
    """The C templates' texts of the capability, the condition `expr` (the IR's
    `exprs.opening`) with its names read as `names` (context.py's OPENING); empty when the
    spec does not use it (`names` None)."""
    if names is None:
        return {"opening_rule_c": "", "opening_sizes_c": "", "opening_bound": 0}
    return {
        "opening_rule_c": expr.to_c(names),
        "opening_rule_text": expr.canonical(),
        "opening_sizes_c": sizes_c(expr.size_terms("cards") or [], names),
        "opening_bound": list_bound(expr, ncards),
    }


__all__ = ["LIST_MAX", "STACK_ACTIONS", "opening_refusal", "opening_values"]
