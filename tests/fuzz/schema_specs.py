"""Random ACCEPTED specs drawn from the schema, for the spec fuzz (tests/fuzz/test_spec_targets.py).

`accepted_spec(number, folder)` is spec number `number` of a deterministic sequence: a seeded
`random.Random(number)` draws

- a parent among bundled variants (`PARENTS`: the transfer and podkidnoy profiles, which
  come up most often, and structural ones: teams, jokers, wild cards, two decks, per-seat trumps,
  hidden trumps, swaps, series, siege, opening conditions, redeal offers, matches...),
- a random subset of the schema's rule keys (`durakc.schema.keys.KEYS`), each with a random
  valid value by its type (int within its bounds, bool, enum choice, suits, ranks, ...),
- for an expression key, a typed random expression over the names of its environment
  (`durakc.schema.keys.ENVIRONMENTS`, drawn by `tests.fuzz.random_exprs.ExprDrawer`),

writes it as YAML and keeps the first draw `load_spec` accepts (up to `ATTEMPTS`).  A
refusal (`SpecError`) is normal and the next draw is tried; any other exception from the
checker is a finding: an AssertionError showing the spec, from that exception.  The same
number always gives the same spec text.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from pathlib import Path

import yaml

from durakc.diagnostics import SpecError
from durakc.schema.keys import ALL_RANKS, ENVIRONMENTS, KEYS, SUITS, Key
from durakc.spec import Spec, load_spec
from tests.fuzz.random_exprs import ExprDrawer

PARENTS = (("transfer", 6), ("podkidnoy", 6), ("kyiv", 1), ("siege", 1), ("pairs", 1),
           ("teams-of-three", 1), ("jokers", 1), ("weli", 1), ("two-decks", 1),
           ("svoi-kozyri", 1), ("changeable-trump", 1), ("trump-six", 1), ("poker", 1),
           ("ladder", 1), ("double-durak", 1), ("teach-the-fool", 1), ("railroad", 1),
           ("treshka", 1), ("redeal-on-request", 1), ("match-to-three", 1),
           ("ace-points", 1), ("trumps-by-lot", 1), ("everything-dealt", 1),
           ("trump-aside", 1), ("resign", 1), ("epaulette-ladder", 1), ("mini", 1))
"""(bundled variant, weight): the parents a drawn spec extends."""

ATTEMPTS = 60
"""Draws tried per spec number before giving up (a refused draw is redrawn)."""

SMALL_INTS = {"players.min": (2, 4), "players.max": (2, 7), "deal.hand_size": (1, 8),
              "swap.per_game": (0, 3), "match.games": (0, 4), "match.losses": (0, 3),
              "match.points": (0, 6)}
"""Ranges drawn for int keys whose schema bounds are much wider than games need."""

EXPR_WEIGHT = 3
"""How much likelier an expression key is to be drawn than another key."""


@dataclass
class Drawn:
    """An accepted spec: its number, YAML text, file and the checked `Spec`."""

    number: int
    text: str
    path: Path
    spec: Spec
    attempts: int


@functools.cache
def parent_values(name: str) -> dict:
    """The effective rule values of bundled variant `name`."""
    return load_spec(name).values


def spec_name(number: int) -> str:
    """The variant name of spec `number` (unique: native extensions are cached by name)."""
    return f"fz-{number}"


def draw_spec(rng: random.Random, number: int) -> dict:
    """One random spec (a YAML-ready dict) over a random parent; not yet checked."""
    parents, weights = zip(*PARENTS)
    parent = rng.choices(parents, weights)[0]
    values = parent_values(parent)
    keys = [k for k in KEYS if not k.reserved]
    count = rng.choice([1, 1, 2, 2, 3, 3, 4, 5, 6, 8])
    chosen: list[Key] = []
    while len(chosen) < count:
        key = rng.choices(keys, [EXPR_WEIGHT if k.env else 1 for k in keys])[0]
        if key not in chosen:
            chosen.append(key)
    rules: dict = {}
    for key in sorted(chosen, key=KEYS.index):
        head, _, tail = key.path.partition(".")
        rules.setdefault(head, {})[tail] = value_for(rng, key, values)
    return {"name": spec_name(number), "title": f"fuzzed spec {number}", "extends": parent,
            "rules": rules}


def value_for(rng: random.Random, key: Key, values: dict) -> object:
    """A random value of `key`'s type (`values`: the parent's rules, for decks and ranks)."""
    kind = key.type
    if kind == "int":
        low, high = SMALL_INTS.get(key.path, (key.minimum or 0, key.maximum or 8))
        if key.env and rng.random() < 0.4:  # deal.hand_size over players (HR31)
            return (f"{rng.randint(low, min(high, low + 8))} if players <= {rng.randint(2, 6)} "
                    f"else {rng.randint(low, min(high, low + 8))}")
        return rng.randint(low, min(high, low + 8))
    if kind == "bool":
        return rng.random() < 0.5
    if kind == "enum":
        if key.env and rng.random() < 0.4:  # attack.opening as a condition (HR7, HR8)
            return opening_condition(rng)
        return rng.choice(key.choices)
    if kind == "suit?":
        return rng.choice([None, *values["deck.suits"]])
    if kind == "rank?":
        return rng.choice([None, *values["deck.ranks"]])
    if kind == "suits":
        return _suits(rng, key)
    if kind == "ranks":
        low = rng.randint(0, 9)
        high = rng.randint(low + 2, 13)
        ranks = list(ALL_RANKS[low:high])
        while len(ranks) > 2 and rng.random() < 0.2:  # now and then a gap
            ranks.pop(rng.randrange(1, len(ranks) - 1))
        return ranks
    if kind == "annotations":
        drawer = ExprDrawer(rng, ENVIRONMENTS[key.env])
        return {f"a{i}": drawer.draw("bool") for i in range(rng.randint(1, 2))}
    if kind == "expr":
        drawer = ExprDrawer(rng, ENVIRONMENTS[key.env], inherited=key.result,
                            max_depth=rng.choice([1, 2, 2, 3]))
        return drawer.draw(key.result)
    raise AssertionError(f"no values drawn for key type {kind!r} ({key.path}): add them")


def _suits(rng: random.Random, key: Key) -> list[str]:
    if key.path == "trump.never":
        return rng.sample(SUITS, rng.randint(0, 2))
    if key.path == "trump.seat_suits":
        return rng.sample(SUITS, rng.randint(2, 4))
    return sorted(rng.sample(SUITS, rng.randint(1, 4)), key=SUITS.index)


def opening_condition(rng: random.Random) -> str:
    """attack.opening as a condition on the proposed `cards` (HR7, HR8): size terms bounded
    by `len(cards) == n` or `len(cards) <= n`, sometimes with another condition."""
    drawer = ExprDrawer(rng, ENVIRONMENTS["opening"], max_depth=1)
    terms = []
    for _ in range(rng.choice([1, 1, 2])):
        bound = rng.choice(["1", "2", "3", "room", "min(2, room)", "min(3, room)"])
        term = f"len(cards) {rng.choice(['==', '<='])} {bound}"
        if rng.random() < 0.4:
            term = f"{term} and {drawer.draw('bool')}"
        terms.append(f"({term})")
    return " or ".join(terms)


def accepted_spec(number: int, folder: Path) -> Drawn:
    """Spec `number`: the first of its draws that `load_spec` accepts, written to
    `folder`/fz-<number>.yaml.  Raises LookupError when none of `ATTEMPTS` draws is accepted,
    AssertionError when the checker fails with anything but SpecError (a finding)."""
    rng = random.Random(number)
    path = folder / f"{spec_name(number)}.yaml"
    for attempt in range(1, ATTEMPTS + 1):
        text = yaml.safe_dump(draw_spec(rng, number), sort_keys=False, width=1000)
        path.write_text(text, encoding="utf-8")
        try:
            spec = load_spec(path)
        except SpecError:
            continue
        except Exception as exc:
            raise AssertionError(f"the checker crashed on draw {attempt} of spec {number} "
                                 f"(a refusal must be a SpecError):\n{text}") from exc
        return Drawn(number, text, path, spec, attempt)
    raise LookupError(f"no accepted spec in {ATTEMPTS} draws for number {number}")
