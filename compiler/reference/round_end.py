"""The end of a round and of a game in the reference game: discard or pick up (T20, T21),
the draw order and refill (T22, P9, S3), the hidden trump turned (CT2), players leaving
(T24, P10), the next attacker (T20, T23, P7, P8) and the durak (T24, P10).

`RoundEnd` is a mixin of `durakc.reference.game.Game`; each method names its rule IDs
(`shared/rules/profiles.md`).
"""

from __future__ import annotations

from durakc.reference.cards import (
    printed,
    suit_of,
)
from durakc.reference.ending import EndRule
from durakc.reference.state import OVER
from durakc.reference.take import picked_up


class RoundEnd(EndRule):
    """What happens when a round is over, up to the next round or the game's end."""

    def _end_round(self):
        """T20, T21: discard or pick up; T22 refill; T24 leave; T23 next round or the end."""
        # W2: a named suit holds only while the card is on the table
        cards = [printed(c) for pair in self._table for c in pair if c is not None]
        final_attack = [a for a, _ in self._table]
        if self.took:  # T21: the taker gets every table card; HR32 (take.picks_up): some
            picked, discarded = picked_up(self.variant.value("take.picks_up"), self._table)
            self._hands[self._defender] = self.variant.deck.sort(
                self._hands[self._defender] + picked)
            self._discard += discarded
        else:
            self._discard += cards  # T20: a closed, final discard pile
        self._table = []
        self._refill()
        gone = len(self.out)
        self._leave()
        ruled = len(self.out) > gone and self.ends_by_rule()  # outcome.ends_when (HR35, HR36)
        if ruled or len(self.sides_holding_cards()) < 2:  # T24; PR5: at most one team holds cards
            self._finish(final_attack)
            return
        self.first_round = False
        self._start_round(self._next_attacker())

    def draw_order(self):
        """T22, P9, S3: the original attacker first, the others clockwise, the final defender
        last; when the attack came back to the original attacker, refill.first_on_return says
        whether they keep the first draw."""
        opener, dfd = self._opener, self._defender
        order = [opener]
        s = self.next_active(opener)
        while s != opener:
            if s != dfd:
                order.append(s)
            s = self.next_active(s)
        if dfd != opener:
            order.append(dfd)
        elif not self.variant.value("refill.first_on_return"):
            order.append(order.pop(0))
        return order

    def _refill(self):
        """T22, P9: each player draws all missing cards at once, in draw order, while the stock
        lasts; hands larger than deal.hand_size are kept; the face-up trump is drawn last (T5)."""
        for seat in self.refill_order():  # HR10
            need = self.variant.hand(self.players) - len(self._hands[seat])  # HR31
            while need > 0 and self._stock:
                drawn, self._stock = self._stock[:need], self._stock[need:]
                self._hands[seat] = self.variant.deck.sort(self._hands[seat] + drawn)
                need -= len(drawn)
                self._turn_hidden_trump()

    def _turn_hidden_trump(self):
        """CT2: once the face-up card has been drawn, the hidden card is turned face up at once
        and its suit is trump from then on; it is now the stock's last card, drawn next (a
        player who still needs cards draws it in the same refill)."""
        if self._stock or self.hidden_trump is None:
            return
        self.trump_changes.append([self.trump_card, self.hidden_trump])
        self.trump_card = self.hidden_trump
        self.trump = suit_of(self.hidden_trump)
        self._stock = [self.hidden_trump]
        self.hidden_trump = None

    def _leave(self):
        """T24, P10: with no stock, players with empty hands leave at the end of the round;
        HR20: several at once in clockwise order from the round's original attacker."""
        if self._stock:
            return
        for k in range(self.players):
            seat = (self._opener + k) % self.players
            if self.active(seat) and not self._hands[seat]:
                self.out.append(seat)

    def _next_attacker(self):
        """T20, T23, P7, P8 (after_take.next_attacker): who opens the next round."""
        dfd = self._defender
        if not self.took:
            # T20, T23: the successful defender attacks next (if they left: the next player).
            return dfd if self.active(dfd) else self.next_active(dfd)
        if self.variant.value("after_take.next_attacker") == "same_attacker":
            # P8: the original attacker stays attacker.  The taker never attacks next: when
            # that attacker has just left (or is the taker, the attack having come back),
            # the next active player clockwise after the taker attacks, as T23.
            opener = self._opener
            if self.active(opener) and opener != dfd:
                return opener
        # T21, T23: the taker is skipped; the next active player clockwise attacks.
        return self.next_active(dfd)

    def _finish(self, final_attack):
        """T24, P10: the last player holding cards is the durak; nobody: a draw.
        PR5, PR6: with teams, the seat of the last team holding the most cards."""
        took = self.took
        self.phase = OVER
        self.to_move = None
        if self.active_count() == 0:
            self.is_draw = True
            self.score(final_attack, took)  # HR22: a draw scores too
            return
        self.loser = (self.ruled_durak() if self.ends_by_rule()  # HR35, HR36
                      else self.team_loser()) if self.resigned is None else self.resigned  # HR24
        self.count_loss()  # L1, PR6
        self.score(final_attack, took)  # HR22, HR23
        self.annotations = self.variant.annotations(
            self.variant.read("outcome", self, final_attack=final_attack, took=took))
