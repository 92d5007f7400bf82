"""`Game.from_dict` on every engine: a saved state mid-round comes back exactly, and a state
that is not a consistent game of the variant is refused with a clear `ValueError` (issue 9,
3e), as `from_position` refuses a bad position (contract: "Bad positions raise ValueError
with a clear message"; every card of the deck is somewhere, each exactly once)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from engine_support import engine_params, load

SEEDS = range(200)


def _states(mod):
    """The first state met in random play (3 players when the variant allows it, else its
    minimum) of each kind: a defence facing cards, a throw-in after a full beat, and a
    throw-in after a take; each with cards still in the stock."""
    rules = mod.VARIANT["rules"]
    players = max(rules["players.min"], min(3, rules["players.max"]))
    # A throw-in condition that reads `took` may forbid every throw-in after a take (HR9):
    # such a variant never reaches that kind, and a throw-in after a full beat stands in.
    wanted = {("defend", False), ("throw", False)}
    if "took" not in rules.get("throw_in.card", ""):
        wanted.add(("throw", True))
    # A variant whose fewest players get the whole deck (teams of three: six players, T6)
    # never has a stock: any state of the kind will do.
    stocked = bool(mod.new_game(players, SEEDS[0]).to_dict()["stock"])
    found = {}
    for seed in SEEDS:
        rng = random.Random(seed)
        g = mod.new_game(players, seed)
        while not g.is_over and not wanted <= found.keys():
            d = g.to_dict()
            if d["stock"] or not stocked:
                kind = (d["phase"], d["took"])
                if kind in (("defend", False), ("throw", False), ("throw", True)):
                    found.setdefault(kind, d)
            g.apply(rng.choice(g.legal_actions()))
        if wanted <= found.keys():
            found.setdefault(("throw", True), found["throw", False])
            return found
    pytest.fail(f"random play did not reach every kind of state: {sorted(found)}")


def _refused(mod, d, *words):
    """from_dict(d) raises a ValueError whose message names every one of `words`."""
    with pytest.raises(ValueError) as info:
        mod.Game.from_dict(d)
    message = str(info.value)
    for word in words:
        assert word in message, f"{message!r} does not name {word!r}"
    return message


@pytest.fixture(params=engine_params())
def engine(request):
    mod = load(request.param)
    return mod, _states(mod)


def test_round_trip_mid_round(engine):
    mod, states = engine
    for kind, d in states.items():
        g = mod.Game.from_dict(json.loads(json.dumps(d)))
        assert g.to_dict() == d, kind
        # the restored game plays on exactly like the recorded one would
        legal = [a.text for a in g.legal_actions()]
        assert legal, kind
        g.apply(legal[0])
        h = mod.Game.from_dict(d)
        h.apply(legal[0])
        assert g.to_dict() == h.to_dict(), kind


def test_card_in_two_hands(engine):
    mod, states = engine
    d = copy.deepcopy(states["defend", False])
    card = d["hands"][d["to_move"]][0]
    other = (d["to_move"] + 1) % d["players"]
    d["hands"][other].append(card)
    _refused(mod, d, card, f"seat {d['to_move']}'s hand", f"seat {other}'s hand")


def test_card_in_a_hand_and_the_stock(engine):
    mod, states = engine
    d = copy.deepcopy(states["throw", False])
    if not d["stock"]:
        pytest.skip("the variant deals the whole deck to its players (T6): there is no stock")
    card = d["stock"][0]
    d["hands"][0].append(card)
    if mod.VARIANT["rules"].get("deck.copies", 1) > 1:  # HR17: a third copy, named where seen
        d["hands"][0].append(card)
        _refused(mod, d, card)
        return
    _refused(mod, d, card, "seat 0's hand", "stock")


def test_card_in_a_hand_and_on_the_table(engine):
    mod, states = engine
    d = copy.deepcopy(states["throw", True])
    card = d["table"][0][0]
    d["hands"][d["to_move"]].append(card)
    if mod.VARIANT["rules"].get("deck.copies", 1) > 1:  # HR17: a third copy, named where seen
        d["hands"][d["to_move"]].append(card)
        _refused(mod, d, card)
        return
    _refused(mod, d, card, "table", "hand")


def test_missing_card(engine):
    mod, states = engine
    d = copy.deepcopy(states["defend", False])
    card = d["hands"][d["defender"]].pop()
    _refused(mod, d, card, "every card of the deck")


def test_missing_keys(engine):
    mod, states = engine
    name = mod.VARIANT["name"]
    _refused(mod, {"variant": name}, "players", "hands", "stock")
    d = dict(states["throw", True])
    del d["hands"], d["to_move"]
    message = _refused(mod, d, "hands", "to_move")
    assert "stock" not in message


@pytest.mark.parametrize("key, value, words", [
    ("players", "3", ["players"]),
    ("hands", "9S 10H", ["hands"]),
    ("table", [["9S"]], ["table"]),
    ("stock", None, ["stock"]),
    ("to_move", "1", ["to_move"]),
    ("took", "yes", ["took"]),
    ("phase", "fight", ["phase"]),
    ("limit", 0, ["limit"]),
    ("in_game", [True], ["in_game"]),
    ("history", "attack 9S", ["history"]),
    ("trump", "X", ["trump"]),
    ("unknown", 1, ["unknown"]),
])
def test_wrong_types(engine, key, value, words):
    mod, states = engine
    d = copy.deepcopy(states["throw", True])
    d[key] = value
    _refused(mod, d, *words)


def test_wrong_variant(engine):
    mod, states = engine
    _refused(mod, {"variant": "house"}, "'house'", repr(mod.VARIANT["name"]))
    d = dict(states["defend", False], variant="house")
    _refused(mod, d, "'house'")
    _refused(mod, [], "dict")


def test_state_that_contradicts_the_phase(engine):
    mod, states = engine
    d = dict(states["defend", False])
    d["to_move"] = d["attacker"]  # in a defence only the defender moves
    _refused(mod, d, "defend")
    d = dict(states["throw", False], phase="attack")  # cards on the table while opening
    _refused(mod, d, "attack phase")


def test_position_names_both_places_of_a_duplicate(engine):
    # from_position shares the card checks: the message says where the card was seen.
    mod, states = engine
    d = states["throw", False]
    hands = [list(h) for h in d["hands"]]
    card = hands[0][0]
    hands[1].append(card)
    position = {"players": d["players"], "trump": d["trump"], "stock": d["stock"],
                "hands": hands, "attacker": 0}
    with pytest.raises(ValueError, match=f"card {card} is in seat 0's hand and in seat 1's hand"):
        mod.from_position(position)


JUNK = (None, 0, -1, 99, 2.5, True, "x", "", [], [None], [[]], [["x", None]], {}, {"a": 1})


def test_any_junk_value_is_a_value_error_or_a_game(engine):
    # Whatever one key holds, from_dict raises ValueError or builds a game: never a
    # KeyError, TypeError or IndexError from deep inside.
    mod, states = engine
    for kind, d in states.items():
        for key in d:
            for junk in JUNK:
                try:
                    g = mod.Game.from_dict(dict(d, **{key: junk}))
                except ValueError:
                    continue
                assert isinstance(g.to_dict(), dict), (kind, key, junk)
