"""Out-of-turn actions through the engine contract (docs/engine-api.md, "Out-of-turn actions"),
on the cheating engine (play.cheating, HR34) of the Python and the native (C) backend and on
the reference:
`actors()`, `out_of_turn_actions(seat)`, `catch SEAT CARD` naming its seat, refusals that
leave the game unchanged, saving and copying the round's catch state, and engines without
out-of-turn actions keeping the contract they had."""

from __future__ import annotations

import copy
import json
import pickle
import random

import pytest

from durakc import reference
from generated import cheating as engine
from generated import podkidnoy

HANDS = [["7H", "9C", "KD", "AD"], ["7C", "8H", "10C", "QD"], ["6D", "JS", "QH", "KH"]]


def _position(mod=engine):
    held = {c for h in HANDS for c in h}
    return {"players": 3, "trump": "S", "stock": [], "hands": HANDS, "attacker": 0, "dealer": 2,
            "discard": [c for c in mod.CARD_TEXT if c not in held]}


def _native():
    """The cheating engine on the native backend (generated/cheating.c), skipped without a C compiler."""
    from durakc.native import NativeUnavailable, load_native
    try:
        return load_native("cheating")
    except NativeUnavailable as exc:
        pytest.skip(f"native backend: {exc}")


@pytest.fixture(params=["engine", "native", "reference"])
def mod(request):
    if request.param == "native":
        return _native()
    return engine if request.param == "engine" else reference.load("cheating")


@pytest.fixture(params=["engine", "native"])
def backend(request):
    """The cheating engine of each backend."""
    return engine if request.param == "engine" else _native()


def _texts(actions):
    return sorted(str(a) for a in actions)


def test_catches_are_out_of_turn_and_never_in_legal_actions(mod):
    g = mod.from_position(_position())
    assert g.actors() == [0] and g.out_of_turn_actions(1) == []  # an empty table: no catch
    g.apply("attack 9C")
    assert g.to_move == 1
    assert not any(str(a).startswith("catch") for a in g.legal_actions())
    assert _texts(g.out_of_turn_actions(2)) == ["catch 2 9C"]
    assert g.out_of_turn_actions(0) == []  # the author never catches its own play
    assert g.actors() == [1, 2]  # to_move first, then clockwise the seats with a catch


def test_a_cheat_and_a_legal_play_offer_the_same_catches(mod):
    """HR34's decision: the lists never reveal a cheat."""
    legal, cheat = mod.from_position(_position()), mod.from_position(_position())
    legal.apply("attack 9C")
    cheat.apply("attack 9C")
    legal.apply("beat 9C 10C")
    cheat.apply("beat 9C QD")  # a diamond on a club, no trump: against T11
    for seat in range(3):
        assert ([str(a).replace("10C", "X") for a in legal.out_of_turn_actions(seat)]
                == [str(a).replace("QD", "X") for a in cheat.out_of_turn_actions(seat)])
    for seat in range(3):
        a, b = legal.observation(seat), cheat.observation(seat)
        assert set(a) == set(b) and "fouls" not in a


def test_a_refused_catch_raises_and_leaves_the_game_unchanged(mod):
    g = mod.from_position(_position())
    g.apply("attack 9C")
    before = g.to_dict()
    for text in ("catch 0 9C", "catch 2 KD", "catch 7 9C", "catch 2", "catch x 9C"):
        with pytest.raises(mod.IllegalAction):
            g.apply(text)
        assert g.to_dict() == before
    g.apply("catch 2 9C")  # a legal play: seat 2 may catch no more this round
    before = g.to_dict()
    g.apply("beat 9C 10C")
    with pytest.raises(mod.IllegalAction, match="caught a legal play|not a catch"):
        g.apply("catch 2 10C")
    assert g.history[-1] == "beat 9C 10C" and g.history[-2] == "catch 2 9C"
    assert before["history"] == g.history[:-1]


def test_out_of_turn_actions_refuses_a_seat_that_is_not_one(mod):
    g = mod.from_position(_position())
    for bad in (-1, 3, True, "1"):
        with pytest.raises(mod.InvalidGame):
            g.out_of_turn_actions(bad)


def test_catch_text_round_trips():
    act = engine.parse_action("catch 2 10c")
    assert str(act) == "catch 2 10C" and act.verb == "catch" and act.cards == ["10C"]
    assert engine.parse_action("CATCH 2 10\u2663") is act  # interned
    assert pickle.loads(pickle.dumps(act)) is act
    with pytest.raises(ValueError, match="catch SEAT CARD"):
        engine.parse_action("catch 10C")


