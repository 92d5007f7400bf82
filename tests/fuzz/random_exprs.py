"""Typed random expressions of the expression language (compiler/expr/expr.lark), for spec fuzzing.

`ExprDrawer(rng, env).draw(typ)` writes the text of a random expression of type `typ` that
reads the names of `env` (an environment of `durakc.schema.keys.ENVIRONMENTS`): literals, names,
card fields (`.rank`, `.suit`, `.is_trump`, `.is_joker`, `.colour`), collection fields and
methods (`.ranks`, `.suits`, `.trumps`, `.pairs`, `.longest_suit`, `.count(x)`), `len`,
`deck_rank`, `min`/`max`, `+ - and or not`, comparisons, `in`/`not in`, list literals and
`x if c else y`, nested up to a depth.  Every drawn text is well typed by construction; the
checker may still refuse one (a constant condition, a range past a bound): the spec
generator keeps only the specs `load_spec` accepts.
"""

from __future__ import annotations

import random

from durakc.schema.keys import ALL_RANKS, CARD_FIELDS, COLOURS, SET_FIELDS, SUITS

RANK_NAMES = ("J", "Q", "K", "A")
"""The rank literals that are names; other ranks are written as numbers where a rank is
expected from a number (`in`, `count`, list literals)."""

ORDERED = ("int", "rank")
"""Types `<`, `<=`, `>`, `>=`, `min` and `max` take."""

COLLECTIONS = {"cards": "card", "ranks": "rank", "suits": "suit"}

_FIELDS_OF: dict[str, list[str]] = {}
for _name, (_typ, _doc) in SET_FIELDS.items():
    _FIELDS_OF.setdefault(_typ, []).append(_name)
_CARD_FIELDS_OF: dict[str, list[str]] = {}
for _name, (_typ, _doc) in CARD_FIELDS.items():
    _CARD_FIELDS_OF.setdefault(_typ, []).append(_name)


