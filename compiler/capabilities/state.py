"""The state a capability adds to a game, declared once per capability (issue 30 item 2).

Each `Field` says what the engine must do with one piece of state: its attribute and saved
name, its kind (which fixes how it is copied, saved, read back and validated), its value in a
new game and whether a position (`from_position`) may give it.  The plumbing of the Python
engines (`__slots__`, `_start`, `copy`, `to_dict`, the saved keys, `_read_saved`,
`from_dict`, the position keys) is generated from these declarations
(`templates/state_plumbing.py.j2`, woven by `durakc.ir.hooks`); a capability's own template
keeps only its behaviour.  `DECLARED` maps a capability to the function giving its fields
from its IR section.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

KINDS = ("flag", "count", "seat_counts", "seat_ints", "seat_or_none", "card_mask", "seat_masks")
"""`flag`: true or false.  `count`: a whole number from 0 to COUNTER_MAX.  `seat_counts`: per seat, a whole number from 0 to `high`.
`seat_ints`: per seat, a whole number from 0 to COUNTER_MAX (a count without a rule's bound,
such as the lost games of a series).  `seat_or_none`: a seat, or none (-1 in the engines, null
when saved).  `card_mask`: a set of cards (a mask in the engines, the card texts when saved).
`seat_masks`: per seat, a set of cards (masks in the engines, per seat the card texts when saved)."""

LIST_KINDS = ("seat_counts", "seat_ints", "seat_masks")
"""The kinds that hold one value per seat (a list in Python, an array in C)."""


@dataclass(frozen=True)
class Field:
    """One piece of a capability's state (see the module's docstring)."""

    name: str
    """The saved key; the game's attribute is `_<name>`."""
    kind: str
    doc: str
    """The `__slots__` docstring: what it holds, with its spec key and rule IDs."""
    start: int | None = None
    """Its value in a new game (a `flag`: 0 or 1; `seat_counts`: every seat's count); None:
    not set at the start (a round or another hook sets it)."""
    high: int = 0
    """`seat_counts`: the largest count."""
    position: str | None = None
    """None: a position can not give it (a game from a position starts it as a new game does);
    `"flag"`: the position's value taken as a truth value, false when absent; `"checked"`:
    read as a saved game reads it, the new game's value when absent."""
    copied: bool = True
    """Copied by `Game.copy` (scalars need nothing beyond the slot copy)."""
    saved: bool = True
    """Saved by `to_dict` (and so in the C view); False: a new game's and a loaded game's value
    is `start` (state that lives only until the game ends, such as who resigned)."""
    each: str = ""
    """`seat_ints`: what one entry is, in the message refusing it (such as "a loss count")."""
    place: str = ""
    """`card_mask`: where its cards lie, in the message refusing one (such as "the table")."""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown state kind {self.kind!r} of {self.name!r}")
        if not self.saved and (self.start is None or self.position):
            raise ValueError(f"{self.name!r} is not saved, so it needs a start value and no position")
        if '"' in self.doc or "\\" in self.doc:
            raise ValueError(f"the doc of {self.name!r} goes into a string literal as it is")

    @property
    def py_start(self) -> str:
        """`start` as the Python engine writes it."""
        if self.is_list:
            return f"[{self.start}] * players"
        return repr(self.start != 0) if self.kind == "flag" else repr(self.start)

    @property
    def is_list(self) -> bool:
        return self.kind in LIST_KINDS


def _swaps(cap) -> list[Field]:
    return [
        Field("swaps_left", "seat_counts",
              "swap.per_game: per seat, the swaps still allowed this game (PK4)",
              start=cap.per_game, high=cap.per_game, position="checked"),
        Field("swapped", "flag", "swap.per_game: the attacker has swapped before this opening (PK1)"),
    ]


def _trump_exchange(cap) -> list[Field]:
    return [Field("exchanged", "flag",
                  "trump.six_exchange: the game's one exchange has been made (TX1)",
                  start=0, position="flag")]


def _throw_order(cap) -> list[Field]:
    return [Field("last_thrower", "seat_or_none",
                  "throw_in.first: the seat that last threw in this round, -1 for none (HR11)")]


def _view_discard(cap) -> list[Field]:
    return [Field("round_start", "count",
                  "view.discard: the index in history of the current round's first action (HR25)")]


def _throw_card(cap) -> list[Field]:
    if not cap.opening:
        return []
    return [Field("opening", "card_mask",
                  "throw_in.card reads `opening`: this round's opening attack cards, as played",
                  place="the table")]


def _resign(cap) -> list[Field]:
    return [Field("resigned", "seat_or_none", "play.resign: the seat that resigned, -1 for none (HR24)",
                  start=-1, saved=False)]


def _losses(cap) -> list[Field]:
    return [Field("losses", "seat_ints", "per seat, the games lost so far in this series (L1, PR6)",
                  start=0, position="checked", each="a loss count")]


def _cheating(cap) -> list[Field]:
    return [
        Field("fouls", "card_mask",
              "play.cheating: the table cards played against the rules of rank and suit (HR34)",
              place="the table"),
        Field("played_by", "seat_masks",
              "play.cheating: per seat, the table cards it played this round (HR34)",
              place="the table"),
        Field("caught_out", "seat_counts",
              "play.cheating: per seat, 1 once it caught a legal play this round (HR34)", high=1),
    ]


DECLARED: dict[str, Callable[..., list[Field]]] = {
    "swaps": _swaps,
    "trump_exchange": _trump_exchange,
    "throw_order": _throw_order,
    "losses": _losses,
    "view_discard": _view_discard,
    "throw_card": _throw_card,
    "resign": _resign,
    "cheating": _cheating,
}
"""Capability name -> its state fields, from its IR section (`cap.<value>`)."""


def fields_of(cap) -> list[Field]:
    """The declared state of the capability `cap` (an IR `Capability`), in saved order."""
    declare = DECLARED.get(cap.name)
    return declare(cap) if declare is not None else []
