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

KINDS = ("flag", "count", "seat_counts", "seat_ints", "seat_or_none", "card_mask", "seat_suits",
         "seat_cards", "seat_set", "seed", "seat_masks", "ordinal", "seat_or_minus",
         "seat_scores", "game_scores", "table_options", "card_pairs", "derived")
"""`flag`: true or false.  `count`: a whole number from 0 to COUNTER_MAX.  `seat_counts`: per seat, a whole number from 0 to `high`.
`seat_ints`: per seat, a whole number from 0 to COUNTER_MAX (a count without a rule's bound,
such as the lost games of a series).  `seat_or_none`: a seat, or none (-1 in the engines, null
when saved).  `card_mask`: a set of cards (a mask in the engines, the card texts when saved).
`seat_suits`: per seat, a suit or none (its index or -1 in the engines, its letter or null when
saved).  `seat_cards`: per seat, a card or none (its int or -1, its text or null when saved).
`seat_set`: a set of seats (a mask in the engines, the sorted seats when saved).  `seed`: a seed
the deal drew, a whole number from 0 to 2**32 - 1 (64 bits wide in C).
`seat_masks`: per seat, a set of cards (masks in the engines, per seat the card texts when saved).
`ordinal`: a whole number from 1 to COUNTER_MAX (such as the number of a game in a series).
`seat_or_minus`: a seat, or none as -1 (in the engines and when saved: the older saved form of
`seat_or_none`, kept where the contract fixed it, such as a series' repeated dealer).
`seat_scores`: per seat, a whole number from -COUNTER_MAX to COUNTER_MAX (such as points).
`game_scores`: `seat_scores` that a game has exactly when it is over (such as this game's
points): None until then in Python (null when saved), zeros in C (whose readers go by the phase).
`table_options`: the table settings a game was started with (a spec's `options:`): their
values in OPTIONS order (a tuple in Python, read by `_options`; the ints of `set_options` in
C, whose state keeps one `opt_<name>` per option), saved as a dict of option name -> value.
`card_pairs`: a list of [card, card] pairs (card texts in Python and when saved; in C an
int array `<name>[<P>MAX_<NAME>][2]`, the capability's macros defining the most, and its
length `n<name>`), empty in a new game.
`derived`: a Python engine's value computed from the game's other state by `expr` (a table
of the player count, a cache): never saved, set again by `_start` and `from_dict`; the C
engines keep no such field."""

