"""`cards.pairs` counted lane by lane (durakc.ir.sets.pair_lanes, the SWAR form both targets
emit) equals the count rank by rank, for the card layouts decks give."""

from __future__ import annotations

import random

import pytest

from durakc.ir.sets import pair_lanes


def _swar(lanes: dict, cards: int) -> int:
    """The emitted arithmetic, as the templates write it."""
    x = cards & int(lanes["lanes"], 16)
    for pattern, shift in lanes["steps"]:
        x = (x & int(pattern, 16)) + ((x >> shift) & int(pattern, 16))
    return ((x + int(lanes["add"], 16)) & int(lanes["high"], 16)).bit_count()


def _by_rank(rank_masks: list[int], cards: int) -> int:
    return sum((cards & m).bit_count() >= 2 for m in rank_masks)


LAYOUTS = {
    # name: (rank masks, card identities, the lane width expected or None)
    "36 cards, 4 suits": ([0xF << 4 * r for r in range(9)], 36, 4),
    "52 cards, 4 suits": ([0xF << 4 * r for r in range(13)], 52, 4),
    "24 cards and 2 jokers after them": ([0xF << 4 * r for r in range(6)], 26, 4),
    "2 suits a rank": ([0x3 << 4 * r for r in range(9)], 36, 4),
    "two copies of 24 cards": ([0xFF << 8 * r for r in range(6)], 48, 8),
    "two copies of 36 cards (72 identities)": ([0xFF << 8 * r for r in range(9)], 72, None),
    "3 bits a rank, packed (ranks share lanes)": ([0x7 << 3 * r for r in range(9)], 27, None),
    "a rank across two nibbles, in a byte": ([0x3C << 8 * r for r in range(4)], 32, 8),
}


@pytest.mark.parametrize("name", LAYOUTS)
def test_the_lanes_count_what_the_ranks_count(name):
    masks, n, width = LAYOUTS[name]
    lanes = pair_lanes(masks, n)
    if width is None:
        assert lanes is None
        return
    if lanes is None or lanes["width"] != width:
        pytest.fail(f"expected lanes of {width} bits, got {lanes}")
    rng = random.Random(name)
    full = (1 << n) - 1
    for _ in range(3000):
        cards = rng.getrandbits(n) & rng.getrandbits(n) if rng.random() < 0.5 else rng.getrandbits(n)
        assert _swar(lanes, cards) == _by_rank(masks, cards), hex(cards)
    assert _swar(lanes, full) == _by_rank(masks, full)
    assert _swar(lanes, 0) == 0


def test_overlapping_ranks_fall_back_to_the_loop():
    assert pair_lanes([0xFF, 0xF0], 8) is None
