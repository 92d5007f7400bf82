"""IR sections of matches and results (issue 20 group D: HR20-HR23, EP1-EP3).

`winner` (outcome.winner: first_out, HR20) and `results` (outcome.points HR22,
match.* HR21, series.repeat_loser_if and series.after_draw HR23): which parts a variant
uses and its expressions over the environment `result` (evaluated per seat
in `_score`, `seat` the seat asked).  The Python modules are
`templates/capabilities/winner.py.j2` and `results.py.j2`, the C modules
`templates/c/cap_winner.c.j2` and `cap_results.c.j2`.
"""

from __future__ import annotations

from durakc.ir.bound import bound
from durakc.ir.hooks import Capability

MATCH_KEYS = ("match.games", "match.losses", "match.points")


def _places(r: dict) -> list[str]:
    """Where the names of the environment `result` are read inside `_score` (C `score`,
    cap_results.c.j2): `lost` with teams.mode every seat of PR6's losing team, else the
    durak; `is_winner` only with outcome.winner first_out."""
    return [place for place, on in (("teams", r["teams.mode"] != "none"),
                                    ("first_out", r["outcome.winner"] == "first_out")) if on]


def _constants(r: dict) -> dict:
    """Result names with one value for the whole variant: without outcome.points every seat
    has 0 points before every game (EP1; the engines keep no totals then)."""
    return {} if r["outcome.points"].constant() != 0 else {"points": 0}


def uses_results(r: dict) -> bool:
    """Does the variant keep results over a series (points, a match, repeats, after_draw)?"""
    return (r["outcome.points"].constant() != 0 or any(r[k] for k in MATCH_KEYS)
            or r["series.repeat_loser_if"].constant() is not False
            or r["series.after_draw"] != "same_dealer")


def counts_losses_for_match(r: dict) -> list[str]:
    """match.* keys that need each seat's lost games counted (standings, match.losses)."""
    return [k for k in MATCH_KEYS if r[k]][:1]


def result_sections(r: dict) -> list[Capability]:
    """The capabilities `winner` and `results` of the rules `r` (none when unused)."""
    caps = []
    if r["outcome.winner"] == "first_out":
        caps.append(Capability("winner", {"keys": ["outcome.winner"]}))
    if not uses_results(r):
        return caps
    places, consts = _places(r), _constants(r)
    points, repeat = r["outcome.points"], r["series.repeat_loser_if"]
    keys = [k for k, on in (("outcome.points", points.constant() != 0),
                            *((k, bool(r[k])) for k in MATCH_KEYS),
                            ("series.repeat_loser_if", repeat.constant() is not False),
                            ("series.after_draw", r["series.after_draw"] != "same_dealer")) if on]
    caps.append(Capability("results", {
        "keys": keys,
        "points": points.constant() != 0,
        "points_text": points.canonical(),
        "points_expr": bound(r, "outcome.points", "result", *places, constants=consts),
        "repeat_expr": bound(r, "series.repeat_loser_if", "result", *places, constants=consts),
        "repeat": repeat.constant() is not False,
        "repeat_text": repeat.canonical(),
        "games": r["match.games"],
        "losses": r["match.losses"],
        "match_points": r["match.points"],
        "match": any(r[k] for k in MATCH_KEYS),
        "after_draw": r["series.after_draw"] != "same_dealer",
    }))
    return caps