LIST_KINDS = ("seat_counts", "seat_ints", "seat_suits", "seat_cards", "seat_masks", "seat_scores",
              "game_scores")
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
    read as a saved game reads it, the new game's value when absent; `"own"`: a position may
    give it, and the capability's own `position_cards` / `position` macros read it."""
    copied: bool = True
    """Copied by `Game.copy` (scalars need nothing beyond the slot copy)."""
    saved: bool = True
    """Saved by `to_dict` (and so in the C view); False: a new game's and a loaded game's value
    is `start` (state that lives only until the game ends, such as who resigned)."""
    each: str = ""
    """`seat_ints`: what one entry is, in the message refusing it (such as "a loss count");
    `ordinal`, `seat_or_minus`, `game_scores`: what the value is, in that message (default:
    its name)."""
    place: str = ""
    """`card_mask`: where its cards lie, in the message refusing one (such as "the table")."""
    expr: str = ""
    """`derived`: its Python value, `{players}` standing for the player count (such as
    "TEAM_OF[{players}]")."""
    deck_place: bool = False
    """`card_mask`: its cards are a place of the deck's own, in no other place: a saved game
    reads them in `_read_saved_cards`, where the every-card check counts them.
    `table_options`: one of them sets the deck (deck.size), so a saved game reads them there,
    before the cards."""
    carried: bool = False
    """A series' next game starts with this game's value (`next_game` copies it over), such
    as the series' loss counts."""
    member: str = ""
    """The docstring of the engine's public read-only property of the same name (a member
    the contract names, whose hook point it fills): a copy of the value; "" for none."""

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ValueError(f"unknown state kind {self.kind!r} of {self.name!r}")
        if (self.kind == "derived") != bool(self.expr) or self.kind == "derived" and self.saved:
            raise ValueError(f"{self.name!r}: a derived field has an expr and is not saved, no other has one")
        if not self.saved and (self.start is None and not self.expr or self.position):
            raise ValueError(f"{self.name!r} is not saved, so it needs a start value and no position")
        if self.deck_place and self.kind not in ("card_mask", "table_options"):
            raise ValueError(f"only a card_mask is a place of the deck's own, not {self.name!r}")
        if (self.carried or self.member) and (not self.saved or not self.is_list):
            raise ValueError(f"only saved per-seat state is carried or a member, not {self.name!r}")
        if '"' in self.doc or "\\" in self.doc:
            raise ValueError(f"the doc of {self.name!r} goes into a string literal as it is")
        if '"""' in self.member or "\\" in self.member:
            raise ValueError(f"the member doc of {self.name!r} goes into a docstring as it is")

    @property
    def has_start(self) -> bool:
        """Whether a new game sets it (a `start` value, or a derived field's `expr`)."""
        return self.start is not None or self.kind in ("derived", "table_options", "card_pairs")

    @property
    def py_start(self) -> str:
        """`start` as the Python engine writes it (in `_start`, where `players` is the count)."""
        return self.py_value("players")

    def py_value(self, players: str) -> str:
        """Its start value in Python, `players` the expression of the player count."""
        if self.kind == "derived":
            return self.expr.format(players=players)
        if self.kind == "card_pairs":
            return "[]"
        if self.kind == "table_options":
            return "options"  # `_start`'s parameter (the capability's start_params)
        if self.kind == "game_scores":
            return "None"  # none until the game is over (C: zeros)
        if self.is_list:
            return f"[{self.start}] * {players}"
        return repr(self.start != 0) if self.kind == "flag" else repr(self.start)

    @property
    def is_list(self) -> bool:
        return self.kind in LIST_KINDS


