"""The hook order between capabilities, declared once and checked (issue 30 item 2, part).

`durakc.ir.build._capabilities` builds the list and calls `check_order` on it, so a build that
breaks a declared order fails at once, naming it."""

from __future__ import annotations

AFTER: dict[str, tuple[str, ...]] = {
    "resign": ("teams", "end_rule"),  # resign names the loser that `losses` counts
    "losses": ("teams", "end_rule"),  # `losses` counts the loss teams decided
    "end_rule": ("teams",),  # outcome.ends_when replaces teams' durak (HR36)
    "results": ("losses",),  # matches read the counts (HR20-HR23, EP)
    "show_trump": ("transfer",),
    "late_cards": ("transfer",),
    "runtime_beats": ("card_sets",),  # its expression_tables keep card_sets' (which replace)
    "asked_throwers": ("throw_card",),
    "partner_relation": ("teams",),  # partner_of(s) reads the teams' tables (issue 31)  # prepends to throw_card's ask_throwers (which replaces)
}
"""For each capability, those that must come before it when a spec uses both."""


def violations(names: list[str]) -> list[str]:
    """Each declared `after` that the ordered capability `names` break, as a sentence."""
    position = {name: i for i, name in enumerate(names)}
    return [f"capability {name!r} must come after {first!r}"
            for name, firsts in AFTER.items() if name in position
            for first in firsts if first in position and position[first] > position[name]]


def check_order(names: list[str]) -> None:
    """Raise ValueError naming every broken `after` of the ordered capability `names`."""
    problems = violations(names)
    if problems:
        raise ValueError("; ".join(problems))
