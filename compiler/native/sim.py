"""The simulator's work on the native backend: a chunk of games, counted as `Stats.to_dict()`.

Games where every seat is the random bot run whole in C (`play_random`: the same deal
seeds, the same bot random streams and the same counts as `runner.run_chunk`).  Other
bots are still Python: their games are driven from Python through the native engine,
decision by decision, so the figures are the same either way.
"""

from __future__ import annotations

import random

from compiler.native.engine import load_native

C_BOTS = frozenset({"random"})
"""Bots that have a C version deciding exactly as the Python one."""


def run_chunk(ref: str, players: int, bots: list[str], seed: int, start: int, stop: int,
              rotate: bool) -> dict:
    """Games [start, stop) of variant `ref` on the native backend; `Stats.to_dict()`."""
    from compiler.sim.bots import get_bot
    from compiler.sim.runner import bot_seed, game_seed, play_game, seat_bots
    from compiler.sim.stats import Stats

    engine = load_native(ref)
    if set(bots) <= C_BOTS:
        indices = range(start, stop)
        return engine.play_random(players, [game_seed(seed, i) for i in indices],
                                  [bot_seed(seed, i) for i in indices], start, rotate)
    funcs = [get_bot(b) for b in bots]
    stats = Stats(players)
    for i in range(start, stop):
        order = seat_bots(bots, i, rotate)
        record = play_game(engine, players, game_seed(seed, i), [funcs[j] for j in order],
                           random.Random(bot_seed(seed, i)))
        if record["loser"] is not None:
            record["loser_bot"] = order[record["loser"]]
        stats.add(record)
    return stats.to_dict()