class ExprDrawer:
    """Draws expression texts over one environment.

    `env` maps names to ``(type, doc)``; `inherited` is the type of the key's inherited
    value (None: the key has none, so `inherited` is never drawn); `max_depth` bounds the
    nesting of operators.
    """

    def __init__(self, rng: random.Random, env: dict[str, tuple[str, str]],
                 inherited: str | None = None, max_depth: int = 3):
        self.rng = rng
        self.names: dict[str, list[str]] = {}
        for name, (typ, _doc) in env.items():
            self.names.setdefault(typ, []).append(name)
        self.inherited = inherited
        self.max_depth = max_depth

    # -- what the environment can make ------------------------------------------------
    def can(self, typ: str) -> bool:
        """Whether an expression of `typ` can be written here (a card needs a card name, a
        `cards` value a name of that type)."""
        if typ == "card":
            return bool(self.names.get("card"))
        if typ == "cards":
            return bool(self.names.get("cards"))
        return typ in ("int", "bool", "rank", "suit", "colour", "ranks", "suits")

    def draw(self, typ: str, depth: int | None = None) -> str:
        """The text of a random expression of type `typ`, at most `depth` operators deep."""
        depth = self.max_depth if depth is None else depth
        makers = [m for m in self._makers(typ, depth) if m is not None]
        weights = [w for w, _ in makers]
        _, make = self.rng.choices(makers, weights)[0]
        return make(depth)

    def _makers(self, typ, depth):
        """(weight, function of depth) for each way of writing `typ`; None where not here."""
        leaf = getattr(self, f"_leaves_{typ}")()
        deeper = getattr(self, f"_nodes_{typ}")() if depth > 0 else []
        if depth > 0 and typ not in ("card",):
            deeper.append((1, lambda d: self._cond(typ, d)))
        if self.inherited == typ:
            leaf.append((2, lambda d: "inherited"))
        return leaf + deeper

    def _name(self, typ):
        return self.rng.choice(self.names[typ])

    def _has(self, typ):
        return bool(self.names.get(typ))

    def _sub(self, depth):
        return depth - 1 - (self.rng.random() < 0.3)

    def _cond(self, typ, d):
        return (f"({self.draw(typ, self._sub(d))} if {self.draw('bool', self._sub(d))} "
                f"else {self.draw(typ, self._sub(d))})")

    def _coll_type(self):
        return self.rng.choice([t for t in COLLECTIONS if self.can(t)])

    # -- leaves ----------------------------------------------------------------------------
    def _leaves_int(self):
        ways = [(3, lambda d: str(self.rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 6, 8])))]
        if self._has("int"):
            ways.append((6, lambda d: self._name("int")))
        return ways

    def _leaves_bool(self):
        ways = [(1, lambda d: self.rng.choice(["true", "false"]))]
        if self._has("bool"):
            ways.append((6, lambda d: self._name("bool")))
        return ways

    def _leaves_rank(self):
        ways = [(3, lambda d: self.rng.choice(RANK_NAMES))]
        if self._has("rank"):
            ways.append((4, lambda d: self._name("rank")))
        if self._has("card"):
            ways.append((5, lambda d: f"{self._name('card')}.rank"))
        return ways

    def _leaves_suit(self):
        ways = [(2, lambda d: self.rng.choice(SUITS))]
        if self._has("card"):
            ways.append((4, lambda d: f"{self._name('card')}.suit"))
        return ways

    def _leaves_colour(self):
        ways = [(2, lambda d: self.rng.choice(COLOURS))]
        if self._has("card"):
            ways.append((3, lambda d: f"{self._name('card')}.colour"))
        return ways

    def _leaves_card(self):
        return [(1, lambda d: self._name("card"))]

    def _leaves_cards(self):
        return [(1, lambda d: self._name("cards"))]

    def _leaves_ranks(self):
        def listed(d):
            count = self.rng.randint(1, 3)
            ranks = sorted(self.rng.sample(ALL_RANKS, count), key=ALL_RANKS.index)
            return "[" + ", ".join(ranks) + "]"
        return [(2, listed)]

    def _leaves_suits(self):
        return [(2, lambda d: "[" + ", ".join(self.rng.sample(SUITS, self.rng.randint(1, 3))) + "]")]

    # -- operators -------------------------------------------------------------------------
    def _nodes_int(self):
        ways = [(3, lambda d: f"{self.draw('int', self._sub(d))} {self.rng.choice('+-')} "
                              f"{self.draw('int', self._sub(d))}"),
                (1, lambda d: f"-{self._atom('int', d)}"),
                (3, lambda d: self._minmax("int", d)),
                (2, lambda d: f"len({self.draw(self._coll_type(), self._sub(d))})")]
        if self.can("cards"):
            ways.append((2, lambda d: f"{self._atom('cards', d)}.count({self._countable(d)})"))
            ways += [(1, lambda d, f=f: f"{self._atom('cards', d)}.{f}") for f in _FIELDS_OF["int"]]
        return ways

    def _nodes_bool(self):
        ways = [(4, lambda d: self._compare(d)),
                (3, lambda d: f"{self.draw('bool', self._sub(d))} {self.rng.choice(['and', 'or'])} "
                              f"{self.draw('bool', self._sub(d))}"),
                (2, lambda d: f"not {self._atom('bool', d)}"),
                (2, lambda d: self._member(d))]
        if self.can("card"):
            ways += [(2, lambda d, f=f: f"{self._name('card')}.{f}") for f in _CARD_FIELDS_OF["bool"]]
        return ways

    def _nodes_rank(self):
        ways = [(2, lambda d: self._minmax("rank", d)),
                (1, lambda d: f"deck_rank({self.rng.randint(0, 3)})")]
        return ways

    def _nodes_suit(self):
        return []

    def _nodes_colour(self):
        return []

    def _nodes_card(self):
        return []

    def _nodes_cards(self):
        return [(1, lambda d: f"{self._atom('cards', d)}.trumps")]

    def _nodes_ranks(self):
        return [(2, lambda d: f"{self._atom('cards', d)}.ranks")] if self.can("cards") else []

    def _nodes_suits(self):
        return [(2, lambda d: f"{self._atom('cards', d)}.suits")] if self.can("cards") else []

    # -- helpers ---------------------------------------------------------------------------
    def _atom(self, typ, d):
        """An operand that binds tighter than any operator: a name, or a parenthesised draw."""
        text = self.draw(typ, self._sub(d))
        return text if text.replace("_", "").replace(".", "").isalnum() else f"({text})"

    def _minmax(self, typ, d):
        count = self.rng.choice([2, 2, 3])
        args = ", ".join(self.draw(typ, self._sub(d)) for _ in range(count))
        return f"{self.rng.choice(['min', 'max'])}({args})"

    def _countable(self, d):
        kind = self.rng.choice(["rank", "suit", "colour"])
        if kind == "rank" and self.rng.random() < 0.3:
            return self.rng.choice(ALL_RANKS[:9])  # a number read as a rank
        return self.draw(kind, self._sub(d))

    def _compare(self, d):
        typ = self.rng.choice(["int", "int", "int", "rank", "suit", "colour", "bool"])
        ops = ["<", "<=", ">", ">=", "==", "!="] if typ in ORDERED else ["==", "!="]
        left = self.draw(typ, self._sub(d))
        right = self.draw(typ, self._sub(d))
        if typ == "bool":
            left, right = f"({left})", f"({right})"
        return f"{left} {self.rng.choice(ops)} {right}"

    def _member(self, d):
        coll = self._coll_type()
        item = COLLECTIONS[coll]
        if not self.can(item):
            coll, item = "ranks", "rank"
        op = self.rng.choice(["in", "in", "not in"])
        return f"{self.draw(item, self._sub(d))} {op} {self._atom(coll, d)}"
