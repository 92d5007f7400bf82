"""IR section of a game that ends by a condition (issue 31 item 3: HR35, HR36).

`outcome.ends_when` is checked at the end of every round in which a seat went out (besides
the game's own end, T24 and PR5); when it holds the game ends, the first seat out's team
wins (teams.mode) and the durak is the candidate with the highest `outcome.durak` (ties: the
first clockwise from the first seat out).  Capability `end_rule`: its Python module is
`templates/capabilities/end_rule.py.j2`, its C module `templates/c/cap_end_rule.c.j2`, the
reference's `durakc.reference.ending`.
"""

from __future__ import annotations

from durakc.ir.bound import bound
from durakc.ir.hooks import Capability

DEFAULT_END = "active_players < 2"
"""outcome.ends_when's default, the game's own end (T24): no capability."""


def ends_by_rule(r: dict) -> bool:
    """Does the variant end its games by a condition of its own (outcome.ends_when)?"""
    return r["outcome.ends_when"].canonical() != DEFAULT_END


def end_rule_exprs(r: dict) -> tuple:
    """The checked expressions (outcome.ends_when, outcome.durak) of the rules `r`."""
    return r["outcome.ends_when"], r["outcome.durak"]


def end_rule_section(r: dict) -> Capability | None:
    """The capability `end_rule` of the rules `r`, or None when the game ends as T24 says."""
    if not ends_by_rule(r):
        return None
    when, durak = end_rule_exprs(r)
    return Capability("end_rule", {
        "keys": ["outcome.ends_when", "outcome.durak"],
        "text": ending_text(when.canonical(), r["outcome.winner"] == "first_out",
                            r["teams.mode"] != "none", durak.canonical()),
        "teams": r["teams.mode"] != "none",
        "when_text": when.canonical(),
        "when": bound(r, "outcome.ends_when", "ending"),
        "durak_text": durak.canonical(),
        "durak": bound(r, "outcome.durak", "durak"),
    })


def ending_text(when: str, first_out: bool, teams: bool, durak: str) -> str:
    """How a game of the variant ends, in words: the engine's `ENDING`, which simulate and
    compare print (HR35, HR36)."""
    winner = "the first seat out" if first_out else "none"
    team = "; with teams the first seat out's team wins" if teams else ""
    return (f"the game ends once {when} (outcome.ends_when); winner: {winner}{team}; "
            f"the durak: the highest {durak} (outcome.durak)")
