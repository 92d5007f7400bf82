"""Table settings chosen when a game starts: a spec's top-level ``options:`` (issue 32 item 4).

    options:
      transfer: {type: bool, default: true, text: "transfers allowed"}
      first_limit: {type: int, range: [5, 6], default: 6, text: "the first round's limit"}
      hand: {choices: [6, 7], default: 6, text: "cards per hand"}

Each option is a name every expression of the play environments (`OPTION_ENVS`) may read: a
run-time value of the game, given to `new_game(..., options={...})` and carried by the state,
so one engine serves every setting.  This module reads and checks the field (every problem a
diagnostic at its place) and gives the expression checker the names while a spec's rule
values are checked (`checking`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from durakc.diagnostics import Diagnostic
from durakc.schema.keys import ENVIRONMENTS
from durakc.spec.hands import hand_size
from durakc.spec.problems import describe
from durakc.yamltree.read import Node

OPTION_ENVS = ("round", "seat", "transfer")
"""The environments an option may be read in: those evaluated at run time inside the game
(attack.limit; throw_in.who; transfer.when, transfer.capacity)."""

MAX_OPTIONS = 16
"""The most options a spec declares."""

MAX_RANGE = 1000
"""The widest range an int option may span (it is checked at both ends)."""

OPTION_MAX = 1_000_000
"""The largest magnitude an int option's value may have (no rule needs more)."""

_NAME_RE = re.compile(r"^[a-z][a-z0-9_]{0,31}$")
_RESERVED = frozenset({"inherited", "true", "false", "and", "or", "not", "if", "else", "in",
                       "min", "max", "len", "deck_rank", "red", "black"})
_FIELDS = ("type", "choices", "range", "default", "text", "sets")

DECK_SIZE = "deck.size"
"""What an option may set besides the names it gives expressions (`sets:`): the number of
cards dealt from, the highest ranks of `deck.ranks` in every suit."""

_DECK_SIZE_ALONE = {"deck.jokers": 0, "deck.copies": 1, "deck.wild_rank": None,
                    "deal.mode": "hands", "deal.stock": "drawn", "trump.card": "drawn_last",
                    "trump.six_exchange": False}
"""The keys a deck-size option needs at these values (their rules read the whole deck)."""

_DECK_NAMES = ("lowest", "highest", "final_attack_lowest")
"""Expression names that read the deck's ranks when the engine is built."""


@dataclass(frozen=True)
class Option:
    """One table setting: its name, type ("bool" or "int"), the values it may take, its
    default and a short text.  `range` is True when `values` came from an int range."""

    name: str
    type: str
    values: tuple
    default: int | bool
    text: str = ""
    range: bool = False
    sets: str = ""
    """`DECK_SIZE` when the option chooses the deck's size, else empty."""
    node: Node | None = field(default=None, compare=False, repr=False)

    @property
    def bounds(self) -> tuple[int, int]:
        """The lowest and highest value (False and True count as 0 and 1)."""
        return int(min(self.values)), int(max(self.values))

    @property
    def checked_values(self) -> tuple:
        """The values the checker tries: each value, or a range's two ends."""
        return (self.values[0], self.values[-1]) if self.range else self.values

    def describe(self) -> str:
        """The values in words: ``true or false``, ``24, 36 or 52``, ``5 to 6``."""
        if self.type == "bool":
            return "true or false"
        if self.range:
            return f"a whole number from {self.values[0]} to {self.values[-1]}"
        texts = [str(v) for v in self.values]
        return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " or " + texts[-1]

    def as_dict(self) -> dict:
        """The engines' OPTIONS entry: type, values (or range), default, text."""
        d: dict = {"type": self.type, "default": self.default, "text": self.text}
        if self.sets:
            d["sets"] = self.sets
        if self.range:
            d["range"] = [self.values[0], self.values[-1]]
        else:
            d["values"] = list(self.values)
        return d


_CURRENT: ContextVar[dict[str, tuple] | None] = ContextVar("durakc_options", default=None)


@contextmanager
def checking(options: tuple[Option, ...]) -> Iterator[None]:
    """While a spec's values are checked, its options are names of `OPTION_ENVS`."""
    token = _CURRENT.set({o.name: (o.type, o.text or f"option {o.name}",
                                   o.bounds if o.type == "int" else None) for o in options})
    try:
        yield
    finally:
        _CURRENT.reset(token)


def names_for(env: str) -> dict[str, tuple]:
    """The option names the expression checker adds to environment `env` (none outside
    `OPTION_ENVS`)."""
    return (_CURRENT.get() or {}) if env in OPTION_ENVS else {}


def read_options(tree: Node | None, diags: list[Diagnostic]) -> tuple[Option, ...]:
    """The checked ``options:`` of a spec file's tree; each problem a diagnostic."""
    entry = tree.get("options") if tree is not None and tree.kind == "map" else None
    if entry is None or (entry.value.kind == "scalar" and entry.value.value is None):
        return ()
    node = entry.value
    if node.kind != "map":
        diags.append(node.diag(f"'options' must be a mapping of option names to settings, "
                               f"not {describe(node)}"))
        return ()
    if len(node.entries) > MAX_OPTIONS:
        diags.append(node.diag(f"at most {MAX_OPTIONS} options, not {len(node.entries)}"))
        return ()
    found = []
    for item in node.entries:
        option = _read_option(item.key, item.key_node, item.value, diags)
        if option is not None:
            found.append(option)
    return tuple(found)


