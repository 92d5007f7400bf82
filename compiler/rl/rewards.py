"""End-of-game rewards shared by the RL environments (docs/rl.md, "Rewards")."""

from __future__ import annotations


def final_rewards(game, non_loser: float | None = None) -> list[float]:
    """Per seat: the durak -1, every other seat `non_loser` (default 1 / (players - 1)).

    With the default the rewards sum to zero (two players: -1 and +1).  A draw, or a
    game that is not over, gives every seat 0.
    """
    players = game.players
    if not game.is_over or game.is_draw or game.loser is None:
        return [0.0] * players
    share = 1.0 / (players - 1) if non_loser is None else float(non_loser)
    return [-1.0 if seat == game.loser else share for seat in range(players)]
