"""The reference game: the round protocol and every rule of a checked spec, played directly.

One plain method per rule, each naming its rule IDs (`shared/rules/profiles.md`).
The state is what a person at the table sees: hands, the table as attack/defence
pairs, the stock (next card first), the discard pile, all as card texts.  Nothing
is cached: every question (`legal_actions`, who may throw in, ...) is answered
from the state as it is now.  A `Game` subclass bound to one `Variant` is made by
`durakc.reference.load`.
"""

from __future__ import annotations

from durakc.reference.cards import (
    IllegalAction,
    InvalidGame,
    parse_action,
    printed,
    rank_of,
)
from durakc.reference.cheating import Cheating
from durakc.reference.legal import ActionLists
from durakc.reference.losses import SeriesLosses
from durakc.reference.redeal import ask_from, redeal
from durakc.reference.results import SeriesResults
from durakc.reference.round_end import RoundEnd
from durakc.reference.state import ATTACK, DEFEND, OVER, THROW, GameState
from durakc.reference.table import TableRules
from durakc.reference.teams import TeamRules
from durakc.reference.variant import Variant


class Game(ActionLists, RoundEnd, TableRules, TeamRules, SeriesLosses, SeriesResults, Cheating,
           GameState):
    """One game of the bound variant; the members are the engine contract's."""

    variant: Variant  # set on the subclass that `durakc.reference.load` makes

    # -- construction ------------------------------------------------------------
    @classmethod
    def start(cls, players, hands, stock, trump, trump_card, discard, attacker, dealer,
              first_round, hidden=None):
        """A game at the start of a round with `attacker` to open (T24: empty hands with an
        empty stock have left; CT1: `hidden` lies face down under the face-up trump)."""
        g = cls.__new__(cls)
        g.players = players
        g._losses = [0] * players  # L1, PR6: a new series counts from zero
        g.start_results()  # HR21-HR23: game 1 of a new series
        g.dealer = dealer
        g.history = []
        g.loser = None
        g.is_draw = False
        g.annotations = {}
        g._hands = [g.variant.deck.sort(h) for h in hands]
        g._stock = list(stock)
        g._discard = list(discard)
        g.trump = trump
        g.trump_card = trump_card
        g.first_round = first_round
        g.hidden_trump = hidden  # CT1: not in the stock, drawn after all of it
        g.set_aside = []  # HR12, HR13: cards out of play (deal_game, from_position fill it)
        g.seat_trumps = g.lot_cards = None  # HR15: per seat, its suit and the card turned
        g.asked, g.asking, g.redeal_seed, g.first_rule = [], None, 0, None  # HR19
        g.trump_changes = []  # CT2: [face-up card drawn, card turned in its place]
        g.out = [s for s in range(players) if not g._hands[s] and not g._stock]
        g.swaps = [g.variant.value("swap.per_game")] * players  # PK4
        g.exchanged = False  # TX1: once per game
        g.resigned = None  # HR24: the seat that resigned
        if len(g.sides_holding_cards()) < 2:
            raise InvalidGame("a position needs players of two sides holding cards (T24, PR5)")
        g._start_round(attacker)
        return g

    # -- the public view (contract) ---------------------------------------------
    @property
    def hands(self):
        """Per seat, the cards held, in canonical order."""
        return [list(h) for h in self._hands]

    @property
    def table(self):
        """[attack, defence or None] pairs in play order."""
        return [list(pair) for pair in self._table]

    @property
    def stock(self):
        """Cards still to be drawn, next first (a face-up trump card under it last, T5)."""
        return list(self._stock)

    @property
    def discard(self):
        """The closed discard pile, in canonical order."""
        return self.variant.deck.sort(self._discard)

    @property
    def is_over(self):
        return self.phase == OVER

    @property
    def attacker(self):
        return None if self.phase == OVER else self._attacker

    @property
    def defender(self):
        return None if self.phase == OVER else self._defender

    @property
    def original_attacker(self):
        """The seat that opened the current round."""
        return None if self.phase == OVER else self._opener

    # Structural members of the contract (teams, losing_team: durakc.reference.teams,
    # PR1-PR6; losses: durakc.reference.losses, L1).
    @property
    def swaps_left(self):
        """PK4 (swap.per_game): per seat, the swaps still allowed this game; None without swaps."""
        return list(self.swaps) if self.variant.value("swap.per_game") else None

    def trump_of(self, seat):
        """SK1, SK2: the trump suit that counts when `seat` defends: the seat's own suit
        (trump.seat_suits) with trump.mode per_seat, else the one trump of everyone."""
        if self.variant.value("trump.mode") == "per_seat_by_lot":
            return self.seat_trumps[seat]  # HR15: the suit of the card turned for the seat
        if self.variant.value("trump.mode") != "per_seat":
            return self.trump
        owned = self.variant.value("trump.seat_suits")
        return owned[seat] if seat < len(owned) else None

    def __repr__(self):
        state = "over" if self.phase == OVER else f"{self.phase}, seat {self.to_move} to move"
        return f"<reference {self.variant.name} game, {self.players} players, {state}>"

    # -- seats ---------------------------------------------------------------------
    def active(self, seat):
        """Is `seat` still in the game (T24)?"""
        return seat not in self.out

    def active_count(self):
        return self.players - len(self.out)

    def next_active(self, seat):
        """T9, T24: the next player clockwise who is still in the game (or `seat` itself)."""
        for step in range(1, self.players):
            s = (seat + step) % self.players
            if self.active(s):
                return s
        return seat

    def previous_active(self, seat):
        """The active player just before `seat`, counter-clockwise."""
        for step in range(1, self.players):
            s = (seat - step) % self.players
            if self.active(s):
                return s
        return seat

    # -- the round -------------------------------------------------------------------
    def _start_round(self, attacker):
        """T9, PR2: the defender is the attacker's next active opponent (without teams: the
        next active player); T17: the limit."""
        self._attacker = self._opener = attacker
        self._defender = self.next_opponent(attacker)
        self._table = []
        self.phase = ATTACK
        self.to_move = attacker
        self.took = False
        self.passed = []
        self.transfers = 0
        self.shown = []
        self.late = []
        self.swapped = False  # PK1: at most one swap per opening
        self.last_thrower = None  # HR11: nobody has thrown in this round yet
        self.round_start = len(self.history)  # HR25: the round's first action
        self.opening = []  # the round's opening attack, as played (throw_in.card: opening)
        self.start_cheats()  # HR34: who played each table card, the fouls, the catchers out
        self.limit = self.variant.round_limit(self.variant.read("round", self))

    def throwers(self):
        """T2, P5 (throw_in.who): the seats that may add cards, clockwise from the attacker."""
        atk, dfd = self._attacker, self._defender
        seats = []
        for step in range(self.players):
            s = (atk + step) % self.players
            if s == dfd or not self.active(s):
                continue
            if self.variant.may_throw_in(self.variant.read("seat", self, seat=s)):
                seats.append(s)
        return self.throw_priority(seats)  # HR11

    def unbeaten(self):
        """The attack cards no defence card lies on yet, in play order."""
        return [a for a, d in self._table if d is None]

    def ranks_on_table(self):
        """T17, P5: every rank on this round's table, attack and defence cards."""
        ranks = {rank_of(c) for pair in self._table for c in pair if c is not None}
        ranks.discard(None)  # J3: a joker adds no rank to the table
        return ranks

    def room_for_one_more(self):
        """T17, T19, P6: another attack card fits: total below the round's limit, and the
        defender can still cover every unbeaten card with the hand held now (a take does not
        raise the limit).  This live form equals min(limit, hand when the defence started)."""
        unbeaten = len(self.unbeaten())
        return len(self._table) < self.limit and unbeaten < len(self._hands[self._defender])

    # -- applying actions --------------------------------------------------------------
    def apply(self, action):
        """Apply an Action or its text; raise IllegalAction (game unchanged) if not legal."""
        if not isinstance(action, str):
            raise IllegalAction(f"{action!r} is not an action of this game")
        if self.is_catch(action):  # HR34: out of turn, any seat's
            return self.catch(action)
        try:
            act = parse_action(self.variant.deck, action)
        except ValueError as exc:
            raise IllegalAction(f"{action}: {exc}") from None
        if act not in self.legal_actions():
            raise IllegalAction(self._why_illegal(act))
        self.note_play(act)  # HR34: its author, and whether it broke the rules
        self.history.append(str(act))
        getattr(self, "_do_" + act.verb)(act.cards)

    def _do_redeal(self, cards):
        from durakc.reference.deal import deal_game

        redeal(self, deal_game)  # HR19

    def _do_keep(self, cards):
        ask_from(self, self.asking + 1)  # HR19: the next seat is asked

    def _do_attack(self, cards):
        """T10: the opening cards lie on the table, unbeaten; the defender answers (SG4: under
        siege the entitled players are asked first)."""
        self._play(self._attacker, cards)
        self.opening = list(cards)
        if self.siege():
            self._open_throw_ins()
            return
        self.phase = DEFEND
        self.to_move = self._defender

    def _do_exchange(self, cards):
        """TX1: the lowest trump takes the face-up card's place; the same player still opens."""
        hand = self._hands[self._attacker]
        hand.remove(cards[0])
        self._hands[self._attacker] = self.variant.deck.sort(hand + [self.trump_card])
        self._stock[-1] = self.trump_card = cards[0]
        self.exchanged = True

    def _do_swap(self, cards):
        """PK1-PK3: give two cards, take the next two of the stock; the given cards lie just
        above the face-up trump card, the first listed drawn first.  The attacker still opens."""
        hand = list(self._hands[self._attacker])
        for card in cards:  # one copy each (HR17: the other copy stays in the hand)
            hand.remove(card)
        taken, rest = self._stock[:2], self._stock[2:]
        self._stock = rest[:-1] + list(cards) + rest[-1:]
        self._hands[self._attacker] = self.variant.deck.sort(hand + taken)
        self.swaps[self._attacker] -= 1
        self.swapped = True

    def _do_beat(self, cards):
        """T12, T18: the defence card lies on its attack card and stays there."""
        attack, defence = cards
        self._hands[self._defender].remove(printed(defence))  # W2: played as named
        for pair in self._table:
            if pair[0] == attack and pair[1] is None:  # HR17: the first unbeaten copy
                pair[1] = defence
                break
        if not self.unbeaten() or self.siege():  # T2, T17: everything is beaten (SG4: under
            self._open_throw_ins()               # siege, after every change), ask throw-ins

    def _do_take(self, cards):
        """T12, T21: the defender gives up; the others may still add within the limit (T19)."""
        self.took = True
        self._open_throw_ins()

    def _do_throw(self, cards):
        """T2, P5: one added card; the defender answers it, unless they have taken."""
        self.last_thrower = self.to_move  # HR11
        self._play(self.to_move, cards)
        self.passed = []
        if self.took or self.siege():  # SG4: under siege the others are asked again first
            self._ask_throwers()
        else:
            self.phase = DEFEND
            self.to_move = self._defender

    def _do_pass(self, cards):
        """Protocol: this seat adds nothing now."""
        self.passed.append(self.to_move)
        self._ask_throwers()

    def _do_transfer(self, cards):
        """T13: the defender plays cards of the attacked rank and the attack passes on."""
        self._play(self._defender, cards)
        self._pass_attack_on()

    def _do_show(self, cards):
        """S1, S2: the defender shows a trump of the attacked rank, keeps it, and passes on."""
        self.shown.append(cards[0])
        self._pass_attack_on()

    def _play(self, seat, cards):
        """Cards from `seat`'s hand onto the table as attack cards (K1: new after a beat)."""
        beaten = len(self._table) > len(self.unbeaten())
        for c in cards:
            self._hands[seat].remove(printed(c))  # W2: a wild card is held printed
            self._table.append([c, None])
            if beaten:
                self.late.append(c)

    def _pass_attack_on(self):
        """T13, S3, K4: the defender becomes the current attacker; the next active player
        clockwise defends (with two players: the original attacker); PR2: with teams, the
        transferring defender's next active opponent."""
        self.transfers += 1
        self._attacker = self._defender
        self._defender = self.next_opponent(self._defender)
        self.to_move = self._defender

    def siege(self):
        """SG2, SG4 (throw_in.timing: any_time): throw-ins also while cards are unbeaten."""
        return self.variant.value("throw_in.timing") == "any_time"

    def _open_throw_ins(self):
        self.phase = THROW
        self.passed = []
        self._ask_throwers()

    def _ask_throwers(self):
        """Protocol, T2: ask the first entitled seat, clockwise from the attacker, that has not
        passed since the table last changed and holds a card it may add; close the round when
        there is none or no card fits any more (T17, T19)."""
        if self.room_for_one_more():
            for seat in self.throwers():
                if seat not in self.passed and (self.throwable(seat) or self.may_cheat_throw(seat)):
                    self.to_move = seat
                    return
        if self.unbeaten() and not self.took:
            # SG4: everyone has passed since the last change (or nothing fits): the defender
            # answers the unbeaten cards.  Only reached under siege.
            self.phase = DEFEND
            self.to_move = self._defender
            return
        self._end_round()

    # -- series ------------------------------------------------------------------------
    def next_game(self, seed=None):
        """T8, H2 (series.next_dealer, series.first_attacker): the following game of a series;
        L1: the lost-game counts go on."""
        from durakc.reference.deal import deal_game

        if self.phase != OVER:
            raise ValueError("the game is not over yet")
        if self.variant.value("series.next_dealer") == "loser":
            dealer = self.dealer if self.loser is None else self.loser  # T8
        else:
            dealer = (self.dealer + 1) % self.players
        dealer, first_rule, repeat = self.next_deal(dealer, self.variant.value(
            "series.first_attacker"))  # HR21, HR23
        game = deal_game(type(self), self.players, seed, dealer, first_rule, self._losses,
                         self.loser)
        game._losses = list(self._losses)  # L1, PR6: the series' counts carry on
        self.carry_results(game, repeat)  # HR21-HR23
        return game