def _swaps(cap) -> list[Field]:
    return [
        Field("swaps_left", "seat_counts",
              "swap.per_game: per seat, the swaps still allowed this game (PK4)",
              start=cap.per_game, high=cap.per_game, position="checked",
              member=f"Per seat, the swaps still allowed this game (swap.per_game: {cap.per_game}, PK4)."),
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


def _set_aside(cap) -> list[Field]:
    return [Field("set_aside", "card_mask",
                  f"{cap.keys}: aside - mask of the cards out of play (HR12, HR13)",
                  start=0, position="own", place="the cards set aside", deck_place=True)]


def _lot_trumps(cap) -> list[Field]:
    # set after the deal and never changed in a game, so a copy may share the lists
    return [
        Field("seat_trumps", "seat_suits",
              "trump.mode: per_seat_by_lot - per seat, the suit index of its own trump, -1: none (HR15)",
              start=-1, position="checked", copied=False),
        Field("lot_cards", "seat_cards",
              "trump.mode: per_seat_by_lot - per seat, the card turned for it (-1: unknown, a position) (HR15)",
              start=-1, copied=False),
    ]


def _redeal_offer(cap) -> list[Field]:
    # `first_rule` (a rule's name, which C keeps as `series`) stays the capability's own
    return [
        Field("redeal_asked", "seat_set",
              "deal.offer_redeal: mask of the seats that asked for a redeal this game (HR19)", start=0),
        Field("redeal_asking", "seat_or_none",
              "deal.offer_redeal: the seat asked now, redeal or keep; -1: questions over (HR19)",
              start=-1),
        Field("redeal_seed", "seed",
              "deal.offer_redeal: the seed a redeal deals from, drawn after the deal (HR19)", start=0),
    ]


def _losses(cap) -> list[Field]:
    return [Field("losses", "seat_ints", "per seat, the games lost so far in this series (L1, PR6)",
                  start=0, position="checked", each="a loss count", carried=True,
                  member="Per seat, the games lost so far in this series, this one included once lost (L1, PR6).")]


def _cheating(cap) -> list[Field]:
    passed_on = [Field("foul_transfers", "card_mask",
                       "play.cheating: the table cards transferred against the rank rule (HR34)",
                       place="the table")] if cap.transfers else []
    return passed_on + [
        Field("fouls", "card_mask",
              "play.cheating: the table cards played against the rules of rank and suit (HR34)",
              place="the table"),
        Field("played_by", "seat_masks",
              "play.cheating: per seat, the table cards it played this round (HR34)",
              place="the table"),
        Field("caught_out", "seat_counts",
              "play.cheating: per seat, 1 once it caught a legal play this round (HR34)", high=1),
        Field("honest", "derived",
              "play.cheating: the in-turn actions the rules allow now, computed with the legal ones (HR34)",
              expr="()", saved=False),
    ]


def _teams(cap) -> list[Field]:
    # the tables of the player count, set again on a loaded game (the C engines read the tables)
    return [
        Field("team", "derived", "per seat, the index of its team (teams.mode, PR1)",
              expr="TEAM_OF[{players}]", saved=False),
        Field("mates", "derived", "per seat, the mask of the seats of its team (teams.mode, PR2)",
              expr="MATES[{players}]", saved=False),
    ]


def _results(cap) -> list[Field]:
    # a position gives `points_before` as `match_points`, read by the capability's own
    # `position` macro
    fields = [Field("game", "ordinal", "the number of this game in the series, 1 for the first",
                    start=1, position="checked", each="the game number")]
    if cap.points:
        fields.append(Field("points_before", "seat_scores",
                            "outcome.points: per seat, the series' points before this game (HR22)",
                            start=0))
    if cap.repeat:
        fields += [
            Field("repeat", "seat_or_minus",
                  "series.repeat_loser_if: the seat that deals the next game once more, -1 for none (HR23)",
                  start=-1, each="the repeated dealer (-1 for none)"),
            Field("doubled", "flag", "series.repeat_loser_if held for this game's durak (HR23)", start=0),
        ]
    if cap.points:  # saved after the rest
        fields.append(Field("points", "game_scores",
                            "outcome.points: per seat, this game's points once it is over (HR22)",
                            start=0, each="points (HR22)"))
    return fields


def _options(cap) -> list[Field]:
    # the values, then each option's own slot that the expressions read (Python; C keeps
    # them as the state's opt_<name>, written by the table_options plumbing)
    return [Field("options", "table_options", "the table settings, in OPTIONS order",
                  position="own", deck_place=bool(cap.deck))] + [
        Field(item["slot"].removeprefix("_"), "derived", item["doc"],
              expr=f"g._options[{item['index']}]", saved=False) for item in cap.items]


def _hidden_trump(cap) -> list[Field]:
    # `hidden` (the stock's first card while unseen, saved as `hidden_trump`) stays the
    # capability's own: it is a place of the deck kept inside the stock
    return [Field("trump_changes", "card_pairs",
                  "trump.hidden_second: [face-up card drawn, card turned in its place] pairs (CT2)")]


DECLARED: dict[str, Callable[..., list[Field]]] = {
    "swaps": _swaps,
    "trump_exchange": _trump_exchange,
    "throw_order": _throw_order,
    "losses": _losses,
    "view_discard": _view_discard,
    "throw_card": _throw_card,
    "resign": _resign,
    "set_aside": _set_aside,
    "lot_trumps": _lot_trumps,
    "redeal_offer": _redeal_offer,
    "cheating": _cheating,
    "results": _results,
    "teams": _teams,
    "options": _options,
    "hidden_trump": _hidden_trump,
}
"""Capability name -> its state fields, from its IR section (`cap.<value>`)."""


def fields_of(cap) -> list[Field]:
    """The declared state of the capability `cap` (an IR `Capability`), in saved order."""
    declare = DECLARED.get(cap.name)
    return declare(cap) if declare is not None else []
