"""Warnings for the conditions over cards (issue 20) that can never hold: `throw_in.card`
(HR1-HR4, HR9) when no card of the deck satisfies it, and `attack.opening` as a condition
(HR7, HR8) when no set of cards of the sizes it allows does.  Part of `durakc.analysis.checks`.

`c` runs over every card of the deck with every suit as trump and with none; `cards` over
sets of the deck of each allowed size (under every trump choice only when the condition
reads trumps), a seeded sample of each size first (a condition that
can hold is usually seen to at once), then every set while there are at most `MAX_SETS`
(otherwise no warning).  Every other name (the table as collections, the counters, `room`,
`hand`) is left unknown (`durakc.expr.partial`), so a warning is given only when the
condition is false whatever they are: never a false alarm.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Iterator
from math import comb

from durakc.diagnostics import Diagnostic
from durakc.expr.language import Card
from durakc.expr.partial import UNKNOWN
from durakc.ir.build import VariantIR
from durakc.ir.opening_sizes import allowed_sizes
from durakc.ir.sections import DeckIR
from durakc.schema.envs import JOKER_COLOURS, joker_texts
from durakc.schema.keys import ALL_RANKS
from durakc.spec import Spec

MAX_SETS = 20_000
"""The most sets of cards (times the trump choices) an opening condition is tried on."""
SAMPLE = 64
"""Sets tried first for each size, drawn with a fixed seed."""


def check_card_conditions(spec: Spec, ir: VariantIR,
                          warning: Callable[..., Diagnostic]) -> Iterator[Diagnostic]:
    """throw_in.card false for every card; attack.opening false for every set of cards."""
    extra = {"$deck_ranks": tuple(ALL_RANKS.index(x) for x in ir.deck.ranks)}
    decks = [_cards(ir.deck, trump) for trump in (*ir.deck.suits, None)]
    throw = ir.exprs.throw_in_card
    if _never(throw, ({"c": card} for deck in decks for card in deck), extra):
        yield warning(spec, "throw_in.card",
                      "no card can ever be added to a round: 'throw_in.card' is false for "
                      "every card of the deck",
                      hint="every round then ends once its opening attack is beaten or taken")
    opening = ir.exprs.opening
    if opening is None:  # a named opening (a choice), not a condition
        return
    sizes = allowed_sizes(opening, len(decks[0]))
    reads_trumps = "trump" in opening.canonical()  # `is_trump`, `.trumps`: else one trump will do
    points = _opening_points(decks if reads_trumps else decks[:1], sizes)
    if points is not None and _never(opening, points, extra):
        yield warning(spec, "attack.opening",
                      "no round can ever open: 'attack.opening' is false for every set of "
                      f"{' or '.join(map(str, sizes))} card(s)",
                      hint="every round then opens with one card of the attacker's choice")


def _cards(deck: DeckIR, trump: str | None) -> list[Card]:
    """Every card of the deck as expressions see it, with trump suit `trump` (None: none)."""
    cards = [Card(ALL_RANKS.index(rank), suit, suit == trump)
             for rank in deck.ranks for suit in deck.suits]
    return cards + [Card.joker(JOKER_COLOURS[t]) for t in joker_texts(deck.jokers)]


def _opening_points(decks: list[list[Card]], sizes: list[int]) -> Iterable[dict] | None:
    """A sample of the sets of each size, then all of them; None when they are too many."""
    total = sum(comb(len(decks[0]), n) for n in sizes) * len(decks)
    if total > MAX_SETS:
        return None
    rng = random.Random(0)
    sample = [{"cards": tuple(rng.sample(deck, n))} for n in sizes for deck in decks[:1]
              for _ in range(SAMPLE) if n <= len(deck)]
    every = ({"cards": sub} for deck in decks for n in sizes
             for sub in itertools.combinations(deck, n))
    return itertools.chain(sample, every)


def _never(expr, points: Iterable[dict], extra: dict) -> bool:
    """True when `expr` is False at every point (unknown names aside), none undecided."""
    for point in points:
        value = expr.evaluate_partial({**point, **extra})
        if value is UNKNOWN or value:
            return False
    return True


__all__ = ["MAX_SETS", "check_card_conditions"]
