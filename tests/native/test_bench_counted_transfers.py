"""The C bench loop's counted defence (transfers counted from NOPEN, the take and the
transfer applied without a list) plays the games the Python loop plays over the same engine:
many transfers (3 players, where the next hand's size caps them) and a variant that keeps the
listing defence (resign) alike; and the bench loop with the game in locals (bench_locals.c.j2)
plays them too, at every player count."""

from __future__ import annotations

from pathlib import Path

import pytest
from native_support import native, needs_cc, python_engine, seats

from durakc.bench import bench, bench_native

pytestmark = needs_cc


@pytest.mark.parametrize(("name", "players"), [("transfer", 3), ("transfer", 6),
                                               ("transfer-while-stock", 2), ("resign", 4)])
def test_counted_defence_plays_the_listed_games(name, players):
    engine = native(name)
    want = bench(python_engine(name), players, 60, seed=5)
    assert bench_native(engine, players, 60, seed=5).actions == want.actions
    assert bench(engine, players, 60, seed=5).actions == want.actions


GENERATED = Path(__file__).resolve().parents[2] / "generated"
IN_LOCALS = ("transfer", "transfer-while-stock", "no-transfer-back", "everything-dealt",
             "lowest-card-opens", "first-out-wins", "ladder", "match-to-three", "ace-points",
             "open-hands",
             # no transfers: the core's round with the take as the defence's only other action
             "podkidnoy", "podkidnoy-left", "albanian", "crazy", "double-durak", "durak52",
             "epaulette-ladder", "epaulettes", "fallen-ace", "hand-size-by-players",
             "lopsided-redeal", "mini", "no-stock", "no-trump", "one-colour-redeal", "railroad",
             "siberian", "spades-for-spades", "teach-the-fool", "trump-aside")
"""The engines whose bench loop keeps the game in locals (durakc.targets.c.bench_path)."""


def _in_locals(name: str) -> bool:
    return "static long bench_game(" in (GENERATED / f"{name.replace('-', '_')}.c").read_text()


def test_the_game_in_locals_is_for_the_plain_rounds_only():
    engines = sorted(p.stem.replace("_", "-") for p in GENERATED.glob("*.c"))
    assert sorted(name for name in engines if _in_locals(name)) == sorted(IN_LOCALS)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("name", IN_LOCALS)
def test_the_game_in_locals_plays_the_listed_games(name, players):
    # the round's end written out in the bench loop (refill, seats leaving, the next
    # attacker) against the Python loop over the Python engine: 150 games at every count
    py = python_engine(name)
    if not seats(py, players):
        pytest.skip(f"{name} does not seat {players}")
    want = bench(py, players, 150, seed=3)
    assert bench_native(native(name), players, 150, seed=3).actions == want.actions
