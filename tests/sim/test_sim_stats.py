"""Statistics: intervals, medians, and merging shards gives exactly the whole."""

import random
import statistics

from hypothesis import given, settings
from hypothesis import strategies as st

from durakc.sim.runner import chunk_ranges, game_seed
from durakc.sim.stats import Stats, hist_median, mean_ci, wilson


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert abs(lo - 0.4038) < 1e-3 and abs(hi - 0.5962) < 1e-3
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.2 < hi < 0.35


def test_mean_ci_matches_statistics():
    xs = [3, 5, 8, 13, 21]
    mean, lo, hi = mean_ci(sum(xs), sum(x * x for x in xs), len(xs))
    assert mean == statistics.mean(xs)
    half = 1.959963984540054 * statistics.stdev(xs) / len(xs) ** 0.5
    assert abs((hi - lo) / 2 - half) < 1e-9


@given(st.lists(st.integers(0, 50), min_size=1, max_size=60))
def test_hist_median_is_the_median(xs):
    from collections import Counter
    assert hist_median(Counter(xs)) == statistics.median(xs)


def _record(rng, players):
    draw = rng.random() < 0.1
    loser = None if draw else rng.randrange(players)
    return {"unfinished": False, "draw": draw, "loser": loser,
            "loser_offset": None if draw else rng.randrange(players),
            "loser_bot": None if draw else rng.randrange(players),
            "actions": rng.randrange(20, 200), "rounds": rng.randrange(5, 40),
            "takes": rng.randrange(10), "transfers": rng.randrange(5), "shows": rng.randrange(2)}


@settings(max_examples=30)
@given(st.integers(1, 200), st.integers(1, 50), st.integers(0, 2**32))
def test_merging_shards_equals_the_whole(games, size, seed):
    rng = random.Random(seed)
    records = [_record(rng, 3) for _ in range(games)]
    whole = Stats(3)
    for r in records:
        whole.add(r)
    merged = Stats(3)
    for a, b in chunk_ranges(games, size):
        shard = Stats(3)
        for r in records[a:b]:
            shard.add(r)
        merged.merge(Stats.from_dict(shard.to_dict()))  # as a cluster shard would travel
    assert merged.to_dict() == whole.to_dict()
    assert merged.summary(["a", "b", "c"]) == whole.summary(["a", "b", "c"])


def test_game_seeds_are_stable_and_distinct():
    assert game_seed(0, 0) == game_seed(0, 0)
    assert len({game_seed(s, i) for s in range(3) for i in range(1000)}) == 3000
    assert all(0 <= game_seed(7, i) < 2**48 for i in range(100))
