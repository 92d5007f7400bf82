"""Cross checks of the seat relations (issue 31): `partner_of(s)` needs teams (PR1)."""

from __future__ import annotations

from durakc.schema.keys import KEYS


def check_partner_of(values: dict):
    """partner_of(s) names a seat of s's team: a spec without teams.mode has no partners."""
    if values["teams.mode"] != "none":
        return
    for key in KEYS:
        if key.env is not None and "partner_of" in getattr(values[key.path], "names", ()):
            yield ((key.path,),
                   (f"{key.path} calls partner_of(s), but this spec has no teams: set "
                    "teams.mode (opposite or alternate, PR1), or use left_of(s) or "
                    "right_of(s)"))
