"""The contract deals with `random.Random(seed)`: the engines' inlined shuffle must
leave every deck exactly as `Random.shuffle` does, so the same seed gives the same deal
as the standard library (and as any other engine with the same deck)."""

from __future__ import annotations

import random

import pytest

from tests.invariants.engine_support import engine_params, load, python_engine_only


@python_engine_only
@pytest.mark.parametrize("name", engine_params())
def test_inlined_shuffle_matches_random_shuffle(name):
    mod = load(name)
    for seed in range(300):
        ours, theirs = random.Random(seed), random.Random(seed)
        deck, expected = list(range(mod.NCARDS)), list(range(mod.NCARDS))
        for _ in range(3):  # a redeal shuffles the same deck again with the same generator
            mod._shuffle(ours, deck)
            theirs.shuffle(expected)
            assert deck == expected, f"seed {seed}"
        assert ours.random() == theirs.random()  # and draws the same random numbers
