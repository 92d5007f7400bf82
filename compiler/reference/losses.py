"""Lost games in a series (rules L1 and PR6) as the reference interpreter counts them.

`SeriesLosses` is mixed into the reference `Game`.  A variant counts lost games when a
rule reads them (`losses` in deal.initial_hand, L1) or when it has teams (PR6: the
contract's `losses` shows each seat's count).  The durak's seat counts a lost game; with
teams every seat of the losing team does (`team` is `durakc.reference.teams`'s).  Draws
do not count.  Otherwise `losses` stays zeros.
"""

from __future__ import annotations

from durakc.reference.cards import InvalidGame


class SeriesLosses:
    """L1, PR6 for the reference Game (which provides `variant`, `loser`, `team`, `_losses`)."""

    @property
    def losses(self):
        """L1, PR6: per seat, the games lost so far in this series (zeros where the variant
        counts none)."""
        return list(self._losses)

    def count_loss(self):
        """L1: the durak's seat counts the lost game; PR6: every seat of the losing team."""
        if self.variant.counts_losses and self.loser is not None:
            losing = self.team(self.loser)
            self._losses = [n + (self.team(s) == losing) for s, n in enumerate(self._losses)]


def position_losses(losses, players):
    """L1, PR6: the loss counts a position gives (a list of `players` whole numbers)."""
    if (not isinstance(losses, list) or len(losses) != players
            or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0
                       for n in losses)):
        raise InvalidGame(f"losses must be a list of {players} whole numbers")
    return list(losses)
