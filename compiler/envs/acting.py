"""The acting seat in conditions (issue 31, item 1): `me`, its `hand` and its `hand_size`,
the round's seats and the seat relations `left_of(s)`, `right_of(s)`, `partner_of(s)`.

Every play environment offers the seat whose action the condition decides, as `me` (a seat
number), with its hand as a `cards` value (`hand`, usable with `len`, `in`, `.count(x)`,
`.of(x)`, `.above(r)`, `.trumps`, ...) and its size (`hand_size`):

- `cards` (beating.beats): the defender, whose beat is judged (HR27).  Reading `hand`,
  `hand_size` or `me` makes the beat rule depend on the run time: the engines keep the
  compile-time table for what the two cards decide alone and judge the rest per card
  (`durakc.ir.beats.RUNTIME_NAMES`, the `runtime_beats` capability);
- `seat` (throw_in.who) and `throw` (throw_in.card): the seat asked whether it may throw in;
- `transfer` (transfer.when, transfer.capacity): the defender that would transfer (its hand
  before the transfer; `hand_after` counts it after);
- `opening` (attack.opening): the attacker (`hand` there already was the attacker's hand);
- `round` (attack.limit, evaluated as each round starts): the attacker about to open it,
  with its hand before the opening;
- `show` (transfer.show_card) reads the `transfer` names: the defender that would show.

Each also offers the acting seat's `losses` (games lost so far in the series, L1) and `points`
(its series points before this game, EP1).  Reading `losses` switches on the engines' loss
counts (the `losses` capability, `durakc.ir.acting.acting_losses_keys`); `points` reads the
totals of the `results` capability and so needs outcome.points (the checker refuses it
otherwise: it would always be 0).

Each environment lists its own `Name`s below (Python form, C form, reference reading, range).
"""

from __future__ import annotations

import functools

from durakc.envs.bounds import COUNT_RANGE, COUNTER_MAX, RUNNING_LOSSES_MAX, SEAT_RANGE
from durakc.envs.model import Name

_ME = "the acting seat: the seat whose action the condition decides ({})"
_HAND = "the acting seat's hand (`me`'s cards)"
_SIZE = "cards in the acting seat's hand"
_LOSSES = ("games the acting seat has lost so far in the series (L1; read by a spec, the "
           "engines count them: the `losses` capability)")
_POINTS = ("the acting seat's points in the series before this game (EP1; needs "
           "outcome.points)")


def _names(who: str, seat_py: str, seat_c: str, seat_ref, trump_ref, hand: bool = True,
           hand_py: str | None = None, hand_c: str | None = None,
           seats: bool = True) -> tuple[Name, ...]:
    """`me`, `hand` (unless the environment has its own) and `hand_size` of one environment,
    whose acting seat is `seat_py` / `seat_c` in the engines and `seat_ref(g, x)` in the
    reference; `trump_ref(g, x)` is the trump suit letter its cards are seen with; then the
    round's seats (unless the environment has its own: `seats`) and the seat relations."""
    hand_py = hand_py or f"self._hands[{seat_py}]"
    hand_c = hand_c or f"g->hands[{seat_c}]"
    names = [Name("me", "int", _ME.format(who), SEAT_RANGE, py={"*": seat_py}, c={"*": seat_c},
                  ref=seat_ref)]
    if hand:
        names.append(Name("hand", "cards", _HAND, py={"*": hand_py}, c={"*": hand_c},
                          ref=lambda g, x: _game(g, x).variant.cards(
                              _game(g, x)._hands[seat_ref(g, x)], trump_ref(g, x))))
    names.append(Name("hand_size", "int", _SIZE, COUNT_RANGE, py={"*": f"{hand_py}.bit_count()"},
                      c={"*": f"popcount({hand_c})"},
                      ref=lambda g, x: len(_game(g, x)._hands[seat_ref(g, x)])))
    names += _series(seat_py, seat_c, seat_ref)
    return (*names, *(SEATS if seats else ()), *RELATIONS)


def _series(seat_py: str, seat_c: str, seat_ref) -> list[Name]:
    """The acting seat's `losses` and `points` in the series (L1, EP1): the engines' counts of
    the `losses` capability and the `results` capability's totals before this game."""
    return [
        Name("losses", "int", _LOSSES, (0, RUNNING_LOSSES_MAX), py={"*": f"self._losses[{seat_py}]"},
             c={"*": f"g->losses[{seat_c}]"},
             ref=lambda g, x: _game(g, x)._losses[seat_ref(g, x)]),
        Name("points", "int", _POINTS, (-COUNTER_MAX, COUNTER_MAX),
             py={"*": f"self._points_before[{seat_py}]"}, c={"*": f"g->points_before[{seat_c}]"},
             ref=lambda g, x: _game(g, x)._totals[seat_ref(g, x)]),
    ]


