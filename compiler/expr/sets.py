"""Collections in the expression language: nodes for `in`, `len`, list literals, the fields
and the `count` method of a `cards` value, `deck_rank(n)`, and card fields read at run time.

Values, when evaluated (the reference interpreter, the analysis): a card is a `Card`, a
`cards` value a tuple of `Card` (a multiset: two copies of a card count twice; a card is its
value, so `c in table` holds when a card of the same rank and suit lies there, a wild card
counting as the suit it is played as, W2), a `ranks` value
a frozenset of rank indices (`schema.ALL_RANKS`), a `suits` value a frozenset of suit letters.
A joker has no rank (-1) and no suit (""): it is in no rank or suit set and counts for no
rank or suit, only for its colour (J2, J3).  `deck_rank(n)` is the deck's n-th rank from 0,
the lowest; outside the deck it is "no rank", -1.

Emitted (engines): a card is its card int, a `cards` value a mask of card ints, a `ranks`
value a mask with bit `rank + 1` per rank, a `suits` value a mask with bit `suit + 1` per
suit (suits numbered S H D C from 0), so that "no rank" and "no suit" (-1) are bit 0, never
set.  Colours are 0 (red) and 1 (black).  The engines' tables for this (`EXPR_RANK`, ...)
are named in `NEEDS`; `needs(node)` tells which ones an expression reads, so an engine
holds only those.  The trump cards of the current context (the defender's trump) are the
namemap entry `$trumps`; `deck_rank` reads the entry `$deck_ranks` when evaluated.
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.expr.nodes import ATOM, CMP, SUM, Field, Name, Node, _not_text, _wrap, trumps_of
from durakc.schema.keys import ALL_RANKS, COLOURS, SUITS

NEEDS = {
    "rank": "EXPR_RANK", "suit": "EXPR_SUIT", "colour": "EXPR_COLOUR",
    "jokers": "EXPR_JOKERS", "rank_ids": "EXPR_RANK_IDS", "suit_ids": "EXPR_SUIT_IDS",
    "colour_ids": "EXPR_COLOUR_IDS", "set_ranks": "_set_ranks", "set_suits": "_set_suits",
    "set_pairs": "_set_pairs", "set_longest_suit": "_set_longest_suit",
    "deck_rank": "_deck_rank", "trumps": "EXPR_TRUMP_IDS", "same": "EXPR_SAME",
    "above_ids": "EXPR_ABOVE",
}
"""What an emitted expression may read, by need: the Python name (C drops a leading `_`)."""

_FIELD_NEEDS = {"rank": "rank", "suit": "suit", "colour": "colour", "is_joker": "jokers"}
_SET_FIELD_NEEDS = {"ranks": "set_ranks", "suits": "set_suits", "pairs": "set_pairs",
                    "longest_suit": "set_longest_suit"}
_COUNT_NEEDS = {"rank": "rank_ids", "suit": "suit_ids", "colour": "colour_ids"}


@dataclass(eq=False, kw_only=True)
class Member(Node):
    """``item in collection`` (``not in`` when `negated`); `kind` is the collection's type."""

    item: Node
    collection: Node
    kind: str
    negated: bool = False

    def children(self):
        return (self.item, self.collection)

    def evaluate(self, values):
        found = self.item.evaluate(values) in self.collection.evaluate(values)
        return found != self.negated

    def python(self, namemap):
        item = _wrap(self.item.python(namemap), ATOM)
        coll = _wrap(self.collection.python(namemap), ATOM)
        if self.kind == "cards":  # a card of the same value (W2: a wild card as named)
            text = f"({coll} & EXPR_SAME[{item}] != 0)"
        else:
            text = f"({coll} >> {_plus_one(self.item, item)} & 1)"
        return _not_text((text, ATOM)) if self.negated else (text, ATOM)

    def source(self):
        op = "not in" if self.negated else "in"
        return f"{_wrap(self.item.source(), SUM)} {op} {_wrap(self.collection.source(), SUM)}", CMP


