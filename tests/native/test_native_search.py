"""The search bots on every bundled variant, on both backends: the same games, legally.

The Python backend plays through the Python engine, which refuses an illegal action
(`IllegalAction`), so a game it finishes was legal; the native backend plays the whole game
in C (`play_games` with BOT_SEARCH and BOT_MCTS) and must give the very same records: the same worlds
from the same random stream, the same rollouts and solver choices.  Every variant runs at
the fewest players it seats, a variant with teams (pairs, teams-of-three) at its team counts
too, with the search bot in the first seat, mcts in the second and greedy in the others,
rotated.
"""

from __future__ import annotations

import pytest
from native_support import needs_cc, seats, skip_refused

import durakc.engines
from durakc.sim.runner import run_chunk

pytestmark = needs_cc

GAMES = 2


def _cases() -> list:
    params = []
    for name in durakc.engines.ENGINES:
        py = durakc.engines.load(name)
        if hasattr(py.Game, "actors"):
            continue  # out-of-turn catches (HR34): the search bots' games there run for minutes
        counts = [p for p in range(py.PLAYERS_MIN, py.PLAYERS_MAX + 1) if seats(py, p)]
        chosen = {counts[0]}
        if py.new_game(counts[0], 0).teams is not None:
            chosen |= {p for p in counts if p <= 6}
        params += [pytest.param(name, p, id=f"{name}-{p}", marks=skip_refused(name))
                   for p in sorted(chosen)]
    return params


@pytest.mark.parametrize(("name", "players"), _cases())
def test_search_bot_same_games_on_both_backends(name, players):
    bots = ["search:2", "mcts:1"] + ["greedy"] * (players - 2)
    task = ([name], players, bots, 11, 0, GAMES, True)
    python = run_chunk(task)
    native = run_chunk((*task, "native"))
    assert native == python
    assert python["variants"][name]["games"] == GAMES