SERIES_NAMES = frozenset({"losses", "points"})
"""The acting seat's names that read the series (L1, EP1): a spec pays only when it reads them."""


SEATS = (
    Name("attacker", "int", "the seat attacking now", SEAT_RANGE, py={"*": "self._attacker"},
         c={"*": "g->atk"}, ref=lambda g, x: _game(g, x)._attacker),
    Name("defender", "int", "the seat defending now", SEAT_RANGE, py={"*": "self._defender"},
         c={"*": "g->def"}, ref=lambda g, x: _game(g, x)._defender),
    Name("original_attacker", "int", "the seat that opened this round", SEAT_RANGE,
         py={"*": "self._original_attacker"}, c={"*": "g->orig"},
         ref=lambda g, x: _game(g, x)._opener),
    Name("dealer", "int", "the seat that dealt this game", SEAT_RANGE, py={"*": "self._dealer"},
         c={"*": "g->dealer"}, ref=lambda g, x: _game(g, x).dealer),
)
"""The round's seats, as seat numbers (the transfer environment has its own, HR28)."""

RELATIONS = (
    Name("left_of", "function", "left_of(s): the next seat clockwise after seat s still in the "
         "game", py={"*": "self._next_seat[{}]"}, c={"*": "g->nxt[{}]"},
         ref=lambda g, x: _game(g, x).next_active),
    Name("right_of", "function", "right_of(s): the seat still in the game just before seat s "
         "(clockwise)", py={"*": "self._right_of({})"}, c={"*": "right_of_seat(g, {})"},
         ref=lambda g, x: _game(g, x).previous_active),
    Name("partner_of", "function", "partner_of(s): the next seat clockwise after seat s on "
         "s's team (teams.mode, PR1: by the fixed seating, in the game or out; with "
         "opposite teams the one partner)", py={"*": "self._partner_of({})"},
         c={"*": "partner_of_seat(g, {})"},
         ref=lambda g, x: functools.partial(partner_of, _game(g, x))),
)
"""The seat relations (`durakc.expr.seats`); `right_of` reads the engines' helper of the
`seat_relations` capability, `partner_of` that of `partner_relation` (`durakc.ir.acting`)."""


def partner_of(game, seat: int) -> int:
    """The reference's `partner_of(seat)`: the next seat clockwise after `seat` of its team
    (PR1, by seat number; `seat` itself without teams)."""
    n = game.players
    for i in range(1, n):
        s = (seat + i) % n
        if game.team(s) == game.team(seat):
            return s
    return seat


def _game(scope, x):
    """The reference's game: the scope itself, or the caller's `game` (the `cards`
    environment is read with the variant as its scope)."""
    return x.get("game", scope)


# beating.beats: the reference's caller gives `game` (and `trump`); the engines evaluate it
# inside the run-time beat check, whose acting seat is the defender.
CARDS_ACTING = _names("the defender", "self._defender", "g->def",
                      lambda v, x: x["game"]._defender, lambda v, x: x["trump"])
BEAT_RUNTIME_NAMES = frozenset(n.name for n in CARDS_ACTING)
"""The names that make a beat rule read the defender, judged at run time (HR27)."""
# throw_in.who: Python `_throwers` and C's loop read seat `s`; the reference gives `seat`.
SEAT_ACTING = _names("the seat asked whether it may throw in", "s", "s",
                     lambda g, x: x["seat"], lambda g, x: g.trump_of(g._defender))
# throw_in.card: the seat asked is `seat` in both engines and the reference's caller.
THROW_ACTING = _names("the seat asked whether it may add the card", "seat", "seat",
                      lambda g, x: x["seat"], lambda g, x: x["trump"])
# transfer.when, transfer.capacity: the defender that would transfer.
TRANSFER_ACTING = _names("the defender that would transfer", "self._defender", "g->def",
                         lambda g, x: g._defender, lambda g, x: x["trump"], seats=False)
# attack.limit: the attacker opening the round, its hand before the opening (issue 31 item 3).
ROUND_ACTING = _names("the attacker opening the round", "self._attacker", "g->atk",
                      lambda g, x: g._attacker, lambda g, x: g.trump_of(g._defender))
# attack.opening: the attacker (the environment's own `hand` is its hand already).
OPENING_ACTING = _names("the attacker", "self._attacker", "g->atk", lambda g, x: g._attacker,
                        lambda g, x: x["trump"], hand=False, hand_py="hand", hand_c="hand")

__all__ = ["CARDS_ACTING", "OPENING_ACTING", "RELATIONS", "ROUND_ACTING", "SEATS", "SEAT_ACTING",
           "SERIES_NAMES", "THROW_ACTING", "TRANSFER_ACTING", "partner_of"]
