"""Matches and results (HR20-HR23, EP) of a native engine on the Python side.

The C engine (`templates/c/cap_results.c.j2`) scores a finished game and keeps the series'
game number, points and pending repeated deal in its view (`game`, `points_before`,
`points`, `repeat` and `doubled` are declared state, saved by `durakc.native.structural`);
this module gives the members, and replaces `next_game` by the same dealer and opener rules
(HR23) and the refusal after a finished match (HR21).
"""

from __future__ import annotations

from durakc.native.structural import Structural


def add_results(s: Structural, py, seed_argument) -> None:
    """The `results` capability's to_dict keys, members and next_game of Python engine `py`
    (`seed_argument`: the engine's reading of a seed)."""
    saved = set(py._SAVED_KEYS)
    scores, repeats = "points" in saved, "repeat" in saved
    after_draw = py.AFTER_DRAW_FIRST_GAME_RULE  # series.after_draw (HR23)

    s.members.update(_members(py, scores))

    def next_game(plain_next_game):
        def next_game(self, seed=None):
            """The following game of a series (series.*, HR21-HR23)."""
            if not self.is_over:
                raise ValueError("the game is not over yet")
            if self.match_over:
                raise ValueError("the match is over (match.*): the series has no next game")
            v = self._view()
            if py.NEXT_DEALER == "loser":  # series.next_dealer (T8)
                dealer = v["dealer"] if v["loser"] < 0 else v["loser"]
            else:
                dealer = (v["dealer"] + 1) % v["players"]
            repeat = -1
            if repeats and v["doubled"]:
                dealer = repeat = v["loser"]  # HR23: the double durak deals the next two games
            elif repeats and v["repeat"] >= 0:
                dealer = v["repeat"]
            series = 0 if after_draw and v["loser"] < 0 else 1  # HR23: a draw - T7 again
            if hasattr(self, "_deal_after"):  # series_state (C reads the finished game)
                game = type(self)._empty()
                game._deal_after(self, seed_argument(seed, py), dealer)
            else:
                game = type(self)._dealt(v["players"], seed, dealer, series)
            view = game._view()
            view["game"] = v["game"] + 1
            if scores:
                view["points_before"] = tuple(t + p for t, p in zip(v["points_before"], v["points"]))
            if repeats:
                view["repeat"] = repeat
            game._load(view)
            return game
        return next_game

    previous = s.wraps.get("next_game")
    s.wraps["next_game"] = (lambda plain: previous(next_game(plain))) if previous else next_game


def _members(py, scores: bool) -> dict:
    games, losses, points_limit = py.MATCH_LIMITS  # match.* (HR21; 0: no such limit)
    members = {}
    if scores:
        members["points"] = property(
            lambda self: list(self._view()["points"]) if self.is_over else None,
            doc="HR22 (outcome.points): per seat, this game's points once it is over; None before.")

        def match_points(self):
            v = self._view()
            if not self.is_over:
                return list(v["points_before"])
            return [t + p for t, p in zip(v["points_before"], v["points"])]
        members["match_points"] = property(
            match_points, doc="HR22: per seat, the series' points so far, this game's included.")
    if games or losses or points_limit:
        def match_over(self):
            if not self.is_over:
                return False
            v = self._view()
            return bool((games and v["game"] >= games)
                        or (losses and max(self.losses) >= losses)
                        or (points_limit and max(self.match_points) >= points_limit))

        def standings(self):
            points = self.match_points if scores else [0] * self.players
            losses = self.losses
            return sorted(range(self.players), key=lambda s: (points[s], losses[s], s))
        members["match_over"] = property(match_over, doc="HR21: whether the match has ended.")
        members["standings"] = property(standings, doc="HR21: the seats ranked best first.")
    return members
