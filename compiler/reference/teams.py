"""Teams (rules PR1-PR6, spec key `teams.mode`) as the reference interpreter plays them.

`TeamRules` is mixed into the reference `Game`.  Without teams every seat is a team
of its own, so the same questions ("the attacker's next active opponent", "how many
sides still hold cards") answer the plain T9/T24 rules; only what the contract shows
(`teams`, `losing_team`) keeps its trivial value then.  The loss counts are
`durakc.reference.losses`'s: `team` says which seats count a loss.
"""

from __future__ import annotations

from durakc.reference.cards import InvalidGame
from durakc.schema.keys import TEAM_PLAYER_COUNTS, team_of, teams_of


def check_team_players(variant, players):
    """PR1: a team mode seats only the player counts it can split into its teams."""
    mode = variant.value("teams.mode")
    if mode != "none" and players not in TEAM_PLAYER_COUNTS[mode]:
        allowed = " or ".join(str(n) for n in TEAM_PLAYER_COUNTS[mode])
        raise InvalidGame(f"{variant.name}: teams.mode {mode} is for {allowed} players, "
                          f"not {players} (PR1)")


class TeamRules:
    """PR1-PR6 for the reference Game (which provides `variant`, `players`, `active`,
    `next_active`, `out`, `_hands`)."""

    # -- the contract's members ------------------------------------------------------
    @property
    def teams(self):
        """PR1: the teams, each a sorted list of seats; None without teams.mode."""
        mode = self.variant.value("teams.mode")
        return None if mode == "none" else teams_of(mode, self.players)

    @property
    def losing_team(self):
        """PR5: the index into `teams` of the team that lost; None without teams or a loser."""
        if self.teams is None or self.loser is None:
            return None
        return self.team(self.loser)

    # -- seats -------------------------------------------------------------------------
    def team(self, seat):
        """PR1: the team of `seat`; without teams each seat is its own side."""
        mode = self.variant.value("teams.mode")
        return seat if mode == "none" else team_of(mode, self.players, seat)

    def partners(self, a, b):
        """PR1: are `a` and `b` different seats of one team?"""
        return a != b and self.team(a) == self.team(b)

    def next_opponent(self, seat):
        """PR2, T9: the next active player clockwise who is not `seat`'s partner (PR4: a
        partner who is out stays out, so the search skips them as well)."""
        s = self.next_active(seat)
        while s != seat and self.partners(s, seat):
            s = self.next_active(s)
        return s

    def sides_holding_cards(self):
        """PR5, T24: the teams (seats without teams) that still have an active player."""
        return sorted({self.team(s) for s in range(self.players) if self.active(s)})

    def team_loser(self):
        """T24, PR5, PR6: the durak: the seat holding the most cards among the active seats
        of the one side left (ties: the lowest seat); without teams the last active seat."""
        seats = [s for s in range(self.players) if self.active(s)]
        return max(seats, key=lambda s: (len(self._hands[s]), -s))
