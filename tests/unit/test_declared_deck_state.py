"""The state of `set_aside` (HR12, HR13), `lot_trumps` (HR15) and `redeal_offer` (HR19),
declared once in compiler/capabilities/state.py (kinds card_mask as a place of the deck's own,
seat_suits, seat_cards, seat_set, seed): saved, read back and refused as the rules say."""

from __future__ import annotations

import pytest

from durakc.capabilities.state import Field
from durakc.engines import redeal_on_request, trump_aside, trumps_by_lot


@pytest.mark.parametrize("engine, fields", [
    (trump_aside, (("set_aside", "card_mask"),)),
    (trumps_by_lot, (("seat_trumps", "seat_suits"), ("lot_cards", "seat_cards"))),
    (redeal_on_request, (("redeal_asked", "seat_set"), ("redeal_asking", "seat_or_none"),
                         ("redeal_seed", "seed"))),
])
def test_the_engines_list_their_declared_state_and_save_it(engine, fields):
    assert engine.STATE_FIELDS == fields
    g = engine.new_game(3, 1)
    d = g.to_dict()
    assert {name for name, _ in fields} <= set(d)
    assert engine.Game.from_dict(d).to_dict() == d


def test_only_a_card_mask_is_a_place_of_the_decks_own():
    with pytest.raises(ValueError, match="only a card_mask"):
        Field("x", "seat_cards", "doc", deck_place=True)


def test_the_cards_set_aside_are_a_place_of_their_own():
    """HR12: the trump card lies aside, in no other place; every card is somewhere once."""
    d = trump_aside.new_game(2, 1).to_dict()
    assert len(d["set_aside"]) == 1 and d["set_aside"][0][-1] == d["trump"]
    twice = dict(d, set_aside=[d["hands"][0][0]])  # a held card set aside as well
    with pytest.raises(trump_aside.InvalidGame):
        trump_aside.Game.from_dict(twice)
    nowhere = dict(d, set_aside=[])  # the trump card in no place
    with pytest.raises(trump_aside.InvalidGame, match="nowhere"):
        trump_aside.Game.from_dict(nowhere)


def test_seat_trumps_by_lot_are_the_suits_of_the_cards_turned():
    """HR15: each seat's trump is the suit of the card turned for it."""
    g = trumps_by_lot.new_game(3, 1)
    d = g.to_dict()
    assert d["seat_trumps"] == [card[-1] for card in d["lot_cards"]]
    assert [g.trump_of(s) for s in range(3)] == d["seat_trumps"]
    with pytest.raises(trumps_by_lot.InvalidGame, match="seat_trumps must list a suit"):
        trumps_by_lot.Game.from_dict(dict(d, seat_trumps=["X", "H", "H"]))
    with pytest.raises(trumps_by_lot.InvalidGame, match="lot_cards must list a card or null"):
        trumps_by_lot.Game.from_dict(dict(d, lot_cards=d["lot_cards"][:2]))
    other = "H" if d["seat_trumps"][0] != "H" else "D"
    with pytest.raises(trumps_by_lot.InvalidGame, match="suit of the card turned for it"):
        trumps_by_lot.Game.from_dict(dict(d, seat_trumps=[other] + d["seat_trumps"][1:]))


def test_a_redeal_offer_is_saved_and_read_back_mid_question():
    """HR19: seat 1 is asked redeal or keep (4 players, seed 28); a saved game carries who is
    asked, who asked and the seed a redeal deals from; seats and seeds out of range are refused."""
    g = redeal_on_request.new_game(4, 28)
    d = g.to_dict()
    assert d["redeal_asking"] == 1 and d["redeal_asked"] == []
    assert 0 <= d["redeal_seed"] < 2**32
    back = redeal_on_request.Game.from_dict(d)
    assert [a.text for a in back.legal_actions()] == ["redeal", "keep"]
    g.apply("redeal")  # seat 1 asked: it may not ask again this game
    again = redeal_on_request.Game.from_dict(g.to_dict())
    assert again.to_dict()["redeal_asked"] == [1] and again.to_dict() == g.to_dict()
    with pytest.raises(redeal_on_request.InvalidGame, match="redeal_asked must list seats"):
        redeal_on_request.Game.from_dict(dict(d, redeal_asked=1))
    with pytest.raises(redeal_on_request.InvalidGame, match="redeal_asked"):
        redeal_on_request.Game.from_dict(dict(d, redeal_asked=[4]))
    with pytest.raises(redeal_on_request.InvalidGame, match="redeal_seed"):
        redeal_on_request.Game.from_dict(dict(d, redeal_seed=2**32))
