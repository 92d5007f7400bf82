"""The environments of a round's play: `round`, `seat`, `transfer`, `throw`, `opening`.

Python forms read the generated engine (`self`, and the locals of the method evaluating the
expression); C forms the C engine (`g`, and its locals); `ref` the reference's game `g` and
the caller's locals `x` (`durakc.reference`).  See `durakc.envs.model`.
"""

from __future__ import annotations

from dataclasses import replace

from durakc.envs.acting import (
    OPENING_ACTING,
    ROUND_ACTING,
    SEAT_ACTING,
    THROW_ACTING,
    TRANSFER_ACTING,
)
from durakc.envs.bounds import (
    ACTIVE_RANGE,
    COUNT_RANGE,
    LIMIT_RANGE,
    RUNNING_TRANSFERS_MAX,
    SEAT_RANGE,
    SEATS_RANGE,
)
from durakc.envs.model import Environment, Name


def _stock_left(g) -> int:
    """The cards still to draw, as the reference counts them (CT1: the hidden trump too)."""
    return len(g._stock) + (g.hidden_trump is not None)


# -- names read the same way wherever they appear ---------------------------------------
FIRST_ROUND = Name("first_round", "bool", "this is the game's first round",
                   py={"*": "self._first_round"}, c={"*": "g->first_round"},
                   ref=lambda g, x: g.first_round)
PLAYERS = Name("players", "int", "number of seats", SEATS_RANGE,
               py={"*": "self.players"}, c={"*": "g->players"}, ref=lambda g, x: g.players)
ACTIVE_PLAYERS = Name("active_players", "int", "players still in the game", ACTIVE_RANGE,
                      py={"*": "sum(self._in_game)"}, c={"*": "g->left"},
                      ref=lambda g, x: g.active_count())
STOCK = Name("stock", "int", "cards left in the stock", COUNT_RANGE,
             py={"*": "len(self._stock)"}, c={"*": "g->nstock"}, ref=lambda g, x: _stock_left(g))
DISCARD = Name("discard", "int", "cards on the discard pile (0 until the game's first "
               "successful defence, H1)", COUNT_RANGE, py={"*": "self._discard.bit_count()"},
               c={"*": "popcount(g->discard)"}, ref=lambda g, x: len(g._discard), rules=("H1",))
LIMIT = Name("limit", "int", "this round's attack limit (attack.limit)", LIMIT_RANGE,
             py={"*": "self._limit"}, c={"*": "g->limit"}, ref=lambda g, x: g.limit)

# Evaluated once per round, when the opening attack is made (attack.limit).
ROUND = Environment("round", (
    FIRST_ROUND,
    PLAYERS,
    replace(ACTIVE_PLAYERS, doc="players still holding cards this round"),
    STOCK,
    DISCARD,  # series capability (H1)
    *ROUND_ACTING,  # issue 31: me (the attacker), hand, hand_size, seats, relations
))

# Evaluated per seat when the attack reaches a defender: may this seat throw in?  Python
# `_throwers` and C's throw-in loop read seat `s`, the attacker and the defender as locals;
# the reference's caller gives `seat`.
SEAT = Environment("seat", (
    Name("is_attacker", "bool", "the seat is the current attacker",
         py={"*": "(s == attacker)"}, c={"*": "(s == atk)"},
         ref=lambda g, x: x["seat"] == g._attacker),
    Name("is_original_attacker", "bool", "the seat opened this round",
         py={"*": "(s == self._original_attacker)"}, c={"*": "(s == g->orig)"},
         ref=lambda g, x: x["seat"] == g._opener),
    # the defender is never asked: a constant of every variant (durakc.envs.seat_constants)
    Name("is_defender", "bool", "the seat is the current defender", ref=lambda g, x: False),
    Name("left_of_defender", "bool", "the seat is the next active player after the defender",
         py={"*": "(s == self._next_seat[defender])"}, c={"*": "(s == g->nxt[dfd])"},
         ref=lambda g, x: x["seat"] == g.next_active(g._defender)),
    Name("right_of_defender", "bool", "the seat is the active player just before the defender",
         py={"*": "(s == self._previous_seat(defender))"}, c={"*": "(s == prev_in(g, dfd))"},
         ref=lambda g, x: x["seat"] == g.previous_active(g._defender)),
    # teams.mode: bit s of the defender's team (PR2, PR3)
    Name("partner_of_defender", "bool", "the seat is on the defender's team (teams.mode, PR2)",
         py={"*": "(self._mates[defender] >> s & 1)"}, c={"*": "((MATES[n][dfd] >> s) & 1U)"},
         ref=lambda g, x: g.partners(x["seat"], g._defender)),
    replace(PLAYERS, py={"*": "n"}, c={"*": "n"}),
    ACTIVE_PLAYERS,
    *SEAT_ACTING,  # issue 31: me, hand, hand_size (durakc.envs.acting)
))


