"""Saving, copying and observing a reference game, and explaining a refused action.

`GameState` is the part of `durakc.reference.game.Game` that is not a rule of
the game: the contract's `to_dict`/`from_dict`, `copy` and `observation`, and
the words of an `IllegalAction`.
"""

from __future__ import annotations

from durakc.reference.cards import JOKER_COLOURS, InvalidGame
from durakc.reference.deal import uses_aside
from durakc.reference.options import options_class

ATTACK, DEFEND, THROW, OVER = "attack", "defend", "throw", "over"
"""The phases of a round (the engines' `phase` texts)."""


class GameState:
    """State handling shared by every reference Game (see `durakc.reference.game`)."""

    # -- copies, saving, observing -----------------------------------------------------
    def copy(self):
        """An independent copy of the game."""
        return type(self).from_dict(self.to_dict())

    _STATE = ("players", "dealer", "trump", "trump_card", "phase", "to_move", "took", "passed",
              "limit", "first_round", "transfers", "shown", "late", "out", "loser", "is_draw",
              "annotations", "history", "hidden_trump", "trump_changes", "swaps", "swapped",
              "exchanged", "last_thrower", "round_start", "resigned", "seat_trumps", "lot_cards",
              "asked", "asking", "redeal_seed", "first_rule", "opening",
              "authors", "fouls", "caught_out",
              "foul_transfers")  # HR34: a cheating table's round

    def to_dict(self):
        """A JSON-safe dict of the whole state; Game.from_dict restores it exactly."""
        d = {"variant": self.variant.name}
        for name in self._STATE:
            d[name] = _plain_copy(getattr(self, name))
        d.update(hands=self.hands, table=self.table, stock=self.stock, discard=self.discard,
                 attacker=self._attacker, original_attacker=self._opener,
                 defender=self._defender, losses=self.losses, set_aside=list(self.set_aside))
        d.update(self.results_state())  # HR21-HR23: the series' game number, points, repeat
        if self.options:  # the table settings (options:)
            d["options"] = dict(self.options)
        return d

    @classmethod
    def from_dict(cls, d):
        """The game a to_dict() result describes; ValueError for another variant's state."""
        if not isinstance(d, dict) or d.get("variant") != cls.variant.name:
            raise InvalidGame(f"not a saved state of variant {cls.variant.name!r}")
        # the table settings (options:) choose the class
        bound = options_class(cls, d.get("options")) if cls.variant.spec.options else cls
        g = bound.__new__(bound)
        try:
            for name in bound._STATE:
                setattr(g, name, _plain_copy(d[name]))
            g._hands = [list(h) for h in d["hands"]]
            g._table = [list(p) for p in d["table"]]
            g._stock = list(d["stock"])
            g._discard = list(d["discard"])
            g._attacker = d["attacker"]
            g._opener = d["original_attacker"]
            g._defender = d["defender"]
            g._losses = list(d["losses"])
            g.load_results(d)  # HR21-HR23
            g.set_aside = list(d.get("set_aside", []))  # HR12, HR13
        except (KeyError, TypeError) as exc:
            raise InvalidGame(f"a saved state needs {exc}") from None
        return g

    def observation(self, seat):
        """What `seat` may know: its own hand, other hands as counts, the table and piles."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise InvalidGame(f"no seat {seat!r} in a {self.players}-player game")
        visible = self.trump_card if self.trump_card in self._stock else None
        if self.trump_card in self.set_aside:
            visible = self.trump_card  # HR12, HR13: seen while it lies aside
        return self.viewed({  # HR25, HR26
            "variant": self.variant.name, "seat": seat, "players": self.players,
            "hand": list(self._hands[seat]), "hand_sizes": [len(h) for h in self._hands],
            "table": self.table, "trump": self.trump, "trump_card": visible,
            "stock_size": len(self._stock) + (self.hidden_trump is not None),  # CT1: to draw
            "discard": self.discard, "phase": self.phase,
            "attacker": self.attacker, "defender": self.defender, "to_move": self.to_move,
            "limit": self.limit, "out": list(self.out), "is_over": self.is_over,
            "loser": self.loser, "is_draw": self.is_draw, "history": list(self.history),
            "teams": self.teams, "trump_of": [self.trump_of(s) for s in range(self.players)],
            "losses": self.losses, "swaps_left": self.swaps_left,
            "trump_changes": [list(c) for c in self.trump_changes],  # CT2
            **({"set_aside_size": len(self.set_aside)} if uses_aside(self.variant) else {}),
            **({"seat_trump_cards": [c if c in self._stock else None for c in self.lot_cards]}
               if self.variant.value("trump.mode") == "per_seat_by_lot" else {}),  # HR15
            "legal_actions": [str(a) for a in self.legal_actions()] if seat == self.to_move else [],
            **({"options": dict(self.options)} if self.options else {}),
        })

    # -- why an action is refused ----------------------------------------------------
    def _why_illegal(self, act):
        """A reason in a player's words for refusing the well-formed action `act`."""
        if self.phase == OVER:
            return f"{act}: the game is over"
        seat = self.to_move
        held = self._hands[seat]
        cards = act.cards[1:] if act.verb == "beat" else act.cards
        if act.verb == "show":
            cards = act.cards
        missing = [c for c in cards if c not in held]
        expected = {ATTACK: ("attack",), DEFEND: ("beat", "transfer", "show", "take"),
                    THROW: ("throw", "pass")}[self.phase]
        if act.verb == "swap" and self.phase != ATTACK:
            return f"{act}: only the attacker may swap, just before opening a round (PK1)"
        if act.verb == "exchange" and self.phase != ATTACK:
            return (f"{act}: only the player about to open a round may exchange, before the "
                    f"attack (TX1)")
        if self.phase == ATTACK:
            expected += (("exchange",) if self.variant.value("trump.six_exchange") else ()) + (
                ("swap",) if self.variant.value("swap.per_game") else ())
        if act.verb not in expected:
            return (f"{act}: seat {seat} must {' or '.join(expected)} now "
                    f"(the round is in its {self.phase} phase)")
        if missing:
            return f"{act}: {' '.join(missing)} not in seat {seat}'s hand"
        if act.verb == "swap":
            return _why_not_swap(self, act)
        if act.verb == "exchange":
            return _why_not_exchange(self, act)
        jokers = [c for c in act.cards if c in JOKER_COLOURS]
        if jokers and act.verb in ("throw", "transfer", "show"):
            return (f"{act}: {jokers[0]} is a joker: it has no rank, so it can not be thrown "
                    f"in, transferred or shown (J3)")
        if jokers and act.verb == "attack" and len(act.cards) > 1:
            return f"{act}: a joker opens an attack only alone (J4)"
        if act.verb == "attack":
            return f"{act}: not a legal opening (T10, P4: one card or one rank, within {self.limit})"
        if act.verb == "beat":
            attack, defence = act.cards
            if attack not in self.unbeaten():
                return f"{act}: {attack} is not an unbeaten attack card on the table (T12, T18)"
            return f"{act}: {defence} does not beat {attack} (beating.beats, T11)"
        if act.verb == "throw":
            return f"{act}: its rank is not on the table, or no card fits any more (T17)"
        return f"{act}: no transfer or show possible now (T13-T16, S1-S2)"


def _why_not_swap(game, act):
    """PK1, PK2, PK4: why a swap of held cards is refused before the opening."""
    if not game.variant.value("swap.per_game"):
        return f"{act}: this variant has no swaps (swap.per_game: 0)"
    if game.swapped:
        return f"{act}: at most one swap per opening (PK1)"
    if not game.swaps[game.to_move]:
        return f"{act}: seat {game.to_move} has used all its swaps of this game (PK4)"
    return f"{act}: a swap needs at least three cards in the stock (PK2)"


def _why_not_exchange(game, act):
    """TX1: why an exchange of a held card is refused before the opening."""
    if not game.variant.value("trump.six_exchange"):
        return f"{act}: the trump six may not be exchanged here (T4)"
    if game.exchanged:
        return f"{act}: the trump card has been exchanged already; once per game (TX1)"
    if act.cards[0] != game.lowest_trump():
        return f"{act}: only the trump of the lowest rank may be exchanged (TX1)"
    return f"{act}: the face-up trump card must still lie under another stock card (TX1)"


def _plain_copy(value):
    """A copy of a state value: lists and dicts copied, everything else is immutable."""
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return dict(value)
    return value
