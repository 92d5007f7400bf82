"""A real boardgame.io server (issue 32, item 3): boardgame.io/server's `Server` in Node serves
the packed @durakc/engines adapter's Game on 127.0.0.1; a match is created through its lobby
HTTP API with `setupData` (seed and table settings; a wrong setting is refused with the
engine's message), every seat joins, and one `Client` per
seat plays over the SocketIO transport to the end with seeded random legal moves
(bgio_server.mjs).  The game each client sees is the Python engine's game for the same seed
and settings, each client's view hides the other hands (test_boardgame._check_view), and the
server's stored match (its state text read back through the engine, its log of moves) is
that game too.  A few seconds per game (sockets): SLOW in tests/quick.py."""

from __future__ import annotations

import json

import pytest
from npm_support import HERE, run_node
from test_boardgame import NOT_IN_WASM, _check_view

import durakc.engines

TABLE = "table"


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 7, {"deck": 52}),
    (3, 12, {"deck": 24, "transfer": False, "neighbours": True}),
])
def test_a_served_match_is_the_python_engines_game(packed, deps, players, seed, options):
    [out] = run_node(HERE / "bgio_server.mjs", TABLE, str(players), str(seed),
                     json.dumps(options), cwd=packed["consumer"])
    py = durakc.engines.load(TABLE)
    with pytest.raises(py.InvalidGame) as refused:
        py.new_game(players, seed, options={**options, "deck": 25})
    assert out["refused"] == {"status": 400, "text": str(refused.value)}, "the lobby's answer"
    game = py.new_game(players, seed, options=options)
    deck = set(py.CARD_TEXT)
    movers = []
    for step, seen in enumerate(out["record"]):
        assert int(seen["current"]) == game.to_move, f"step {step}: the server's turn order"
        for seat, view in enumerate(seen["views"]):
            _check_view(view, game, seat, deck)   # the seat's observation, no hidden card
        assert seen["views"][0]["view"]["options"] == game.options
        movers.append(seen["current"])
        game.apply(game.legal_actions()[seen["choice"]])
    assert game.is_over and out["steps"] == len(game.history) > 0
    assert out["gameover"] == {"loser": game.loser, "draw": game.is_draw}
    for seat, view in enumerate(out["final"]):
        _check_view(view, game, seat, deck)
    server = out["server"]
    assert server["seed"] == seed and server["moves"] == len(game.history)
    assert "state" in server["keys"], "the server keeps the whole state the clients never get"
    assert server["gameover"] == server["metadataGameover"] == out["gameover"]
    assert server["movers"] == movers and server["history"] == game.history
    assert server["replayedState"] is True, "the log's moves from the seed give the stored state"
    for seat, seen in enumerate(server["observations"]):
        expected = {k: v for k, v in game.observation(seat).items() if k not in NOT_IN_WASM}
        assert seen == expected

