"""IR sections of matches and results (issue 20 group D: HR20-HR23, EP1-EP3).

`winner` (outcome.winner: first_out, HR20) and `results` (outcome.points HR22,
match.* HR21, series.repeat_loser_if and series.after_draw HR23): which parts a variant
uses and the Python of its expressions over the environment `result` (evaluated per seat
in `_score`, `seat` the seat asked).  The Python modules are
`templates/capabilities/winner.py.j2` and `results.py.j2`, the C modules
`templates/c/cap_winner.c.j2` and `cap_results.c.j2`.
"""

from __future__ import annotations

import re

from durakc.hooks import Capability

RESULT_PY = {
    "is_loser": "(seat == self.loser)",
    "is_draw": "self.is_draw",
    "hand": "self._hands[seat]",
    "place": "(out.index(seat) + 1 if seat in out else len(out) + 1)",
    "players": "self.players",
    "points": "self._totals[seat]",
    "game": "self._game",
    "final_attack": "final",
    "$trumps": "EXPR_TRUMP_IDS[self._trump]",
    "loser_was_defender": "(self.loser == self._defender)",
    "loser_hand": "(self._hands[self.loser].bit_count() if self.loser is not None else 0)",
    "final_took": "took",
}
"""The Python of each name of the environment `result` inside `_score`."""

RESULT_C = {
    "is_loser": "(seat == g->loser)",
    "is_draw": "g->is_draw",
    "hand": "g->hands[seat]",
    "place": "place_of(g, seat)",
    "players": "g->players",
    "points": "g->totals[seat]",
    "game": "g->game_no",
    "final_attack": "final",
    "$trumps": "EXPR_TRUMPS(g->trump)",
    "loser_was_defender": "(g->loser == g->def)",
    "loser_hand": "(g->loser >= 0 ? popcount(g->hands[g->loser]) : 0)",
    "final_took": "took",
}
"""The C of each name of the environment `result` inside `score` (cap_results.c.j2)."""

_LOST_PY = ("(self.loser is not None and self._team[seat] == self._team[self.loser])",
            "(seat == self.loser)")
_LOST_C = ("(g->loser >= 0 && TEAM_OF[g->players][seat] == TEAM_OF[g->players][g->loser])",
           "(seat == g->loser)")
"""`lost` with teams.mode (every seat of PR6's losing team) and without (the durak)."""

MATCH_KEYS = ("match.games", "match.losses", "match.points")


def _names(r: dict, c: bool = False) -> dict:
    names = dict(RESULT_C if c else RESULT_PY)
    teams = r["teams.mode"] != "none"
    names["lost"] = (_LOST_C if c else _LOST_PY)[0 if teams else 1]
    first_out = r["outcome.winner"] == "first_out"
    if c:
        names["is_winner"] = "(g->nout > 0 && seat == g->out[0])" if first_out else "0"
    else:
        names["is_winner"] = "(bool(out) and seat == out[0])" if first_out else "False"
    return names


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
    names, c_names, consts = _names(r), _names(r, c=True), _constants(r)
    points, repeat = r["outcome.points"], r["series.repeat_loser_if"]
    codes = {"points_code": points.to_python(names, consts),
             "repeat_code": repeat.to_python(names, consts),
             "points_c": points.to_c(c_names, consts), "repeat_c": repeat.to_c(c_names, consts)}
    keys = [k for k, on in (("outcome.points", points.constant() != 0),
                            *((k, bool(r[k])) for k in MATCH_KEYS),
                            ("series.repeat_loser_if", repeat.constant() is not False),
                            ("series.after_draw", r["series.after_draw"] != "same_dealer")) if on]
    caps.append(Capability("results", {
        "keys": keys,
        "points": points.constant() != 0,
        "points_text": points.canonical(),
        **codes,
        "repeat": repeat.constant() is not False,
        "repeat_text": repeat.canonical(),
        "games": r["match.games"],
        "losses": r["match.losses"],
        "match_points": r["match.points"],
        "match": any(r[k] for k in MATCH_KEYS),
        "after_draw": r["series.after_draw"] != "same_dealer",
        # the locals `_score` computes, only where an emitted expression reads them
        "needs_final": any(re.search(r"\bfinal\b", codes[k]) for k in ("points_code", "repeat_code")),
        "needs_out": any(re.search(r"\bout\b", codes[k]) for k in ("points_code", "repeat_code")),
        "needs_place_of": any("place_of(" in codes[k] for k in ("points_c", "repeat_c")),
    }))
    return caps
