"""The boardgame.io adapter of @durakc/engines (issue 32, item 3), with boardgame.io's own
Client in Node (one per seat, over a Local master): seeded games match the Python engine
move for move, playerView hides exactly what the spec hides (each client's view is the
Python engine's observation of its seat, and no card of another hand, of the stock or of a
closed discard pile appears in it), random players (and boardgame.io's RandomBot over the
adapter's ai.enumerate) finish their games, and moves out of turn or outside the legal list
change nothing."""

from __future__ import annotations

import json
import re

import pytest
from npm_support import HERE, run_node

import durakc.engines

# Keys of the Python observation the wasm observation leaves out (docs/wasm.md).
NOT_IN_WASM = {"history", "teams", "trump_of", "losses", "swaps_left"}
VIEW_KEYS = {"variant", "players", "moves", "toMove", "isOver", "loser", "isDraw", "view"}


def _hidden_from(game, seat: int | None) -> set[str]:
    """The cards `seat` (None: a spectator) may not know: the other hands, the stock but for
    the face-up trump card, and the discard pile where it is closed."""
    hidden = {card for s, hand in enumerate(game.hands) if s != seat for card in hand}
    hidden |= set(game.stock) - {game.trump_card}
    if game.observation(0)["discard"] is None:
        hidden |= set(game.discard)
    return hidden


def _cards_in(view: dict, deck: set[str]) -> set[str]:
    return set(re.findall(r"[0-9A-Z/]+", json.dumps(view))) & deck


def _check_view(view: dict, game, seat: int | None, deck: set[str]) -> None:
    assert set(view) == VIEW_KEYS, "no state text, no seed"
    expected = {k: v for k, v in game.observation(seat or 0).items() if k not in NOT_IN_WASM}
    if seat is None:
        expected.update(seat=None, hand=[], legal_actions=[])
    assert view["view"] == expected
    assert not _cards_in(view, deck) & _hidden_from(game, seat)
    assert (view["toMove"], view["isOver"], view["loser"]) == (game.to_move, game.is_over,
                                                               game.loser)


@pytest.mark.parametrize(("name", "players", "seed"), [
    ("transfer", 2, 11), ("transfer", 3, 12), ("transfer", 6, 13),
    ("podkidnoy", 2, 21), ("podkidnoy", 6, 22), ("closed-discard", 2, 31)])
def test_a_seeded_boardgame_io_game_is_the_python_engine_game(packed, deps, name, players, seed):
    [record] = run_node(HERE / "bgio_games.mjs", name, str(players), str(seed), "seeded",
                        cwd=packed["consumer"])
    py = durakc.engines.load(name)
    game = py.new_game(players, seed)
    deck = set(py.CARD_TEXT)
    _check_view(record["spectator"], game, None, deck)
    for step, seen in enumerate(record["record"]):
        assert int(seen["current"]) == game.to_move, f"step {step}: boardgame.io's turn order"
        for seat, view in enumerate(seen["views"]):
            _check_view(view, game, seat, deck)
        legal = game.legal_actions()
        assert seen["choice"] == (step * 31 + seed * 17) % len(legal)
        game.apply(legal[seen["choice"]])
    assert game.is_over and record["steps"] == len(game.history)
    assert record["gameover"] == {"loser": game.loser, "draw": game.is_draw}
    for seat, view in enumerate(record["final"]):
        _check_view(view, game, seat, deck)
    assert record["refusedUnchanged"] is True


@pytest.mark.parametrize(("name", "players"), [("transfer", 2), ("transfer", 6),
                                               ("podkidnoy", 2), ("podkidnoy", 6)])
def test_random_players_finish_their_games(packed, deps, name, players):
    games = run_node(HERE / "bgio_games.mjs", name, str(players), "0", "random", "3",
                     cwd=packed["consumer"])
    assert len(games) == 3
    for g in games:
        assert g["over"] and g["gameover"] is not None, g
        loser = g["gameover"]["loser"]
        assert loser == g["loser"] and (loser is None) == g["gameover"]["draw"]
        assert loser is None or 0 <= loser < players
        assert g["hidden"] and g["refusedUnchanged"]


@pytest.mark.parametrize(("name", "players"), [("transfer", 2), ("transfer", 6),
                                               ("podkidnoy", 2), ("podkidnoy", 6)])
def test_boardgame_io_random_bots_finish_their_games_the_same_way_twice(packed, deps, name,
                                                                        players):
    runs = [run_node(HERE / "bgio_games.mjs", name, str(players), "5", "bots", "2",
                     cwd=packed["consumer"]) for _ in range(2)]
    assert runs[0] == runs[1], "boardgame.io's seeds fix the deal and the bots' choices"
    for g in runs[0]:
        assert g["over"] and g["gameover"] == {"loser": g["loser"], "draw": g["loser"] is None}
        assert g["steps"] == g["moves"] > 0, "every bot step was one legal move"
        assert g["hidden"]
