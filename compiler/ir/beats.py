"""The beat tables: which card identity beats which, for every trump suit a variant allows.

Computed once at compile time from the `beats` expression (T11-T14, and the deck's jokers,
wild cards and copies); the engines read them as `BEATEN_BY`, the static analysis as masks.

Issue 31: a beat rule that reads the defender (`hand`, `hand_size`, `me`: `RUNTIME_NAMES`)
is evaluated three-valued (`durakc.expr.partial`) with those names unknown: `BEATEN_BY`
then holds every pair that *may* beat and `SURE_BEATEN_BY` (`sure_tables`) the pairs that
beat whatever the defender holds; the engines judge only the difference at run time.
"""

from __future__ import annotations

from durakc.envs.acting import BEAT_RUNTIME_NAMES
from durakc.expr.language import Card
from durakc.expr.partial import UNKNOWN
from durakc.expr.sets import deck_values
from durakc.schema.keys import ALL_RANKS, JOKER_COLOURS, joker_texts


def _possible_trumps(suits, mode, never, fixed):
    if mode == "none":
        return [-1]
    if mode == "fixed":
        return [suits.index(fixed), -1]
    return [i for i, s in enumerate(suits) if s not in never] + [-1]


_BEAT_MASK_CACHE: dict = {}

RUNTIME_NAMES = BEAT_RUNTIME_NAMES
"""Names of the `cards` environment read at run time (the defender's seat and hand)."""


def runtime_beats(beats) -> bool:
    """Does the beat rule read a name known only at run time (`RUNTIME_NAMES`)?"""
    return bool(beats.names & RUNTIME_NAMES)


def beat_masks(beats, ranks, suits, mode, never, fixed, wild=(), jokers=0,
               copies=1) -> list[tuple[int, list[int]]]:
    """[(trump index, [mask of the cards beating each card])] for every possible trump.

    Bit i of the mask of attack card j is set when card i beats card j (cards
    in deck order: rank by rank, suits within a rank).  Many variants share a
    beating rule and a deck, so masks are cached per (relation, deck, trump
    rules) within one process; the static analysis reuses them.

    The cards are the card identities of `identities`: the deck's cards, then the `jokers`
    (deck.jokers, J1: the red and the black joker), then, for `wild` (W2: the card ints of the
    wild cards), one identity per wild card and suit it may name, a card of the named suit.
    """
    key = (beats.canonical(), tuple(ranks), tuple(suits), mode, tuple(never), fixed, tuple(wild),
           jokers, copies)
    return _both_masks(key, beats, ranks, suits, mode, never, fixed, wild, jokers, copies)[0]


def _both_masks(key, *args):
    if key not in _BEAT_MASK_CACHE:
        _BEAT_MASK_CACHE[key] = _compute_beat_masks(*args)
    return _BEAT_MASK_CACHE[key]


def sure_tables(beats, ranks, suits, mode, never, fixed, wild=(), jokers=0, copies=1):
    """As `beat_tables`, the pairs that beat whatever the run-time names hold (a beat rule
    reading `RUNTIME_NAMES`; otherwise the same as `beat_tables`)."""
    key = (beats.canonical(), tuple(ranks), tuple(suits), mode, tuple(never), fixed, tuple(wild),
           jokers, copies)
    sure = _both_masks(key, beats, ranks, suits, mode, never, fixed, wild, jokers, copies)[1]
    return _formatted(sure, ranks, suits, wild, jokers, copies)


def identities(ranks, suits, wild=(), jokers=0, copies=1):
    """[(text, rank, suit, printed card int)]: every card identity of the engines' card ints.

    The deck's printed cards (rank by rank), each text `copies` times in a row (deck.copies,
    HR17), then the jokers (J1: rank and suit None), both held in hands; then each wild card
    once per named suit (W2), which exists on the table only.
    """
    cards = [(rk + s, rk, s, (i * len(suits) + j) * copies + k) for i, rk in enumerate(ranks)
             for j, s in enumerate(suits) for k in range(copies)]
    cards += [(text, None, None, len(cards) + i) for i, text in enumerate(joker_texts(jokers))]
    cards += [(cards[w][0] + "/" + s, cards[w][1], s, w) for w in wild for s in suits]
    return cards


def beat_tables(beats, ranks, suits, mode, never, fixed, wild=(), jokers=0, copies=1):
    """[(trump index, [lines of the BEATEN_BY masks])] for every possible trump."""
    return _formatted(beat_masks(beats, ranks, suits, mode, never, fixed, wild, jokers, copies),
                      ranks, suits, wild, jokers, copies)


def _formatted(tables, ranks, suits, wild, jokers, copies):
    cards = [text for text, _, _, _ in identities(ranks, suits, wild, jokers, copies)]
    width = (len(cards) + 3) // 4
    return [(trump, [f"0x{mask:0{width}x},  # {card}" for mask, card in zip(masks, cards)])
            for trump, masks in tables]


def _compute_beat_masks(beats, ranks, suits, mode, never, fixed, wild=(), jokers=0, copies=1):
    cards = identities(ranks, suits, wild, jokers, copies)
    env = {"lowest": ALL_RANKS.index(ranks[0]), "highest": ALL_RANKS.index(ranks[-1]),
           **deck_values(ranks)}
    judge = beats.evaluate_partial if runtime_beats(beats) else beats.evaluate
    tables, sure_tables_ = [], []
    seen: dict = {}  # a pair of cards reads the same under every trump that flags neither
    for trump in _possible_trumps(suits, mode, never, fixed):
        trump_suit = suits[trump] if trump >= 0 else None
        masks, sure = [], []
        deck = [(_env_card(text, rk, s, trump_suit), p) for text, rk, s, p in cards]
        for a, ap in deck:
            mask = sure_mask = 0
            for di, (d, dp) in enumerate(deck):
                # one printed card can not lie on itself (a wild card's identities included)
                if dp == ap:
                    continue
                if (a, d) not in seen:
                    seen[a, d] = judge(dict(env, a=a, d=d))
                if seen[a, d]:  # True, or UNKNOWN: judged at run time
                    mask |= 1 << di
                    if seen[a, d] is not UNKNOWN:
                        sure_mask |= 1 << di
            masks.append(mask)
            sure.append(sure_mask)
        tables.append((trump, masks))
        sure_tables_.append((trump, sure))
    return tables, sure_tables_


def _env_card(text, rank, suit, trump_suit) -> Card:
    """A card identity as the `cards` environment sees it (J2, J3: a joker by its colour)."""
    if rank is None:
        return Card.joker(JOKER_COLOURS[text])
    return Card(ALL_RANKS.index(rank), suit, suit == trump_suit)