def _name_problem(name: str) -> str | None:
    if not _NAME_RE.match(name):
        return (f"option name '{name}' must be lowercase letters, digits and '_', starting "
                "with a letter (at most 32)")
    if name in _RESERVED:
        return f"option name '{name}' is a word of the expression language"
    taken = [env for env, names in ENVIRONMENTS.items() if name in names]
    if taken:
        return (f"option name '{name}' is already an expression name (in {', '.join(taken)}): "
                "choose another")
    return None


def _read_option(name: str, key_node: Node, node: Node, diags) -> Option | None:
    problem = _name_problem(name)
    if problem is not None:
        diags.append(key_node.diag(problem))
        return None
    if node.kind != "map":
        diags.append(node.diag(f"option '{name}' must be a mapping with 'type' or 'choices', "
                               f"'default' and 'text', not {describe(node)}"))
        return None
    before = len(diags)
    for item in node.entries:
        if item.key not in _FIELDS:
            diags.append(item.key_node.diag(
                f"unknown setting '{item.key}' of option '{name}' (one of {', '.join(_FIELDS)})"))
    values, is_range = _values(name, node, diags)
    text = _text(name, node.get("text"), diags)
    if values is None or len(diags) > before:
        return None
    default = _default(name, node, values, is_range, diags)
    if default is None:
        return None
    typ = "bool" if isinstance(values[0], bool) else "int"
    sets = _sets(name, typ, node.get("sets"), diags)
    return Option(name, typ, values, default, text, is_range, sets or "", node)


def _sets(name: str, typ: str, entry, diags) -> str | None:
    if entry is None:
        return ""
    if entry.value.value != DECK_SIZE or typ != "int":
        diags.append(entry.value.diag(f"'sets' of option '{name}' may only be {DECK_SIZE} "
                                      "(an int option: the number of cards in the deck)"))
        return None
    return DECK_SIZE


def _values(name: str, node: Node, diags) -> tuple[tuple | None, bool]:
    typ, choices, span = node.get("type"), node.get("choices"), node.get("range")
    given = [e for e in (choices, span) if e is not None]
    if len(given) > 1:
        diags.append(node.diag(f"option '{name}' takes 'choices' or 'range', not both"))
        return None, False
    kind = typ.value.value if typ is not None else None
    if typ is not None and kind not in ("bool", "int"):
        diags.append(typ.value.diag(f"option type must be bool or int, not {describe(typ.value)}"))
        return None, False
    if kind == "bool":
        if given:
            diags.append(given[0].key_node.diag(f"a bool option ('{name}') takes no '{given[0].key}'"))
            return None, False
        return (False, True), False
    if choices is not None:
        return _choices(name, choices.value, diags), False
    if span is not None:
        return _range(name, span.value, diags), True
    where = typ.value if typ is not None else node
    diags.append(where.diag(f"option '{name}' needs 'type: bool', 'choices: [...]' or "
                            "'range: [low, high]'"))
    return None, False


def _whole(item: Node) -> int | None:
    value = item.value
    if item.kind == "scalar" and isinstance(value, int) and not isinstance(value, bool) \
            and abs(value) <= OPTION_MAX:
        return value
    return None


def _choices(name: str, node: Node, diags) -> tuple | None:
    if node.kind != "seq" or not node.items:
        diags.append(node.diag(f"'choices' of option '{name}' must be a non-empty list of "
                               f"whole numbers, not {describe(node)}"))
        return None
    values = []
    for item in node.items:
        value = _whole(item)
        if value is None:
            diags.append(item.diag(f"each choice of option '{name}' must be a whole number "
                                   f"from -{OPTION_MAX:,} to {OPTION_MAX:,}, not {describe(item)}"))
            return None
        if value in values:
            diags.append(item.diag(f"choice {value} of option '{name}' is listed twice"))
            return None
        values.append(value)
    return tuple(values)


def _range(name: str, node: Node, diags) -> tuple | None:
    ends = [_whole(item) for item in node.items] if node.kind == "seq" else []
    if len(ends) != 2 or None in ends:
        diags.append(node.diag(f"'range' of option '{name}' must be [low, high], two whole "
                               f"numbers from -{OPTION_MAX:,} to {OPTION_MAX:,}, not "
                               f"{describe(node)}"))
        return None
    low, high = ends
    assert low is not None and high is not None
    if not low <= high <= low + MAX_RANGE:
        diags.append(node.diag(f"'range' of option '{name}' must have low <= high and span "
                               f"at most {MAX_RANGE}"))
        return None
    return tuple(range(low, high + 1))


