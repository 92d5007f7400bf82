"""Cross checks of the seat relations (issue 31): `partner_of(s)` needs teams (PR1); the
acting seat's `points` needs points (EP1); attack.limit may not read the series."""

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


def check_acting_points(values: dict):
    """The acting seat's `points` (EP1) are the series' totals of outcome.points: a spec that
    scores no points would read 0 for every seat, always."""
    if values["outcome.points"].constant() != 0:
        return
    for key in KEYS:
        if (key.env is not None and key.env != "result"
                and "points" in getattr(values[key.path], "names", ())):
            yield ((key.path,),
                   (f"{key.path} reads the acting seat's points, but this spec scores no "
                    "points: set outcome.points (HR22, EP1); without it every seat has 0 "
                    "points, always"))


def check_limit_series(values: dict):
    """attack.limit is fixed as each round starts, and a later game's first round starts
    before next_game carries the series' counts on: refuse `losses` and `points` there."""
    read = sorted({"losses", "points"} & getattr(values["attack.limit"], "names", frozenset()))
    if read:
        yield (("attack.limit",),
               (f"attack.limit reads the acting seat's {' and '.join(read)}, which is not "
                "supported: the limit is fixed as each round starts, and a later game's first "
                "round starts before the series' counts carry on; use them in throw_in.who, "
                "throw_in.card, transfer.* or beating.beats"))
