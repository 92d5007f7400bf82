"""IR sections of the rules about the card being played (issue 20, HR1-HR9).

`throw_card` (throw_in.card other than T17's `c.rank in table.ranks`): which card a seat may
add to the attack, an expression over the card `c`, the table and the round's state (env
`throw`, `durakc.schema.envs`).  The core's own code is T17's rule; any other value is
this capability (`templates/capabilities/throw_card.py.j2`, `templates/c/cap_throw_card.c.j2`).
"""

from __future__ import annotations

from durakc.ir.bound import bound
from durakc.ir.hooks import Capability
from durakc.schema.keys import KEY_BY_PATH

THROW_COLLECTIONS = ("table", "attack")
"""The collections of the `throw` environment an engine computes once per call, only when
throw_in.card reads them (the Python target's `THROW_LOCALS`)."""


def is_core_throw_card(expr) -> bool:
    """throw_in.card is T17's rule, which the core implements with its own tables."""
    return expr.canonical() == KEY_BY_PATH["throw_in.card"].default


def throw_card_section(r: dict) -> Capability | None:
    """throw_in.card other than the T17 default: the capability `throw_card`, or None."""
    expr = r["throw_in.card"]
    if is_core_throw_card(expr):
        return None
    return Capability("throw_card", {
        "text": expr.canonical(),
        # the card `c` is a card int as played (a wild card: its named-suit int, W2)
        "expr": bound(r, "throw_in.card", "throw", trumps=True),
        "locals": [name for name in THROW_COLLECTIONS if name in expr.names],
        "opening": "opening" in expr.names,
        "constant": expr.constant(),
    })


def opening_rule_section(r: dict) -> Capability | None:
    """attack.opening as a condition: the capability `opening_rule`, or None for a choice."""
    expr = r["attack.opening"]
    if isinstance(expr, str):
        return None
    return Capability("opening_rule", {  # `cards`: the mask of a proposed opening
        "text": expr.canonical(),
        "expr": bound(r, "attack.opening", "opening", trumps=True),
    })