@dataclass(eq=False, kw_only=True)
class ListLit(Node):
    """``[A, K]`` or ``[H, D]``: a constant `ranks` or `suits` value; `items` are literals."""

    items: tuple[Node, ...]
    kind: str  # "ranks" or "suits"

    def children(self):
        return self.items

    def evaluate(self, values):
        return frozenset(item.evaluate(values) for item in self.items)

    def mask(self) -> int:
        """The emitted mask: bit `rank + 1` (or `suit + 1`) for each item."""
        values = self.evaluate({})
        if self.kind == "ranks":
            return sum(1 << (v + 1) for v in values)
        return sum(1 << (SUITS.index(v) + 1) for v in values)

    def python(self, namemap):
        return f"0x{self.mask():X}", ATOM

    def source(self):
        return "[" + ", ".join(item.source()[0] for item in self.items) + "]", ATOM


@dataclass(eq=False, kw_only=True)
class Len(Node):
    """``len(x)`` of a collection."""

    arg: Node

    def children(self):
        return (self.arg,)

    def evaluate(self, values):
        return len(self.arg.evaluate(values))

    def python(self, namemap):
        return f"{_wrap(self.arg.python(namemap), ATOM)}.bit_count()", ATOM

    def source(self):
        return f"len({self.arg.source()[0]})", ATOM


@dataclass(eq=False, kw_only=True)
class SetField(Node):
    """A field of a `cards` value: ranks, suits, trumps, pairs, longest_suit."""

    base: Node
    field: str

    def children(self):
        return (self.base,)

    def evaluate(self, values):
        cards = [c for c in self.base.evaluate(values)]
        plain = [c for c in cards if not c.is_joker]
        if self.field == "ranks":
            return frozenset(c.rank for c in plain)
        if self.field == "suits":
            return frozenset(c.suit for c in plain)
        if self.field == "trumps":
            return tuple(c for c in cards if c.is_trump)
        if self.field == "pairs":
            ranks = [c.rank for c in plain]
            return sum(1 for r in set(ranks) if ranks.count(r) >= 2)
        suits = [c.suit for c in plain]
        return max((suits.count(s) for s in set(suits)), default=0)

    def python(self, namemap):
        base = _wrap(self.base.python(namemap), ATOM)
        if self.field == "trumps":
            return f"({base} & {trumps_of(namemap)})", ATOM
        return f"{NEEDS[_SET_FIELD_NEEDS[self.field]]}({base})", ATOM

    def source(self):
        return f"{_wrap(self.base.source(), ATOM)}.{self.field}", ATOM


@dataclass(eq=False, kw_only=True)
class Count(Node):
    """``cards.count(x)``: how many of the cards have rank, suit or colour x (`kind`)."""

    base: Node
    arg: Node
    kind: str  # "rank", "suit" or "colour"

    def children(self):
        return (self.base, self.arg)

    def evaluate(self, values):
        x = self.arg.evaluate(values)
        cards = self.base.evaluate(values)
        if self.kind == "colour":
            return sum(1 for c in cards if c.colour == x)
        return sum(1 for c in cards if not c.is_joker and getattr(c, self.kind) == x)

    def python(self, namemap):
        base = _wrap(self.base.python(namemap), ATOM)
        arg = _wrap(self.arg.python(namemap), ATOM)
        index = arg if self.kind == "colour" else _plus_one(self.arg, arg)
        return f"({base} & {NEEDS[_COUNT_NEEDS[self.kind]]}[{index}]).bit_count()", ATOM

    def source(self):
        return f"{_wrap(self.base.source(), ATOM)}.count({self.arg.source()[0]})", ATOM


