"""Games in the page: replayed from seed and history on every request (no state on the
server), bots for the other seats, refusals in the engine's words, same seed, same game."""

from __future__ import annotations

import pytest

from durakc.engines import podkidnoy, transfer
from durakc.sim import bots as registry
from durakc.web.play import BadRequest, available_bots, play_step

BUDGET, MAX_HISTORY = 5.0, 5000


def _request(**kw):
    base = {"players": 2, "seat": 0, "seed": 7, "bots": [None, "greedy"], "history": [],
            "action": None}
    return base | kw


def _play_out(engine, choose, **kw):
    """Play a whole game a request at a time, the human choosing with `choose(view)`."""
    request = _request(**kw)
    view = play_step(engine, request, BUDGET, MAX_HISTORY)
    steps = 0
    while not view["is_over"]:
        assert view["to_move"] == request["seat"] and view["legal_actions"]
        request = request | {"history": view["history"], "action": choose(view)}
        view = play_step(engine, request, BUDGET, MAX_HISTORY)
        assert view["refused"] is None
        steps += 1
        assert steps < 500
    return view


def test_a_game_against_bots_reaches_its_end():
    view = _play_out(podkidnoy, lambda v: v["legal_actions"][0], players=3,
                     bots=[None, "greedy", "random"])
    assert view["result"].startswith("game over")
    assert view["legal_actions"] == []
    seats = {entry["seat"] for entry in view["log"] if "seat" in entry}
    assert seats == {0, 1, 2}
    assert any(entry.get("event", "").startswith("round over") for entry in view["log"])


def test_the_same_seed_and_moves_give_the_same_game():
    first = _play_out(transfer, lambda v: v["legal_actions"][-1])
    again = _play_out(transfer, lambda v: v["legal_actions"][-1])
    assert first["history"] == again["history"] and first["loser"] == again["loser"]
    other = _play_out(transfer, lambda v: v["legal_actions"][-1], seed=8)
    assert other["history"] != first["history"]


def test_only_what_the_seat_may_see_is_sent():
    view = play_step(transfer, _request(), BUDGET, MAX_HISTORY)
    assert "hands" not in view and "stock" not in view
    game = transfer.new_game(2, 7)
    for text in view["history"]:
        game.apply(text)
    assert view["hand"] == game.hands[0]
    assert view["hand_sizes"] == [len(hand) for hand in game.hands]


def test_an_illegal_move_is_refused_in_the_engines_words():
    view = play_step(transfer, _request(), BUDGET, MAX_HISTORY)
    if view["to_move"] != 0:
        pytest.fail("seat 0 should be to move after the bots")
    history = view["history"]
    wrong = "pass" if "take" in view["legal_actions"] else "take"
    refused = play_step(transfer, _request(history=history, action=wrong), BUDGET, MAX_HISTORY)
    game = transfer.new_game(2, 7)
    for text in history:
        game.apply(text)
    with pytest.raises(transfer.IllegalAction) as caught:
        game.apply(wrong)
    assert refused["refused"] == str(caught.value)
    assert refused["history"] == history            # the game is unchanged
    nonsense = play_step(transfer, _request(history=history, action="fly away"), BUDGET,
                         MAX_HISTORY)
    assert "unknown action" in nonsense["refused"]


def test_typed_text_in_any_case_and_with_symbols_is_an_action():
    view = play_step(transfer, _request(seed=3), BUDGET, MAX_HISTORY)
    action = view["legal_actions"][0]
    verb, card = action.split(" ")[:2]
    typed = f"{verb.upper()} {card[:-1]}{'♠♥♦♣'['SHDC'.index(card[-1])]}"
    after = play_step(transfer, _request(seed=3, history=view["history"], action=typed),
                      BUDGET, MAX_HISTORY)
    assert after["refused"] is None
    assert after["history"][len(view["history"])] == action


def test_a_history_that_does_not_replay_is_a_bad_request():
    with pytest.raises(BadRequest, match="history action 1"):
        play_step(transfer, _request(history=["beat 6S 7S"]), BUDGET, MAX_HISTORY)
    with pytest.raises(BadRequest, match="ValueError|not|unknown"):
        play_step(transfer, _request(history=["\x00garbage"]), BUDGET, MAX_HISTORY)


def test_a_player_count_the_variant_refuses_is_a_bad_request():
    with pytest.raises(BadRequest):
        play_step(transfer, _request(players=9, bots=[None] + ["random"] * 8), BUDGET,
                  MAX_HISTORY)


def test_bots_out_of_time_hand_back_and_go_on_next_request():
    # seat 0 out of the game at once is impossible; a zero budget stops before any bot move
    view = play_step(transfer, _request(bots=[None, "greedy"], seat=0, seed=2), 0.0,
                     MAX_HISTORY)
    if view["to_move"] == 0:
        assert view["thinking"] is False
    else:
        assert view["thinking"] is True and view["history"] == []
        again = play_step(transfer, _request(seed=2), BUDGET, MAX_HISTORY)
        assert again["to_move"] == 0 and not again["thinking"]


def test_the_bots_are_those_of_the_registry(monkeypatch):
    assert available_bots() == [b for b in registry.BOT_NAMES]
    monkeypatch.setattr(registry, "BOT_NAMES", registry.BOT_NAMES + ("nosuch",))
    assert "nosuch" not in available_bots()
