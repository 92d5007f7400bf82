"""OpenSpiel's own API checker, `pyspiel.random_sim_test`, on every bundled variant.

Each variant at 2 and 4 players where its range allows them (else at its fewest: pairs and
two-decks at 4, teams-of-three at 6), one random game each (`num_sims=1`) to keep the suite
modest: about a second a game on 2 cores, a minute for all.  The checker plays the game,
clones, checks legal actions, returns, utilities and every seat's observation and
information-state strings and tensors at every state.
"""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'durakc[openspiel]'")

import durakc.engines
import durakc.openspiel as dos


def _cases():
    for variant in durakc.engines.ENGINES:
        low, high = dos.bundled_player_range(variant)
        for players in [p for p in (2, 4) if low <= p <= high] or [low]:
            yield pytest.param(variant, players, id=f"{variant}-{players}p")


@pytest.mark.parametrize(("variant", "players"), list(_cases()))
def test_random_sim_test_passes(variant, players):
    game = pyspiel.load_game(dos.game_name(variant), {"players": players})
    assert game.num_players() == players
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)
