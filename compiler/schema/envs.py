"""The vocabulary of the expression language: environments, card and set fields, ranges.

`durakc.schema.keys` re-exports every name here; the spec keys (`schema.KEYS`) name the
environment their expression is checked in.  Each environment maps a name to
``(type, doc)``.  Types: ``int``, ``bool``, ``rank``, ``suit``, ``colour``, ``card``, and the
collections ``cards`` (a multiset of cards), ``ranks`` and ``suits`` (sets).

Every int name has a range (`NAME_RANGES`): the checker computes the interval of every
integer sub-expression from them and refuses an expression whose result can not be stored
(`durakc.expr.ranges`), so every backend computes the same number.
"""

from __future__ import annotations

from durakc.envs import ENVS
from durakc.envs.bounds import (  # noqa: F401 - the bounds are part of the schema's API
    CARDS_MAX,
    COUNT_RANGE,
    COUNTER_MAX,
    INT_MAX,
    PLAYERS_MAX,
    RUNNING_LOSSES_MAX,
    RUNNING_TRANSFERS_MAX,
)

# ---------------------------------------------------------------------------
# Fields.  Card fields are fixed: .rank (rank), .suit (suit), .is_trump (bool),
# .is_joker (bool), .colour (colour).  A `cards` value has the fields of SET_FIELDS and the
# method `count(x)` (x a rank, suit or colour).
# ---------------------------------------------------------------------------
CARD_FIELDS = {
    "rank": ("rank", "the card's rank"),
    "suit": ("suit", "the card's suit"),
    "is_trump": ("bool", "the card is of the trump suit"),
    # -- jokers (deck.jokers, J1-J4) --
    "is_joker": ("bool", "the card is a joker (J1: it has no rank, no suit and is not a trump)"),
    "colour": ("colour", "red (hearts, diamonds, the red joker) or black (spades, clubs, the black joker)"),
}

SET_TYPES = {"cards": "card", "ranks": "rank", "suits": "suit"}
"""The collection types, each with the type of its elements (`x in s`)."""

SET_FIELDS = {
    "ranks": ("ranks", "the ranks of the cards (a joker adds none, J3)"),
    "suits": ("suits", "the suits of the cards (a joker adds none)"),
    "trumps": ("cards", "the cards that are trumps"),
    "pairs": ("int", "how many ranks the cards hold at least twice"),
    "longest_suit": ("int", "the most cards of one suit"),
}
"""Fields of a `cards` value."""

SET_METHODS = {
    "count": ("int", "count(x): how many of the cards have rank, suit or colour x"),
    "of": ("cards", "of(x): the cards of rank, suit or colour x (issue 31: hand.of(a.suit))"),
    "above": ("cards", "above(r): the cards ranked above rank r (a joker is above none)"),
}
"""Methods of a `cards` value."""

COLOURS = ("red", "black")
"""Colour literals of the expression language; a joker's colour is its only card identity (J2)."""

SUIT_COLOURS = {"S": "black", "H": "red", "D": "red", "C": "black"}
"""The colour of each suit (J2)."""

JOKER_COLOURS = {"RJ": "red", "BJ": "black", "RJ2": "red", "BJ2": "black"}
"""The jokers (deck.jokers, J1, HR16) by card text, in deck order (their card ints follow every
other card in this order), and their colours (J2)."""

JOKERS_BY_COUNT = ("BJ", "RJ", "BJ2", "RJ2")
"""HR16: which jokers a deck of 1, 2, 3 or 4 jokers holds: the first `deck.jokers` of these."""


def joker_texts(count: int) -> list[str]:
    """HR16, J1: the texts of a deck's `count` jokers in deck order (1: BJ; 2: RJ, BJ; 3: RJ,
    BJ, BJ2; 4: RJ, BJ, RJ2, BJ2)."""
    held = JOKERS_BY_COUNT[:count]
    return [t for t in JOKER_COLOURS if t in held]


ENVIRONMENTS: dict[str, dict[str, tuple[str, str]]] = {
    key: env.schema() for key, env in ENVS.items()}
"""Each environment's names a spec may write, ``name: (type, doc)`` (the table: durakc.envs)."""

NAME_RULES: dict[tuple[str, str], tuple[str, ...]] = {
    (key, n.name): n.rules for key, env in ENVS.items() for n in env.names if n.rules}
"""Expression names that bring a rule of their own into the key that reads them (explain
lists these IDs after the key's), per (environment, name): e.g. `discard` (H1)."""

NAME_RANGES: dict[str, dict[str, tuple[int, int]]] = {
    key: env.ranges() for key, env in ENVS.items() if env.ranges()}
"""The range of every int name, per environment: the checker's intervals start here (counts
of cards at most CARDS_MAX, seats at most PLAYERS_MAX, counters with their headroom:
durakc.envs.bounds)."""
