"""The cheating table (play.cheating, HR34): cheating plays and the out-of-turn catch.

`Cheating` is a mixin of `durakc.reference.game.Game`.  Throw-ins and beats may break the
rules of rank and suit (the opening, the counts, the turn order and holding the card still
hold); while the round is open every seat still in the game but a table card's author may
`catch SEAT CARD` it, out of turn, for every card on the table, legal or not.  The round's
state: `authors` (table card -> the seat that played it), `fouls` (the table cards played
against the rules) and `caught_out` (the seats that caught a legal play this round).  With
transfers, the defender may pass on any one held card off the attacked rank (a foul transfer,
noted in `foul_transfers`): caught, its author takes every table card (issue 31).
"""

from __future__ import annotations

from durakc.reference.cards import Action, IllegalAction, InvalidGame, make_action, rank_of
from durakc.reference.state import DEFEND, OVER, THROW


class Cheating:
    """HR34's plays and catches (see the module's docstring)."""

    def cheating(self):
        """HR34 (play.cheating): is this a cheating table?"""
        return bool(self.variant.value("play.cheating"))

    def start_cheats(self):
        """HR34: a round's plays, their authors and its catches start afresh."""
        self.authors, self.fouls, self.caught_out, self.foul_transfers = {}, [], [], []

    def with_cheats(self, acts):
        """HR34: the in-turn list `acts` (within the rules) with the cheats added: a beat of
        any held card on any unbeaten attack card; a throw-in of any held card."""
        if not self.cheating() or self.phase not in (DEFEND, THROW):
            return acts
        deck = self.variant.deck
        resigns = [a for a in acts if a == "resign"]  # HR24 stays last
        if self.phase == DEFEND:
            hand = self._hands[self._defender]
            return ([make_action(deck, "beat", [a, d]) for a in self.unbeaten() for d in hand]
                    + [a for a in acts if a.verb == "transfer"] + self._cheat_passes()
                    + [Action("take")] + resigns)
        return ([make_action(deck, "throw", [c]) for c in self._hands[self.to_move]]
                + [Action("pass")] + resigns)

    def _cheat_passes(self):
        """HR34 with transfers: a transfer of any one held card off the attacked rank, under
        transfer.when and transfer.capacity as any transfer."""
        rank, variant = self.attacked_rank(), self.variant
        if rank is None or not variant.value("transfer.enabled"):
            return []
        return [make_action(variant.deck, "transfer", [c]) for c in self._hands[self._defender]
                if rank_of(c) != rank and variant.transfer_allowed(env := self.transfer_env([c]))
                and variant.transfer_fits(env)]

    def may_cheat_throw(self, seat):
        """HR34: a seat asked for throw-ins may add any card it holds."""
        return self.cheating() and bool(self._hands[seat])

    def note_play(self, act):
        """HR34: before `act` is applied, record who plays its table card and whether the
        rules allow it (a beat or throw-in outside the rules' list is a foul)."""
        if not self.cheating() or act.verb not in ("attack", "beat", "throw", "transfer"):
            return
        placed = [act.cards[1]] if act.verb == "beat" else act.cards
        foul = act.verb != "attack" and act not in self.honest_actions()
        for card in placed:
            self.authors[card] = self.to_move
            if foul:
                self.fouls.append(card)
                if act.verb == "transfer":  # its author is the defender, who would take all
                    self.foul_transfers.append(card)

    # -- out of turn -----------------------------------------------------------------------
    def actors(self):
        """The seats that may act now: `to_move`, then every other seat with a catch,
        clockwise from it; empty once the game is over."""
        if self.phase == OVER:
            return []
        n, mover = self.players, self.to_move
        return [mover] + [(mover + k) % n for k in range(1, n) if self._catches((mover + k) % n)]

    def out_of_turn_actions(self, seat):
        """The catches `seat` may make now (HR34)."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise InvalidGame(f"no seat {seat!r} in a {self.players}-player game")
        return self._catches(seat)

    def _catches(self, seat):
        """HR34: every table card `seat` did not play, while the round is open, unless it is
        out of the game or caught a legal play this round."""
        if not self.cheating() or self.phase == OVER or not self.active(seat) \
                or seat in self.caught_out:
            return []
        cards = [c for pair in self._table for c in pair if c is not None]
        return [Action(f"catch {seat} {c}") for c in self.variant.deck.sort(cards)
                if self.authors.get(c) != seat]

    def is_catch(self, text):
        """Is `text` a catch (HR34)?"""
        words = str(text).split()
        return self.cheating() and bool(words) and words[0].lower() == "catch"

    def catch(self, text):
        """HR34: apply the catch `text` (`catch SEAT CARD`), or raise IllegalAction."""
        words = str(text).split()
        if len(words) != 3 or not words[1].isdigit():
            raise IllegalAction(f"{text}: 'catch' names a seat, then a card on the table")
        try:
            card = self.variant.deck.card(words[2])
        except ValueError as exc:
            raise IllegalAction(f"{text}: {exc}") from None
        seat = int(words[1])
        act = Action(f"catch {seat} {card}")
        if seat >= self.players or act not in self._catches(seat):
            raise IllegalAction(f"{act}: not a catch seat {seat} may make now (HR34)")
        self.history.append(act)
        if card not in self.fouls:
            self.caught_out.append(seat)  # a legal play: no more catches this round
            return
        self.fouls.remove(card)
        if card in self.foul_transfers:  # a transfer against the rank rule: its author takes
            self._defender = self.authors[card]
            self.took = True
            self._end_round()
            return
        for i, (attack, defence) in enumerate(self._table):
            if attack == card:
                self._return_attack(i, attack, defence)
                return
        self.took = True  # a beat against the rules: the defender takes everything at once
        self._end_round()

    def _return_attack(self, i, attack, defence):
        """HR34: a caught illegal attack card goes back to its author's hand, a defence card
        on it back to the defender's; the round goes on."""
        deck = self.variant.deck
        author = self.authors.pop(attack)
        self._hands[author] = deck.sort(self._hands[author] + [attack])
        if defence is not None:
            self.authors.pop(defence, None)
            if defence in self.fouls:
                self.fouls.remove(defence)
            self._hands[self._defender] = deck.sort(self._hands[self._defender] + [defence])
        del self._table[i]
        self.passed = []
        if self.unbeaten() and not self.took:
            self.phase = DEFEND
            self.to_move = self._defender
        else:
            self._open_throw_ins()
