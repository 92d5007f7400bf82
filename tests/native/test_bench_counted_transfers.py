"""The C bench loop's counted defence (transfers counted from NOPEN, the take and the
transfer applied without a list) plays the games the Python loop plays over the same engine:
many transfers (3 players, where the next hand's size caps them) and a variant that keeps the
listing defence (resign) alike."""

from __future__ import annotations

import pytest
from native_support import native, needs_cc, python_engine

from durakc.bench import bench, bench_native

pytestmark = needs_cc


@pytest.mark.parametrize(("name", "players"), [("transfer", 3), ("transfer", 6),
                                               ("transfer-while-stock", 2), ("resign", 4)])
def test_counted_defence_plays_the_listed_games(name, players):
    engine = native(name)
    want = bench(python_engine(name), players, 60, seed=5)
    assert bench_native(engine, players, 60, seed=5).actions == want.actions
    assert bench(engine, players, 60, seed=5).actions == want.actions
