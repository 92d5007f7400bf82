"""HR34 in the playground's games (`durakc.web.play`): the bots catch by their rule, the
human is offered its catches (at its turn, or asked out of turn with `wait`), refusals say
why; variants without out-of-turn actions are asked nothing."""

from __future__ import annotations

import random

from durakc.engines import podkidnoy
from durakc.loading.engines import load_engine
from durakc.web.play import play_step

BUDGET, MAX_HISTORY = 5.0, 5000


def _request(players=2, **kw):
    base = {"players": players, "seat": 0, "seed": 3, "bots": [None] + ["greedy"] * (players - 1),
            "history": [], "action": None}
    return base | kw


def _step(engine, request, view, action):
    return play_step(engine, request | {"history": view["history"], "action": action},
                     BUDGET, MAX_HISTORY)


def test_a_cheating_game_with_catches_and_waits_reaches_its_end():
    engine, rng = load_engine("cheating"), random.Random(1)
    request = _request(players=3)
    view = play_step(engine, request, BUDGET, MAX_HISTORY)
    asked = mine = 0
    while not view["is_over"]:
        assert view["refused"] is None and view["stopped"] is None
        if view["asked"]:  # a bot is to move, the page asks whether seat 0 catches
            assert view["to_move"] != 0 and view["catches"]
            asked += 1
            action = rng.choice([*view["catches"], "wait", "wait"])
        else:
            assert view["to_move"] == 0
            action = rng.choice(view["legal_actions"] + view["catches"][:1])
        mine += action.startswith("catch")
        assert not action.startswith("catch") or action.split()[1] == "0"
        view = _step(engine, request, view, action)
    assert asked and mine
    assert any(h.startswith("catch 0 ") for h in view["history"])
    assert view["result"].startswith("game over") and view["catches"] == []


def test_the_bots_catch_a_visible_cheat_of_the_human():
    """A thrown card whose rank is not on the table breaks T17 for every seat to see: the
    bot catches it at once and the card goes back to the human's hand."""
    engine = load_engine("cheating")
    request = _request()
    view = play_step(engine, request, BUDGET, MAX_HISTORY)
    for _ in range(40):
        if view["is_over"]:
            break
        if view["asked"]:
            view = _step(engine, request, view, "wait")
            continue
        ranks = {c[:-1] for pair in view["table"] for c in pair if c}
        cheats = [a for a in view["legal_actions"]
                  if a.startswith("throw ") and a.split()[1][:-1] not in ranks]
        if cheats:
            card, before = cheats[0].split()[1], len(view["history"])
            view = _step(engine, request, view, cheats[0])
            assert view["history"][before:before + 2] == [cheats[0], f"catch 1 {card}"]
            assert card in view["hand"]
            return
        view = _step(engine, request, view, view["legal_actions"][0])
    raise AssertionError("no visible cheat came up")


def test_waiting_and_catching_for_another_seat_are_refused():
    engine = load_engine("cheating")
    request = _request()
    view = play_step(engine, request, BUDGET, MAX_HISTORY)
    assert not view["asked"]
    refused = _step(engine, request, view, "wait")
    assert refused["refused"].startswith("nothing to wait for")
    assert refused["history"] == view["history"]
    if view["catches"]:
        card = view["catches"][0].split()[-1]
        other = _step(engine, request, view, f"catch 1 {card}")
        assert other["refused"].startswith("you are seat 0")


def test_a_variant_without_catches_asks_nothing():
    view = play_step(podkidnoy, _request(), BUDGET, MAX_HISTORY)
    assert view["catches"] == [] and view["asked"] is False