def _unbeaten_late(g, added: int) -> int:
    """K1: unbeaten cards played after the round's first beat, and a late transfer's own."""
    beaten = len(g._table) - len(g.unbeaten())
    return sum(1 for a in g.unbeaten() if a in g.late) + (added if beaten else 0)


# Evaluated for each proposed transfer (or show), with the table as it would be after it
# (issue 19 2b: transfer.when and transfer.capacity read the same names the same way).
# Places: "*" the table now (judged once before the transfers); "after_k" after `k` cards
# of the rank (Python `transfer.mask`, C `sub << (r * NSUITS)`); "shown" after showing the
# trump `c` (Python) or `t` (C), which adds nothing (S1); "action" (Python) why the action
# `action` of `added` cards is refused.  The reference's caller gives `played`, `added`
# (0 for a show) and `trump`.
TRANSFER = Environment("transfer", (
    FIRST_ROUND,
    LIMIT,
    Name("attack_cards", "int", "attack cards on the table after the transfer", COUNT_RANGE,
         py={"*": "len(self._attack_cards)", "after_k": "(len(self._attack_cards) + k)",
             "action": "(len(self._attack_cards) + added)"},
         c={"*": "g->natt", "after_k": "(g->natt + k)"},
         ref=lambda g, x: len(g._table) + x["added"]),
    Name("unbeaten", "int", "unbeaten attack cards after the transfer", COUNT_RANGE,
         py={"*": "len(self._unbeaten)", "after_k": "(len(self._unbeaten) + k)",
             "action": "(len(self._unbeaten) + added)"},
         c={"*": "g->nunb", "after_k": "(g->nunb + k)"},
         ref=lambda g, x: len(g.unbeaten()) + x["added"]),
    Name("beaten", "int", "attack cards already beaten this round", COUNT_RANGE,
         py={"*": "self._beaten"}, c={"*": "g->beaten"},
         ref=lambda g, x: len(g._table) - len(g.unbeaten())),
    # the engines' callers bind `next_hand` (Python inline: the next defender's hand)
    Name("next_hand", "int", "cards now held by the player who would defend next", COUNT_RANGE,
         py={"*": "next_hand"}, c={"*": "next_hand"},
         ref=lambda g, x: len(g._hands[g.next_opponent(g._defender)])),
    STOCK,  # HR29: transfer while the stock lasts (the reference counts the hidden trump, CT1)
    DISCARD,  # e.g. no transfer before the game's first discard
    Name("transfers", "int", "transfers (and shows) already made this round",
         (0, RUNNING_TRANSFERS_MAX), py={"*": "self._transfers"}, c={"*": "g->transfers"},
         ref=lambda g, x: g.transfers),
    # the seats of the round (issue 31, HR28): who the transfer would make the defender, and
    # who opened, attacks, defends and dealt.  With teams.mode the next defender is the next
    # active opponent (PR2): its form at the place "teams".
    Name("next_defender", "int", "the seat that would defend after the transfer (the next "
         "active player after the defender; with teams the next active opponent)", SEAT_RANGE,
         py={"*": "self._next_seat[self._defender]", "teams": "self._opponent(self._defender)"},
         c={"*": "g->nxt[g->def]", "teams": "opponent(g, g->def)"},
         ref=lambda g, x: g.next_opponent(g._defender)),
    Name("original_attacker", "int", "the seat that opened this round", SEAT_RANGE,
         py={"*": "self._original_attacker"}, c={"*": "g->orig"}, ref=lambda g, x: g._opener),
    Name("attacker", "int", "the seat attacking now (the transferring defender's attacker)",
         SEAT_RANGE, py={"*": "self._attacker"}, c={"*": "g->atk"},
         ref=lambda g, x: g._attacker),
    Name("defender", "int", "the seat defending now (the one that would transfer)", SEAT_RANGE,
         py={"*": "self._defender"}, c={"*": "g->def"}, ref=lambda g, x: g._defender),
    Name("dealer", "int", "the seat that dealt this game", SEAT_RANGE,
         py={"*": "self._dealer"}, c={"*": "g->dealer"}, ref=lambda g, x: g.dealer),
    # K1: once a card has been beaten, the cards transferred are late ones too
    Name("unbeaten_late", "int", "unbeaten attack cards added after the first beat, the "
         "transfer's own included (K1: new)", COUNT_RANGE,
         py={"*": "self._late_unbeaten",
             "after_k": "(self._late_unbeaten + (k if self._beaten else 0))",
             "action": "(self._late_unbeaten + (added if self._beaten else 0))"},
         c={"*": "g->late_unbeaten", "after_k": "(g->late_unbeaten + (g->beaten ? k : 0))"},
         ref=lambda g, x: _unbeaten_late(g, x["added"])),
    # the transfer itself (HR5, HR6): every name above that counts cards counts them after it
    Name("played", "cards", "the cards played to transfer (a show: the trump shown, which "
         "stays in hand)",
         py={"after_k": "transfer.mask", "shown": "(1 << c)", "action": "action.mask"},
         c={"after_k": "(sub << (r * NSUITS))", "shown": "BIT(t)"},
         ref=lambda g, x: g.variant.cards(x["played"], x["trump"])),
    Name("hand_after", "int", "cards the transferring defender holds after the transfer (a "
         "show keeps its card)", COUNT_RANGE,
         py={"after_k": "(self._hands[self._defender].bit_count() - k)",
             "shown": "self._hands[self._defender].bit_count()",
             "action": "(self._hands[self._defender].bit_count() - added)"},
         c={"after_k": "(popcount(g->hands[g->def]) - k)",
            "shown": "popcount(g->hands[g->def])"},
         ref=lambda g, x: len(g._hands[g._defender]) - x["added"]),
    *TRANSFER_ACTING,  # issue 31: me, hand, hand_size (durakc.envs.acting)
))


