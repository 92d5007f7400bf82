"""IR sections of the acting seat (issue 31): `asked_throwers`, `seat_relations`.

`asked_throwers`: a `throw_in.who` that reads the seat's hand (or its series `losses` or
`points`: `ASKED_NAMES`).

`throw_in.who` is otherwise a function of the seats alone, so the engines compute the
entitled seats once per attacker and keep them; once it reads the acting seat's `hand` or
`hand_size` (`durakc.envs.acting`), it is judged each time the throwers are asked, with the
hands as they are then (as the reference interpreter does).  Modules:
`templates/capabilities/asked_throwers.py.j2`, `templates/c/cap_asked_throwers.c.j2`.

`seat_relations`: some condition calls `right_of(s)`, which reads a helper of the engines
(Python `_right_of`, C `right_of_seat`; `left_of(s)` reads the next-seat table every engine
has).  Modules: `templates/capabilities/seat_relations.py.j2`, `c/cap_seat_relations.c.j2`.

`partner_relation`: some condition calls `partner_of(s)` (teams.mode, PR1), which reads a
helper over the teams' tables (Python `_partner_of`, C `partner_of_seat`).  Modules:
`templates/capabilities/partner_relation.py.j2`, `c/cap_partner_relation.c.j2`.
"""

from __future__ import annotations

from durakc.envs import ENVS
from durakc.envs.acting import SERIES_NAMES
from durakc.ir.hooks import Capability
from durakc.schema.keys import KEYS

HAND_NAMES = frozenset({"hand", "hand_size"})
"""Names of the seat environment that change while a round is played."""

ASKED_NAMES = HAND_NAMES | SERIES_NAMES
"""Names that make throw_in.who judged each time the throwers are asked: the hands, and the
series' `losses` and `points` (the first round of a later game starts before next_game
carries the series' counts on, so a list kept from the round's start would miss them)."""


def asked_throwers_section(r: dict) -> Capability | None:
    """The section when the checked rules `r` have a throw_in.who reading a hand, else None."""
    who = r["throw_in.who"]
    if not who.names & ASKED_NAMES:
        return None
    return Capability("asked_throwers", {"text": who.canonical(), "keys": "throw_in.who"})


def calling_keys(r: dict, func: str) -> list[str]:
    """The expression keys of the checked rules `r` whose condition calls `func`."""
    return [key.path for key in KEYS if key.env is not None
            and func in getattr(r[key.path], "names", ())]


def seat_relations_section(r: dict) -> Capability | None:
    """The section when a condition of the checked rules `r` calls `right_of`, else None."""
    keys = calling_keys(r, "right_of")
    if not keys:
        return None
    return Capability("seat_relations", {"keys": ", ".join(keys)})


def partner_relation_section(r: dict) -> Capability | None:
    """The section when a condition of the checked rules `r` calls `partner_of`, else None."""
    keys = calling_keys(r, "partner_of")
    if not keys:
        return None
    return Capability("partner_relation", {"keys": ", ".join(keys)})


def acting_series_keys(r: dict, name: str) -> list[str]:
    """The expression keys of the checked rules `r` whose condition reads the acting seat's
    series name `name` (`losses` or `points`, `durakc.envs.acting.SERIES_NAMES`)."""
    return [key.path for key in KEYS if key.env is not None
            and "me" in {n.name for n in ENVS[key.env].names}
            and name in getattr(r[key.path], "names", ())]


__all__ = ["acting_series_keys", "asked_throwers_section", "calling_keys", "partner_relation_section",
           "seat_relations_section"]
