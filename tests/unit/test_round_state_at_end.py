"""Positions and finished games of the set-aside and opening capabilities (HR2, HR12, HR13):
a position's cards set aside must hold the card turned for trump, HR12 sets aside that card
alone, and a finished game keeps no opening attack (it has no round), so its saved state
loads again on both backends."""

from __future__ import annotations

import random

import pytest

from durakc.engines import no_stock, opening_rank_only, trump_aside

POSITION = {"players": 3, "trump": "C", "stock": ["7H", "KD", "6C"],
            "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
            "attacker": 0, "dealer": 2}


def test_hr12_position_names_the_trump_card_aside():
    g = trump_aside.from_position(dict(POSITION, set_aside=["KC"]))
    assert g.set_aside == ["KC"] and g.trump == "C"
    assert g.observation(0)["trump_card"] == "KC"


@pytest.mark.parametrize("aside, words", [
    (["KH"], "none is of the trump suit C"),  # the card turned for trump fixes the suit
    (["KC", "QC"], "only the card turned for trump is set aside"),  # HR12: one card
])
def test_hr12_position_with_a_wrong_card_aside_is_refused(aside, words):
    with pytest.raises(ValueError, match=words):
        trump_aside.from_position(dict(POSITION, set_aside=aside))


def test_hr13_position_sets_aside_the_trump_card_with_the_rest():
    position = dict(POSITION, stock=[], set_aside=["6C", "7H", "KD"])
    assert no_stock.from_position(position).set_aside == ["6C", "7H", "KD"]
    with pytest.raises(ValueError, match="none is of the trump suit C"):
        no_stock.from_position(dict(position, set_aside=["7H", "KD"]))
    with pytest.raises(ValueError, match="no stock"):
        no_stock.from_position(POSITION)


def _finished(seed):
    rng = random.Random(seed)
    g = opening_rank_only.new_game(2, seed)
    while not g.is_over:
        g.apply(rng.choice(g.legal_actions()))
    return g


@pytest.mark.parametrize("seed", range(5))
def test_hr2_finished_game_has_no_opening_and_loads_again(seed):
    g = _finished(seed)
    d = g.to_dict()
    assert d["opening"] == [] and d["table"] == []
    assert opening_rank_only.Game.from_dict(d).to_dict() == d


def test_hr2_opening_is_saved_as_card_texts_and_must_lie_on_the_table():
    """The declared `card_mask` state `opening` (capabilities/state.py) is saved as the card
    texts of the round's opening attack; a saved game refuses one that is not on the table."""
    g = opening_rank_only.new_game(2, 1)
    g.apply(g.legal_actions()[0])  # the opening attack
    d = g.to_dict()
    assert d["opening"] == [a for a, _ in d["table"]]
    assert opening_rank_only.Game.from_dict(d).to_dict() == d
    elsewhere = next(c for c in d["hands"][0] if c not in d["opening"])
    with pytest.raises(ValueError, match="opening must list the round's opening attack cards"):
        opening_rank_only.Game.from_dict(dict(d, opening=[elsewhere]))
    with pytest.raises(ValueError, match="not a card"):
        opening_rank_only.Game.from_dict(dict(d, opening=["XX"]))
