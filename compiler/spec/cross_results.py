"""Cross checks of matches and results (HR21, HR22, EP3)."""

from __future__ import annotations


def check_match_points(values: dict):
    """HR21, EP3: match.points ends a match by the points of outcome.points, so a spec that
    sets it must score some."""
    if values["match.points"] and values["outcome.points"].constant() == 0:
        message = ("match.points ends the match at a points total, but outcome.points gives "
                   "no points (it is 0): set outcome.points, or use match.losses or match.games")
        yield ("match.points", "outcome.points"), message
