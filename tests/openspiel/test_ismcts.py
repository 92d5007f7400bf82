"""OpenSpiel's ISMCTS bot plays the durakc games, and beats random play on transfer.

docs/openspiel.md gives the figures of a longer run (`python -m durakc.openspiel.evaluate`).
Here: 10 two-player games of transfer, ISMCTS with 20 simulations a move at seat g % 2 of
game g, against a uniformly random seat, all seeded (the same games on every run).  A
random seat loses half its games; losing at most 2 of 10 happens to one with probability
56/1024 (5.5%), so the bound says ISMCTS plays clearly better than random; it lost none in
this run (about 30 s of CPU on the project's 2-core machine).
"""

from __future__ import annotations

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed: pip install 'durakc[openspiel]'")

from durakc.openspiel.evaluate import evaluate


def test_ismcts_beats_random_play_on_transfer():
    result = evaluate("transfer", players=2, games=10, simulations=20, seed=0)
    assert result.games == 10
    assert result.losses <= 2
    mean, low, _ = result.mean_return
    assert mean > 0.5 and low > 0


def test_the_example_command_prints_losses_and_returns_with_intervals(capsys):
    from durakc.openspiel.evaluate import main

    main(["mini", "--games", "2", "--simulations", "4", "--seed", "3"])
    out = capsys.readouterr().out
    assert "mini, 2 players, ISMCTS (4 simulations) against random, 2 games" in out
    assert "95% interval" in out and "a random seat loses 50%" in out
