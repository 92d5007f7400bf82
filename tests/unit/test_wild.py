"""Wild cards (W1-W3) beyond the bundled `weli`: the historical Weli where only the six of
diamonds is wild (deck.wild_suits), the texts and errors of named suits, saved games and
positions with wild cards, and the spec checks of deck.wild_rank."""

from __future__ import annotations

import types

import pytest

from durakc import reference
from durakc.diagnostics import SpecError
from durakc.spec import load_spec
from durakc.targets.python.codegen import render_engine

SIX_OF_DIAMONDS = """\
name: weli-diamonds
title: Weli with only the six of diamonds wild
extends: podkidnoy
rules:
  deck:
    wild_rank: "6"
    wild_suits: [D]
"""


def _write(tmp_path, text, name="spec.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def diamonds(tmp_path_factory):
    path = _write(tmp_path_factory.mktemp("spec"), SIX_OF_DIAMONDS, "weli-diamonds.yaml")
    module = types.ModuleType("weli_diamonds")
    exec(compile(render_engine(load_spec(path)), str(path), "exec"), module.__dict__)
    return module


@pytest.fixture(scope="module")
def diamonds_reference(tmp_path_factory):
    path = _write(tmp_path_factory.mktemp("spec"), SIX_OF_DIAMONDS, "weli-diamonds.yaml")
    return reference.load(load_spec(path))


def _position(engine, hands, trump="C"):
    return engine.from_position({"players": 2, "trump": trump, "stock": [], "discard": [],
                                 "attacker": 0, "dealer": 1, "hands": hands})


@pytest.mark.parametrize("which", ["diamonds", "diamonds_reference"])
def test_only_the_named_suits_are_wild(which, request):
    # W1: "a variant may name fewer, e.g. only the six of diamonds": 6S is a plain six.
    engine = request.getfixturevalue(which)
    g = _position(engine, [["6S", "6D", "KH"], ["7S", "AH"]])
    assert sorted(map(str, g.legal_actions())) == sorted(
        ["attack 6S", "attack 6D/S", "attack 6D/H", "attack 6D/D", "attack 6D/C", "attack KH"])
    with pytest.raises(engine.IllegalAction, match="only wild cards name a suit"):
        g.apply("attack 6S/H")


def test_named_suit_texts_in_any_case_and_with_symbols():
    from durakc.engines import weli
    for text in ("attack 6s/h", "attack 6\u2660/\u2665", "ATTACK 6S/\u2665", "attack 6\u2660/h"):
        assert str(weli.parse_action(text)) == "attack 6S/H"
    assert str(weli.parse_action("beat 9h 6d")) == "beat 9H 6D/D"  # W2: the printed suit
    with pytest.raises(ValueError, match="only wild cards name a suit"):
        weli.parse_action("throw 7S/H")
    with pytest.raises(ValueError, match="not a card of this deck"):
        weli.parse_action("throw 6S/X")


def test_illegal_wild_beat_gives_a_reason_and_changes_nothing():
    from durakc.engines import weli
    g = _position(weli, [["7S", "KD"], ["6D", "9H"]])
    g.apply("attack 7S")
    before = g.to_dict()
    with pytest.raises(weli.IllegalAction, match="6D/S does not beat 7S"):
        g.apply("beat 7S 6D/S")
    assert g.to_dict() == before
    with pytest.raises(weli.IllegalAction, match="not in seat 1's hand"):
        g.apply("beat 7S 6C/C")


def test_saved_games_keep_the_named_suit_on_the_table_only():
    from durakc.engines import weli
    g = _position(weli, [["6S", "KD"], ["7H", "8C", "AS"]])
    g.apply("attack 6S/H")
    d = g.to_dict()
    assert d["table"] == [["6S/H", None]]
    again = weli.Game.from_dict(d)
    assert again.table == g.table and again.hands == g.hands
    assert list(map(str, again.legal_actions())) == list(map(str, g.legal_actions()))
    again.apply("take")
    assert again.hands[1] == ["6S", "7H", "8C", "AS"]  # W2: the printed card returns
    leaked = dict(d, hands=[["6S/H", "KD"], ["7H", "8C", "AS"]], table=[["6S/S", None]])
    with pytest.raises(ValueError):
        weli.Game.from_dict(leaked)


def test_positions_refuse_a_named_suit_in_a_hand():
    from durakc.engines import weli
    with pytest.raises(ValueError, match="names a suit only on the table"):
        _position(weli, [["6S/H", "KD"], ["7H"]])


def _errors(tmp_path, rules):
    path = _write(tmp_path, f"name: w\ntitle: w\nextends: podkidnoy\nrules:\n{rules}")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return str(info.value)


def test_wild_rank_must_be_a_rank_of_the_deck(tmp_path):
    text = _errors(tmp_path, "  deck:\n    ranks: [7, 8, 9, 10, J, Q, K, A]\n    wild_rank: \"6\"\n")
    assert "deck.wild_rank 6 is not a rank of the deck" in text
    text = _errors(tmp_path, "  deck:\n    wild_rank: six\n")
    assert "'deck.wild_rank' must be a rank" in text


def test_wild_cards_refuse_what_they_do_not_support_yet(tmp_path):
    text = _errors(tmp_path, "  deck:\n    wild_rank: \"6\"\n  transfer:\n    enabled: true\n")
    assert "do not support transfers yet" in text
    text = _errors(tmp_path, "  deck:\n    wild_rank: \"6\"\n  attack:\n    opening: same_rank\n")
    assert "only one-card openings" in text
    text = _errors(tmp_path, "  deck:\n    wild_rank: \"6\"\n    suits: [S, H]\n    wild_suits: [D]\n"
                             "  players:\n    max: 2\n")
    assert "deck.wild_suits names no suit of the deck" in text
