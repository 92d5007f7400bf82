"""HR34's out-of-turn catches in the boardgame.io adapter of @durakc/engines, with
boardgame.io's own Client in Node (one per seat over a Local master): every seat is an active
player, so a seat that is not the current player catches with moves.play("catch SEAT CARD")
when its view offers that catch; a seeded cheating game with such catches is the Python
engine's game move for move (who may act, each seat's offered catches, the outcome), and a
catch naming another seat changes nothing."""

from __future__ import annotations

import pytest
from npm_support import HERE, run_node

import durakc.engines


@pytest.mark.parametrize(("players", "seed"), [(2, 5), (3, 8)])
def test_seats_catch_out_of_turn_through_boardgame_io(packed, deps, players, seed):
    [record] = run_node(HERE / "bgio_catches.mjs", "cheating", str(players), str(seed),
                        cwd=packed["consumer"])
    game = durakc.engines.load("cheating").new_game(players, seed)
    out_of_turn = 0
    for step, seen in enumerate(record["steps"]):
        where = f"step {step}"
        assert seen["toMove"] == seen["current"] == game.to_move, where
        assert seen["actors"] == game.actors(), where
        assert seen["offers"] == [[str(a) for a in game.out_of_turn_actions(s)]
                                  for s in range(players)], where
        out_of_turn += seen["mover"] != seen["current"]
        game.apply(seen["played"])
    assert out_of_turn, "a seat other than the current player caught"
    assert record["foreignRefused"] is True
    assert (record["over"], record["loser"]) == (game.is_over, game.loser)
    assert record["gameover"] == ({"loser": game.loser, "draw": game.is_draw}
                                  if game.is_over else None)
