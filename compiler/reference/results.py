"""Matches and results (HR20-HR23, EP1-EP3) as the reference interpreter plays them.

`SeriesResults` is mixed into the reference `Game`.  It reads the finishing order (`out`,
HR20), scores every seat when a game ends by outcome.points over the environment `result`
(HR22, EP2), keeps the series' game number and points, ends a match by match.* (HR21, EP3)
and chooses the next deal by series.repeat_loser_if and series.after_draw (HR23).  Each
method names the rule it plays; the generated engines' code is not consulted.
"""

from __future__ import annotations

from durakc.reference.cards import InvalidGame

MATCH_KEYS = ("match.games", "match.losses", "match.points")
POINTS_MAX = 10**9
"""The largest points total a position may give (as the engines' `_read_points`)."""


class SeriesResults:
    """HR20-HR23 for the reference Game (which provides `variant`, `out`, `loser`, ...)."""

    def start_results(self):
        """A new series: game 1, no points yet (HR21, HR22)."""
        self._game = 1
        self._totals = [0] * self.players
        self._points = None
        self._doubled = False
        self._repeat = None

    def results_state(self) -> dict:
        """The to_dict entries of the series state, with the engines' keys where the variant
        uses them (game, points_before, points, repeat, doubled)."""
        keys = position_keys(self.variant)
        d = {}
        if "game" in keys:
            d["game"] = self._game
        if "match_points" in keys:
            d["points_before"] = list(self._totals)
            d["points"] = None if self._points is None else list(self._points)
        if self.variant.value("series.repeat_loser_if").constant() is not False:
            d["repeat"] = -1 if self._repeat is None else self._repeat
            d["doubled"] = self._doubled
        return d

    def load_results(self, d: dict) -> None:
        """The series state of a to_dict() result (zeros where it has none)."""
        self._game = d.get("game", 1)
        self._totals = list(d.get("points_before") or [0] * self.players)
        self._points = None if d.get("points") is None else list(d["points"])
        repeat = d.get("repeat", -1)
        self._repeat = None if repeat == -1 else repeat
        self._doubled = bool(d.get("doubled", False))

    # -- the contract's members ------------------------------------------------------
    @property
    def finishing_order(self):
        """HR20: the seats in the order they went out (same round: clockwise from the
        round's original attacker)."""
        return list(self.out)

    @property
    def winner(self):
        """HR20 (outcome.winner): first_out - the first seat out; none - None."""
        if self.variant.value("outcome.winner") == "first_out" and self.out:
            return self.out[0]
        return None

    def _scores(self) -> bool:
        return self.variant.value("outcome.points").constant() != 0

    @property
    def points(self):
        """HR22: this game's points per seat once it is over; None without outcome.points."""
        if not self._scores() or self._points is None:
            return None
        return list(self._points)

    @property
    def match_points(self):
        """HR22: the series' points per seat, this game's included once it is over."""
        if not self._scores():
            return None
        if self._points is None:
            return list(self._totals)
        return [t + p for t, p in zip(self._totals, self._points)]

    def _is_match(self) -> bool:
        return any(self.variant.value(k) for k in MATCH_KEYS)

    @property
    def match_over(self):
        """HR21, EP3: the game is over and it reached match.games, a seat reached
        match.losses lost games, or a seat's points reached match.points."""
        if not self._is_match() or not self.is_over:
            return False
        v = self.variant.value
        return bool((v("match.games") and self._game >= v("match.games"))
                    or (v("match.losses") and max(self._losses) >= v("match.losses"))
                    or (v("match.points") and max(self.match_points) >= v("match.points")))

    @property
    def standings(self):
        """HR21: seats best first: fewest points (with outcome.points), then fewest lost
        games, then the lower seat; None without a match rule."""
        if not self._is_match():
            return None
        points = self.match_points if self._scores() else [0] * self.players
        return sorted(range(self.players), key=lambda s: (points[s], self._losses[s], s))

    # -- the end of a game ---------------------------------------------------------
    def score(self, final_attack, took):
        """HR22: outcome.points for every seat; HR23: series.repeat_loser_if for the durak."""
        v = self.variant
        if self._scores():
            self._points = [int(v.value("outcome.points").evaluate(self._result_env(
                s, final_attack, took))) for s in range(self.players)]
        repeat = v.value("series.repeat_loser_if")
        self._doubled = (self.loser is not None and repeat.constant() is not False
                         and bool(repeat.evaluate(self._result_env(self.loser, final_attack,
                                                                   took))))

    def _result_env(self, seat, final_attack, took):
        """The environment `result` for `seat` (schema_envs)."""
        return self.variant.env(self.variant.read("result", self, seat=seat,
                                                  final_attack=final_attack, took=took))

    # -- the next game -------------------------------------------------------------
    def next_deal(self, dealer, first_rule):
        """(dealer, first rule, repeat carried) of the next game: HR21 refuses after the
        match; HR23: a double durak deals twice, after a draw the first game's rule opens."""
        if self.match_over:
            raise ValueError("the match is over (match.*): the series has no next game")
        v = self.variant
        if self.loser is None and v.value("series.after_draw") == "same_dealer_lowest_trump":
            first_rule = v.value("first_attacker.first_game")  # HR23: T7 again
        repeat = None
        if self._doubled:
            dealer = repeat = self.loser  # HR23: the double durak deals the next two games
        elif self._repeat is not None:
            dealer = self._repeat  # HR23: the second, as if it had lost again (T8)
        return dealer, first_rule, repeat

    def carry_results(self, game, repeat):
        """The series state the next game inherits (HR21, HR22, HR23)."""
        game._game = self._game + 1
        if self._scores():
            game._totals = self.match_points
        game._repeat = repeat


def position_results(g, position):
    """`game` and `match_points` of a position (HR21, HR22)."""
    if "game" in position:
        n = position["game"]
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InvalidGame("the game number must be a whole number of at least 1")
        g._game = n
    if "match_points" in position:
        pts = position["match_points"]
        if (not isinstance(pts, list) or len(pts) != g.players
                or not all(isinstance(n, int) and not isinstance(n, bool)
                           and -POINTS_MAX <= n <= POINTS_MAX for n in pts)):
            raise InvalidGame(f"points must be a list of {g.players} whole numbers")
        g._totals = list(pts)


def position_keys(variant) -> set[str]:
    """The position keys of matches and results the variant accepts."""
    keys = set()
    if any(variant.value(k) for k in MATCH_KEYS) or variant.value("outcome.points").constant() \
            != 0 or variant.value("series.repeat_loser_if").constant() is not False \
            or variant.value("series.after_draw") != "same_dealer":
        keys.add("game")
    if variant.value("outcome.points").constant() != 0:
        keys.add("match_points")
    return keys
