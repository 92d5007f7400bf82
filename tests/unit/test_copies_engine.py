"""The two-decks engine (deck.copies: 2, HR17) through the engine contract: texts name cards,
the copy played is the lowest identity held, positions take each text up to twice."""

from __future__ import annotations

import pytest

from generated import two_decks as engine

HANDS = [["9H", "9H", "KC"], ["10H", "7D"], ["9D", "8C"]]


def _position(hands=HANDS, **more):
    seen = [c for h in hands for c in h]
    discard = list(engine.CARD_TEXT)
    for c in seen:
        if c in discard:
            discard.remove(c)
    return dict(players=3, trump="S", stock=[], hands=hands, attacker=0, dealer=2,
                discard=discard, **more)


def test_a_text_named_twice_names_both_copies():
    assert str(engine.parse_action("attack 9h 9H")) == "attack 9H 9H"
    assert engine.parse_action("attack 9H 9H").size == 2
    with pytest.raises(ValueError, match="named twice"):
        engine.parse_action("attack 9H 9H 9H")


def test_playing_a_text_plays_one_copy_and_the_position_round_trips():
    g = engine.from_position(_position())
    g.apply("attack 9H")
    assert g.hands[0] == ["9H", "KC"] and g.table == [["9H", None]]
    again = engine.Game.from_dict(g.to_dict())
    assert again.hands == g.hands and [str(a) for a in again.legal_actions()] == [
        str(a) for a in g.legal_actions()]


def test_a_parsed_action_finds_the_copy_held():
    # seat 0 holds only the second copy of 9H once the first is on the table
    g = engine.from_position(_position())
    for text in ("attack 9H", "beat 9H 10H", "throw 9H"):
        g.apply(engine.parse_action(text).text)
    assert g.table == [["9H", "10H"], ["9H", None]]


def test_a_third_copy_is_refused():
    with pytest.raises(engine.InvalidGame, match="9H"):
        engine.from_position(_position([["9H", "9H", "9H"], ["10H"], ["8C"]]))


def test_an_illegal_copy_names_the_reason():
    g = engine.from_position(_position())
    with pytest.raises(engine.IllegalAction, match="not in seat 0's hand"):
        g.apply("attack 10H")
