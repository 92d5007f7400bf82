"""HR34 in the OpenSpiel games: out-of-turn seats are decision nodes of their own, by the
schedule of durakc.rl.schedule (docs/openspiel.md, "Out-of-turn decisions")."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'durakc[openspiel]'")

import durakc.openspiel as dos
from durakc.openspiel import game as game_module


def _dealt(players, seed):
    game = pyspiel.load_game(dos.game_name("cheating"), {"players": players})
    state = game.new_initial_state()
    for byte in seed.to_bytes(game_module.SEED_BYTES, "big"):
        state.apply_action(byte)
    return state


def _first_out_of_turn_node(state, rng):
    """Random play (never catching) up to a seat asked out of turn."""
    encoding = state.owner.encoding
    while not state.is_terminal():
        if state.current_player() != state.game.to_move or (
                encoding.offsets["wait"] in state.legal_actions()):
            return state
        state.apply_action(rng.choice(state.legal_actions()))
    return None


def test_an_out_of_turn_node_offers_the_seats_catches_and_wait():
    state = _first_out_of_turn_node(_dealt(3, 11), random.Random(3))
    assert state is not None
    seat, encoding = state.current_player(), state.owner.encoding
    catches = {encoding.action_index(a): str(a) for a in state.game.out_of_turn_actions(seat)}
    assert sorted(state.legal_actions()) == sorted([*catches, encoding.offsets["wait"]])
    index = min(catches)
    assert state.action_to_string(seat, index) == catches[index]
    state.apply_action(index)  # the engine applies the seat's catch
    assert state.game.history[-1] == catches[index]
    assert state.movers[-1] == seat


def test_waiting_asks_the_next_seat_then_the_seat_to_move():
    state = _first_out_of_turn_node(_dealt(2, 5), random.Random(1))
    assert state is not None
    wait = state.owner.encoding.offsets["wait"]
    history = list(state.game.history)
    asked = []
    while wait in state.legal_actions():
        asked.append(state.current_player())
        state.apply_action(wait)
    assert state.game.history == history  # waits apply nothing
    assert len(asked) == len(set(asked)) >= 1  # each seat asked once at a position
    assert state.current_player() == state.game.to_move
    assert wait not in state.legal_actions()
