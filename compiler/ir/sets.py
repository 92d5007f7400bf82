"""IR section `card_sets`: the tables run-time expressions over cards and collections read.

An expression that reads a card at run time (the card played: `c.rank`, `c.suit`, ...)
or a collection of cards (`table.ranks`, `hand.count(A)`, ...) is emitted over the engine
tables named in `durakc.expr.sets.NEEDS`.  This section computes them at compile time from
the card identities of `durakc.ir.build` (held cards, jokers, wild cards as named), and lists
only those the variant's expressions need (`Expr.runtime_needs`), so an engine whose
expressions read none holds none of them.  The Python module is
`templates/capabilities/card_sets.py.j2`, the C module `templates/c/cap_card_sets.c.j2`.
"""

from __future__ import annotations

from durakc.ir.beats import runtime_beats
from durakc.ir.hooks import Capability
from durakc.schema.keys import ALL_RANKS, COLOURS, JOKER_COLOURS, KEYS, SUIT_COLOURS, SUITS
from durakc.spec.opener import SEAT_DIRECTIONS

CORE_CODED = frozenset({"throw_in.card", "transfer.show_card"})
"""Expression keys whose default value the core templates implement with their own tables
(T17's `c.rank in table.ranks`: SAME_RANK; S1's `c.is_trump`: SUIT_CARDS); only another value
is emitted as an expression."""


def _runtime_exprs(r: dict):
    """Every run-time expression of the rules `r` (`beating.beats` is compile-time, unless it
    reads the defender: issue 31, `durakc.ir.runtime_beats`)."""
    for key in KEYS:
        if key.env in (None, "hand") or (key.env == "cards" and not runtime_beats(r[key.path])):
            continue  # hand: deal.hand_size, evaluated at compile time (HR31)
        value = r[key.path]
        if isinstance(value, str):
            continue  # an enum key with a condition holds one of its choices here
        if key.path in CORE_CODED and value.canonical() == key.default:
            continue  # the core's own code implements the default, reading no table
        if key.path.startswith("transfer.") and not (
                r["transfer.enabled"]
                and (key.path != "transfer.show_card" or r["transfer.show_trump"])):
            continue  # built only as build_ir builds the transfer (and show) sections
        yield from (value.values() if isinstance(value, dict) else [value])
    for path in ("first_attacker.first_game", "series.first_attacker"):
        if isinstance(r[path], tuple):  # a list of criteria: its seat items (issue 31 item 2)
            yield from (cond for direction, cond in r[path] if direction in SEAT_DIRECTIONS)


def wide_minmax(r: dict) -> bool:
    """Does a `wide` expression (64-bit in C, `durakc.expr.ranges`) call min or max?"""
    return any(expr.wide and ("min(" in expr.canonical() or "max(" in expr.canonical())
               for expr in _runtime_exprs(r))


def runtime_needs(r: dict) -> set[str]:
    """What the run-time expressions of the rules `r` read (`beating.beats` is evaluated at
    compile time): the union of their `Expr.runtime_needs`."""
    found: set[str] = set()
    for expr in _runtime_exprs(r):
        found |= expr.runtime_needs()
    return found


def identity_values(identities) -> list[tuple[int, int, int]]:
    """(rank, suit, colour) of each card identity as the emitted expressions see it: rank
    index in ALL_RANKS, suit S H D C from 0 (the named suit of a wild card), colour red 0
    and black 1; a joker has rank and suit -1 and its own colour (J2, J3)."""
    values = []
    for text, rank, suit, _printed in identities:
        if rank is None:
            values.append((-1, -1, COLOURS.index(_joker_colour(text))))
        else:
            values.append((ALL_RANKS.index(rank), SUITS.index(suit),
                           COLOURS.index(SUIT_COLOURS[suit])))
    return values


def _joker_colour(text: str) -> str:
    return JOKER_COLOURS.get(text, JOKER_COLOURS.get(text.rstrip("0123456789"), "black"))


