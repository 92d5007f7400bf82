"""A game that ends by a condition (outcome.ends_when, outcome.durak; HR35, HR36) as the
reference interpreter plays it, read from the rule text (profiles.md) and the keys' docs.

`EndRule` is a mixin of the reference `Game` (through `RoundEnd`): at the end of a round in
which a seat went out, the game also ends when outcome.ends_when holds; the durak is then
the candidate with the highest outcome.durak, ties the first clockwise from the first seat
out.  Candidates: the seats still holding cards; with teams every seat of a team other than
the first seat out's (that team wins, HR36).
"""

from __future__ import annotations

from durakc.ir.ending import ends_by_rule


class EndRule:
    """HR35, HR36 for the reference Game (which provides `variant`, `out`, `players`,
    `active`, `team`, `_hands`)."""

    def ends_by_rule(self) -> bool:
        """outcome.ends_when: does the condition of this spec hold now (never for the default,
        the game's own end T24, nor before a seat went out)?"""
        rules = self.variant.rules
        if not self.out or not ends_by_rule(rules):
            return False
        env = self.variant.read("ending", self)
        return bool(rules["outcome.ends_when"].evaluate(self.variant.env(env)))

    def ruled_durak(self) -> int:
        """outcome.durak: the candidate with the highest value, ties the first clockwise from
        the first seat out (HR35); with teams the candidates are the other teams' seats, out
        or not (HR36: every seat of the losing team is a durak for the series rules)."""
        first, teams = self.out[0], self.teams is not None
        durak, best = None, None
        for k in range(1, self.players):
            seat = (first + k) % self.players
            if (self.team(seat) != self.team(first)) if teams else self.active(seat):
                env = self.variant.read("durak", self, seat=seat)
                value = int(self.variant.value("outcome.durak").evaluate(self.variant.env(env)))
                if best is None or value > best:
                    durak, best = seat, value
        return durak
