"""IR sections of matches and results (issue 20 group D: HR20-HR23, EP1-EP3).

`winner` (outcome.winner: first_out, HR20) and `results` (outcome.points HR22,
match.* HR21, series.repeat_loser_if and series.after_draw HR23): which parts a variant
uses and the Python of its expressions over the environment `result` (evaluated per seat
in `_score`, `seat` the seat asked).  The Python modules are
`templates/capabilities/winner.py.j2` and `results.py.j2`, the C modules
`templates/c/cap_winner.c.j2` and `cap_results.c.j2`.
"""

from __future__ import annotations

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

MATCH_KEYS = ("match.games", "match.losses", "match.points")


def _names(r: dict, c: bool = False) -> dict:
    names = dict(RESULT_C if c else RESULT_PY)
    first_out = r["outcome.winner"] == "first_out"
    if c:
        names["is_winner"] = "(g->nout > 0 && seat == g->out[0])" if first_out else "0"
    else:
        names["is_winner"] = "(bool(out) and seat == out[0])" if first_out else "False"
    return names


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
    names = _names(r)
    points, repeat = r["outcome.points"], r["series.repeat_loser_if"]
    keys = [k for k, on in (("outcome.points", points.constant() != 0),
                            *((k, bool(r[k])) for k in MATCH_KEYS),
                            ("series.repeat_loser_if", repeat.constant() is not False),
                            ("series.after_draw", r["series.after_draw"] != "same_dealer")) if on]
    caps.append(Capability("results", {
        "keys": keys,
        "points": points.constant() != 0,
        "points_text": points.canonical(),
        "points_code": points.to_python(names),
        "repeat": repeat.constant() is not False,
        "repeat_text": repeat.canonical(),
        "repeat_code": repeat.to_python(names),
        "points_c": points.to_c(_names(r, c=True)),
        "repeat_c": repeat.to_c(_names(r, c=True)),
        "games": r["match.games"],
        "losses": r["match.losses"],
        "match_points": r["match.points"],
        "match": any(r[k] for k in MATCH_KEYS),
        "after_draw": r["series.after_draw"] != "same_dealer",
        "needs_final": any(n in ("final_attack",) for n in points.names | repeat.names),
        "needs_out": any(n in ("place", "is_winner") for n in points.names | repeat.names),
    }))
    return caps
