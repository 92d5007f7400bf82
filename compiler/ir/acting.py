"""IR section `asked_throwers` (issue 31): a `throw_in.who` that reads the seat's hand.

`throw_in.who` is otherwise a function of the seats alone, so the engines compute the
entitled seats once per attacker and keep them; once it reads the acting seat's `hand` or
`hand_size` (`durakc.envs.acting`), it is judged each time the throwers are asked, with the
hands as they are then (as the reference interpreter does).  Modules:
`templates/capabilities/asked_throwers.py.j2`, `templates/c/cap_asked_throwers.c.j2`.
"""

from __future__ import annotations

from durakc.ir.hooks import Capability

HAND_NAMES = frozenset({"hand", "hand_size"})
"""Names of the seat environment that change while a round is played."""


def asked_throwers_section(r: dict) -> Capability | None:
    """The section when the checked rules `r` have a throw_in.who reading a hand, else None."""
    who = r["throw_in.who"]
    if not who.names & HAND_NAMES:
        return None
    return Capability("asked_throwers", {"text": who.canonical(), "keys": "throw_in.who"})


__all__ = ["asked_throwers_section"]
