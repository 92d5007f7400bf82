"""The order of a round and the table (issue 20): refill order (HR10), throw-in priority
(HR11), resigning (HR24) and what a seat's observation shows (HR25, HR26).

`TableRules` is a mixin of `durakc.reference.game.Game`; each method names its rule IDs
(`shared/rules/profiles.md`) and reads the spec values directly.
"""

from __future__ import annotations

from durakc.reference.cards import Action, printed


class TableRules:
    """Rules of issue 20's groups "the order of a round" and "the table"."""

    def refill_order(self):
        """T22, P9, HR10 (refill.defender): the draw order, with the final defender moved to
        the front when the rule says so (`first`; `first_after_take` only after a take)."""
        order = self.draw_order()
        mode = self.variant.value("refill.defender")
        if mode == "first" or (mode == "first_after_take" and self.took):
            order = [self._defender] + [s for s in order if s != self._defender]
        return order

    def throw_priority(self, seats):
        """T2, HR11 (throw_in.first): `seats` (clockwise from the current attacker) start
        from the seat that last threw in this round, then clockwise; unchanged while nobody
        has thrown in yet or with `attacker`."""
        first = self.last_thrower
        if self.variant.value("throw_in.first") != "last_thrower" or first is None:
            return seats
        return sorted(seats, key=lambda s: (s - first) % self.players)

    def resigns(self):
        """HR24 (play.resign): the seat to move may resign, in every phase."""
        return [Action("resign")] if self.variant.value("play.resign") else []

    def _do_resign(self, cards):
        """HR24: the seat to move is the durak at once and the game ends; Decision: the cards
        on the table are discarded (the round is void)."""
        self.resigned = self.to_move
        final_attack = [a for a, _ in self._table]
        self._discard += [printed(c) for pair in self._table for c in pair if c is not None]
        self._table = []
        self._finish(final_attack)

    def viewed(self, obs):
        """HR25 (view.discard: closed): the discard pile's size instead of its cards, and only
        the current round's actions; HR26 (view.hands: all): every hand."""
        if self.variant.value("view.discard") == "closed":
            obs["discard"] = None
            obs["discard_size"] = len(self._discard)
            obs["history"] = list(self.history[self.round_start:])
        if self.variant.value("view.hands") == "all":
            obs["hands"] = self.hands
        return obs