def pair_lanes(rank_masks: list[int], n: int) -> dict | None:
    """`cards.pairs` counted side by side (SWAR), when the deck allows it: every rank's cards
    lie in a lane of `width` bits of their own (4, 8 or 16; aligned; at most 64 bits in all,
    the C target's mask).  Per lane the cards are counted by halving steps, and a count of 2
    or more reaches the lane's top bit after adding 2^(width-1) - 2 (no carry: a count is at
    most `width`).  None when the ranks share lanes (the per-rank loop then)."""
    held = [m for m in rank_masks if m]
    for width in (4, 8, 16):
        spots = [(m.bit_length() - 1) // width for m in held]
        if len(set(spots)) != len(spots) or any(
                m & ((1 << (s * width)) - 1) for m, s in zip(held, spots)):
            continue  # two ranks in one lane, or a rank below its top lane
        bits = -(-n // width) * width
        if bits > 64:
            return None

        def repeat(field: int, every: int, bits: int = bits) -> str:
            return f"0x{sum(field << k for k in range(0, bits, every)):0{bits // 4}X}"

        return {"width": width,
                "lanes": f"0x{sum(held):0{bits // 4}X}",
                "steps": [(repeat((1 << s) - 1, 2 * s), s) for s in (1, 2, 4, 8) if s < width],
                "add": repeat((1 << (width - 1)) - 2, width),
                "high": repeat(1 << (width - 1), width)}
    return None


def card_sets_section(needs: set[str], identities, deck_ranks, deck_suits) -> Capability | None:
    """The `card_sets` capability for `needs` (keys of `expr_sets.NEEDS`), or None."""
    if not needs:
        return None
    values = identity_values(identities)
    n = len(values)

    def mask(pred) -> int:
        return sum(1 << i for i in range(n) if pred(values[i]))

    rank_ids = [0] + [mask(lambda v, r=r: v[0] == r) for r in range(len(ALL_RANKS))]
    suit_ids = [0] + [mask(lambda v, s=s: v[1] == s) for s in range(len(SUITS))]
    colour_ids = [mask(lambda v, k=k: v[2] == k) for k in range(len(COLOURS))]
    jokers = mask(lambda v: v[0] < 0)
    # per card int: every card int of the same value (rank and suit; a joker: its colour)
    same = [mask(lambda w, v=v: w == v if v[0] >= 0 else (w[0] < 0 and w[2] == v[2]))
            for v in values]
    ranks = [ALL_RANKS.index(r) for r in deck_ranks]
    suits = [SUITS.index(s) for s in deck_suits]
    width = (n + 3) // 4

    def hexed(m: int) -> str:
        return f"0x{m:0{width}X}"

    return Capability("card_sets", {
        "needs": sorted(needs),
        # per card int: (rank, suit, colour, its text) for one table line each
        "cards": [(*v, text) for v, (text, _, _, _) in zip(values, identities)],
        "jokers": hexed(jokers),
        "same": [hexed(m) for m in same],
        "rank_ids": [(hexed(m), ALL_RANKS[i - 1] if i else "no rank")
                     for i, m in enumerate(rank_ids)],
        "suit_ids": [(hexed(m), SUITS[i - 1] if i else "no suit") for i, m in enumerate(suit_ids)],
        "colour_ids": [(hexed(m), c) for m, c in zip(colour_ids, COLOURS)],
        # EXPR_ABOVE[rank + 1]: the card ints ranked above the rank (`cards.above(r)`)
        "above_ids": [(hexed(mask(lambda v, r=r: v[0] >= 0 and v[0] > r)),
                       ALL_RANKS[r] if r >= 0 else "no rank") for r in range(-1, len(ALL_RANKS))],
        # per deck rank / suit: (the bit of its set, the mask of its cards, its text)
        "rank_bits": [(f"0x{1 << (r + 1):X}", hexed(rank_ids[r + 1]), ALL_RANKS[r]) for r in ranks],
        "suit_bits": [(f"0x{1 << (s + 1):X}", hexed(suit_ids[s + 1]), SUITS[s]) for s in suits],
        "deck_ranks": ranks,
        "pair_lanes": pair_lanes([rank_ids[r + 1] for r in ranks], n),
        # EXPR_TRUMP_IDS[trump]: the cards of each trump suit index of the deck; [-1]: none
        "trump_ids": [(hexed(suit_ids[s + 1]), SUITS[s]) for s in suits] + [(hexed(0), "none")],
        "identities": n,
    })