def _text(name: str, entry, diags) -> str:
    if entry is None:
        return ""
    value = entry.value
    if value.kind != "scalar" or not isinstance(value.value, str) or '"' in value.value \
            or "\\" in value.value or not value.value.isprintable():
        diags.append(value.diag(f"'text' of option '{name}' must be a one-line string "
                                f"without quotes or backslashes, not {describe(value)}"))
        return ""
    return value.value


def _default(name: str, node: Node, values: tuple, is_range: bool, diags) -> int | bool | None:
    entry = node.get("default")
    if entry is None:
        diags.append(node.diag(f"option '{name}' needs a 'default'"))
        return None
    value = entry.value.value if entry.value.kind == "scalar" else None
    if not isinstance(value, int) or isinstance(values[0], bool) != isinstance(value, bool) \
            or value not in values:
        typ = "bool" if isinstance(values[0], bool) else "int"
        shown = Option(name, typ, values, values[0], "", is_range).describe()
        diags.append(entry.value.diag(f"the default of option '{name}' must be {shown}, "
                                      f"not {describe(entry.value)}"))
        return None
    return value


def resolve(options: tuple[Option, ...], given: dict | None) -> dict:
    """{name: value} of every option: `given`'s values checked, the defaults for the rest.
    ValueError naming the option for an unknown name or a value it does not take."""
    chosen = {o.name: o.default for o in options}
    by_name = {o.name: o for o in options}
    for name, value in (given or {}).items():
        option = by_name.get(name)
        if option is None:
            known = ", ".join(by_name) or "none"
            raise ValueError(f"unknown option {name!r} (this variant's options: {known})")
        if isinstance(value, bool) != (option.type == "bool") or value not in option.values:
            raise ValueError(f"option {name!r} is {option.describe()}, not {value!r}")
        chosen[name] = value
    return chosen


def combinations(options: tuple[Option, ...]) -> list[dict]:
    """Every combination of the options' checked values (each bool and choice value, the two
    ends of a range), in a fixed order: what `durakc verify` plays; empty without options."""
    if not options:
        return []
    names = [o.name for o in options]
    return [dict(zip(names, values))
            for values in itertools.product(*(o.checked_values for o in options))]


def rules_at(spec, chosen: dict) -> dict:
    """The spec's effective rules as an engine's VARIANT["rules"] gives them, with every
    option fixed to its value in `chosen` (the defaults for the rest) and folded, and
    `deck.ranks` the ranks dealt: the rules a game started with those settings plays (what
    the shared test suites assume of a game)."""
    values = resolve(spec.options, chosen)
    rules = spec.variant_dict()["rules"]
    for path, value in spec.values.items():
        if hasattr(value, "canonical_with") and value.names & set(values):
            rules[path] = value.canonical_with(values)
    option = deck_option(spec.options)
    if option is not None:  # the highest ranks of every suit (sets: deck.size)
        ranks = rules["deck.ranks"]
        rules["deck.ranks"] = ranks[len(ranks) - values[option.name] // len(rules["deck.suits"]):]
    return rules


def deck_option(options: tuple[Option, ...]) -> Option | None:
    """The option that sets the deck's size (`sets: deck.size`), or None."""
    return next((o for o in options if o.sets == DECK_SIZE), None)


def check_deck_option(options: tuple[Option, ...], values: dict, diags: list) -> None:
    """The deck sizes an option sets must each make a deck of `deck.ranks` (the highest ranks
    of every suit) that seats `players.min`, and the rules must not read the whole deck;
    every problem a diagnostic at the option, naming the value ("when deck=24")."""
    setting = [o for o in options if o.sets == DECK_SIZE]
    if not setting:
        return
    option = setting[0]
    where = option.node

    def problem(message: str) -> None:
        diags.append(where.diag(message) if where is not None else Diagnostic("", 0, 0, message))

    if len(setting) > 1:
        problem(f"only one option may set {DECK_SIZE}, not {', '.join(o.name for o in setting)}")
    for key, wanted in _DECK_SIZE_ALONE.items():
        if key in values and values[key] != wanted:
            problem(f"option '{option.name}' sets {DECK_SIZE}, which {key}: {values[key]} "
                    "does not combine with")
    read = {n for v in values.values() if hasattr(v, "names") for n in v.names}
    for name in sorted(read & set(_DECK_NAMES)):
        problem(f"option '{option.name}' sets {DECK_SIZE}, and the rules read '{name}', which "
                "is fixed when the engine is built")
    suits, ranks = len(values["deck.suits"]), len(values["deck.ranks"])
    fewest = values["players.min"]
    hand = hand_size(values, fewest)  # deal.hand_size may be an expression over players (HR31)
    seated = fewest * hand
    for size in option.checked_values:
        when = f"when {option.name}={size}"
        if size % suits or not 1 <= size // suits <= ranks:
            problem(f"{when}: a deck of {size} cards is not the highest ranks of deck.ranks in "
                    f"each of the {suits} suits (multiples of {suits} up to {ranks * suits})")
        elif size < seated:
            problem(f"{when}: {fewest} hands of {hand} need "
                    f"{seated} cards, more than the deck's {size}")