def _table_cards(g) -> list:
    """Every card on the reference's table, attack and defence cards, as played."""
    return [c for pair in g._table for c in pair if c is not None]


# Evaluated for each card a seat could add to the attack (throw_in.card, T17, HR1-HR4, HR9):
# `c` a card int as played (a wild card: its named-suit int, W2), `table` and `attack` locals
# of the table as played (Python: durakc.ir.play.THROW_LOCALS), `seat` the seat asked.  The
# reference's caller gives `seat` and `trump`, and binds `c` per card.
THROW = Environment("throw", (
    Name("c", "card", "the card to be added (a wild card as the suit it is played as)",
         py={"*": "c"}, c={"*": "c"}),
    Name("table", "cards", "every card on the table, attack and defence cards, as played",
         py={"*": "table"}, c={"*": "table"},
         ref=lambda g, x: g.variant.cards(_table_cards(g), x["trump"])),
    Name("attack", "cards", "the attack cards on the table", py={"*": "attack"},
         c={"*": "attack"}, ref=lambda g, x: g.variant.cards([a for a, _ in g._table], x["trump"])),
    Name("opening", "cards", "this round's opening attack", py={"*": "self._opening"},
         c={"*": "g->opening"}, ref=lambda g, x: g.variant.cards(g.opening, x["trump"])),
    Name("took", "bool", "the defender has declared take", py={"*": "self._took"},
         c={"*": "g->took"}, ref=lambda g, x: g.took),
    Name("attack_cards", "int", "attack cards on the table", COUNT_RANGE,
         py={"*": "len(self._attack_cards)"}, c={"*": "g->natt"}, ref=lambda g, x: len(g._table)),
    Name("unbeaten", "int", "unbeaten attack cards on the table", COUNT_RANGE,
         py={"*": "len(self._unbeaten)"}, c={"*": "g->nunb"},
         ref=lambda g, x: len(g.unbeaten())),
    LIMIT,
    FIRST_ROUND,
    STOCK,
    Name("is_attacker", "bool", "the seat asked is the current attacker",
         py={"*": "(seat == self._attacker)"}, c={"*": "(seat == g->atk)"},
         ref=lambda g, x: x["seat"] == g._attacker),
    PLAYERS,
    ACTIVE_PLAYERS,
    *THROW_ACTING,  # issue 31: me, hand, hand_size (durakc.envs.acting)
))

# Evaluated for each opening attack the attacker could make (attack.opening as an
# expression, HR7, HR8): the subsets of the hand of the sizes it allows, within `room`.
# Python `_opening_actions` and C `opening_actions` hold `cards` (the mask of a proposed
# opening), `room` and `hand` as locals; the reference's caller gives `room`, `hand` and
# `trump`, and binds `cards` per opening.
OPENING = Environment("opening", (
    Name("cards", "cards", "the proposed opening attack", py={"*": "cards"}, c={"*": "cards"}),
    Name("room", "int", "the most cards the opening may hold now: min(limit, the defender's "
         "hand, the attacker's hand)", COUNT_RANGE, py={"*": "room"}, c={"*": "room"},
         ref=lambda g, x: x["room"]),
    Name("hand", "cards", "the attacker's hand", py={"*": "hand"}, c={"*": "hand"},
         ref=lambda g, x: g.variant.cards(x["hand"], x["trump"])),
    FIRST_ROUND,
    PLAYERS,
    STOCK,
    *OPENING_ACTING,  # issue 31: me, hand_size (durakc.envs.acting)
))