@dataclass(eq=False, kw_only=True)
class Filter(Node):
    """``cards.of(x)``: the cards of rank, suit or colour x (`kind`); ``cards.above(r)``
    (`kind` "above"): the cards ranked above rank r (a joker is ranked above none)."""

    base: Node
    arg: Node
    kind: str  # "rank", "suit", "colour" (of) or "above"

    def children(self):
        return (self.base, self.arg)

    def evaluate(self, values):
        x = self.arg.evaluate(values)
        cards = self.base.evaluate(values)
        if self.kind == "colour":
            return tuple(c for c in cards if c.colour == x)
        if self.kind == "above":
            return tuple(c for c in cards if not c.is_joker and c.rank > x)
        return tuple(c for c in cards if not c.is_joker and getattr(c, self.kind) == x)

    def table(self) -> str:
        """The engine table (`NEEDS` value) indexed by the argument."""
        return NEEDS["above_ids" if self.kind == "above" else _COUNT_NEEDS[self.kind]]

    def python(self, namemap):
        base = _wrap(self.base.python(namemap), ATOM)
        arg = _wrap(self.arg.python(namemap), ATOM)
        index = arg if self.kind == "colour" else _plus_one(self.arg, arg)
        return f"({base} & {self.table()}[{index}])", ATOM

    def source(self):
        method = "above" if self.kind == "above" else "of"
        return f"{_wrap(self.base.source(), ATOM)}.{method}({self.arg.source()[0]})", ATOM


@dataclass(eq=False, kw_only=True)
class DeckRank(Node):
    """``deck_rank(n)``: the deck's n-th rank from 0 (the lowest); -1 (no rank) outside it."""

    arg: Node

    def __post_init__(self):
        super().__post_init__()
        self.uses_names = True  # the deck's ranks: never folded at check time

    def children(self):
        return (self.arg,)

    def evaluate(self, values):
        ranks = values.get(DECK_RANKS)
        if ranks is None:
            raise ValueError("no value given for the deck's ranks ('$deck_ranks')")
        n = self.arg.evaluate(values)
        return ranks[n] if 0 <= n < len(ranks) else -1

    def python(self, namemap):
        return f"_deck_rank({self.arg.python(namemap)[0]})", ATOM

    def source(self):
        return f"deck_rank({self.arg.source()[0]})", ATOM


DECK_RANKS = "$deck_ranks"
"""The value every evaluation of an expression that may call `deck_rank(n)` must be given."""


def deck_values(ranks) -> dict:
    """{DECK_RANKS: ...}: what `deck_rank(n)` reads, for a deck of rank texts `ranks` (lowest
    first): merge it into the values of any evaluation, at compile time or in the reference."""
    return {DECK_RANKS: tuple(ALL_RANKS.index(r) for r in ranks)}


def _plus_one(node: Node, text: str) -> str:
    """`text + 1` for a set's bit or a table's index: folded for a literal."""
    value = getattr(node, "index", getattr(node, "value", None))
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value + 1)
    return f"({text} + 1)"


def needs(node: Node) -> set[str]:
    """The engine tables and helpers (keys of `NEEDS`) the emitted form of `node` reads."""
    found: set[str] = set()
    stack = [node]
    while stack:
        n = stack.pop()
        stack.extend(n.children())
        if isinstance(n, SetField):
            found.add(_SET_FIELD_NEEDS.get(n.field, "trumps"))
        elif isinstance(n, Count):
            found.add(_COUNT_NEEDS[n.kind])
        elif isinstance(n, Filter):
            found.add("above_ids" if n.kind == "above" else _COUNT_NEEDS[n.kind])
        elif isinstance(n, Member) and n.kind == "cards":
            found.add("same")
        elif isinstance(n, DeckRank):
            found.add("deck_rank")
        elif isinstance(n, Field) and _runtime_card(n.base):
            found.add(_FIELD_NEEDS.get(n.field, "trumps"))
    return found


def _runtime_card(node: Node) -> bool:
    """A card read at run time (not one of `beating.beats`, evaluated at compile time)."""
    return isinstance(node, Name)


def rank_index(text: str) -> int:
    """The rank value of a rank text (its index in `ALL_RANKS`)."""
    return ALL_RANKS.index(text)


def colour_index(colour: str) -> int:
    """The emitted value of a colour literal."""
    return COLOURS.index(colour)


__all__ = ["NEEDS", "Count", "DeckRank", "Filter", "Len", "ListLit", "Member", "SetField", "colour_index",
           "needs", "rank_index"]