def test_the_catch_state_survives_saving_copying_and_pickling(backend):
    g = backend.from_position(_position())
    for text in ("attack 9C", "beat 9C 10C", "throw 7H"):  # 7H: no seven on the table
        g.apply(text)
    g.apply("catch 0 10C")  # a legal beat caught: seat 0 is barred this round
    saved = json.loads(json.dumps(g.to_dict()))
    assert saved["fouls"] == ["7H"] and saved["caught_out"] == [1, 0, 0]
    assert saved["played_by"] == [["7H", "9C"], ["10C"], []]
    for other in (backend.Game.from_dict(saved), g.copy(), copy.deepcopy(g),
                  pickle.loads(pickle.dumps(g))):
        assert other.actors() == g.actors()
        assert [_texts(other.out_of_turn_actions(s)) for s in range(3)] == [
            _texts(g.out_of_turn_actions(s)) for s in range(3)]
        other.apply("catch 2 7H")  # still a foul after the round trip: back to seat 0
        assert other.hands[0] == ["7H", "KD", "AD"] and other.table == [["9C", "10C"]]
    assert g.table == [["9C", "10C"], ["7H", None]]  # the copies are independent


def test_a_saved_game_with_bad_catch_state_is_refused():
    d = engine.from_position(_position()).to_dict()
    for key, value in (("played_by", [[], []]), ("played_by", "7H"), ("caught_out", [2, 0, 0]),
                       ("fouls", ["XX"]), ("fouls", ["7H"]), ("played_by", [["7H"], [], []])):
        with pytest.raises(engine.InvalidGame):
            engine.Game.from_dict(dict(d, **{key: value}))


def test_a_saved_table_needs_one_author_per_card():
    g = engine.from_position(_position())
    g.apply("attack 9C")
    d = g.to_dict()
    assert engine.Game.from_dict(d).to_dict() == d
    for played_by in ([[], [], []], [["9C"], ["9C"], []], [["9C", "7H"], [], []]):
        with pytest.raises(engine.InvalidGame, match="played_by"):
            engine.Game.from_dict(dict(d, played_by=played_by))


def test_seeded_games_with_catches_are_the_same_on_the_engine_and_the_reference(backend):
    ref = reference.load("cheating")
    for seed in range(4):
        games = backend.new_game(4, seed), ref.new_game(4, seed)
        rng = random.Random(seed)
        while not games[0].is_over:
            assert games[0].actors() == games[1].actors()
            catches = _texts(a for s in games[0].actors() for a in games[0].out_of_turn_actions(s))
            legal = _texts(games[0].legal_actions())
            assert legal == _texts(games[1].legal_actions())
            text = rng.choice(catches) if catches and rng.random() < 0.3 else rng.choice(legal)
            for g in games:
                g.apply(text)
        assert games[0].loser == games[1].loser and games[0].history == games[1].history


def test_an_engine_without_out_of_turn_actions_has_no_such_members():
    g = podkidnoy.from_position(_position(podkidnoy))
    assert not hasattr(g, "actors") and not hasattr(g, "out_of_turn_actions")
    with pytest.raises(ValueError):
        podkidnoy.parse_action("catch 2 9C")


def test_the_c_target_builds_the_cheating_table():
    """HR34 on the C target: nothing refused, and the header declares the out-of-turn API."""
    from durakc.ir.build import build_ir
    from durakc.spec import load_spec
    from durakc.targets.c import render_c
    from durakc.targets.c.capabilities import refusals

    spec = load_spec("cheating")
    assert refusals(spec, build_ir(spec).capabilities) == []
    header = render_c(spec)["cheating.h"]
    assert "unsigned durak_cheating_actors(const durak_cheating_game *g);" in header
    assert "int durak_cheating_out_of_turn_actions(" in header and "DURAK_CHEATING_CATCH" in header


def test_the_reference_offers_no_catch_in_a_variant_without_cheating():
    """The reference's Game has actors() in every variant (one mixin); without
    play.cheating it names only the seat to move and offers it nothing out of turn."""
    game = reference.load("podkidnoy").new_game(3, 2)
    game.apply(str(game.legal_actions()[0]))
    assert game.table and game.actors() == [game.to_move]
    assert all(game.out_of_turn_actions(s) == [] for s in range(3))
