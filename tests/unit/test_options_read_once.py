"""A saved game of a deck-option engine (table: option deck sets deck.size) reads its table
settings once per `from_dict`, where the deck's size is needed, and still refuses a bad one
or a card outside the chosen deck."""

from __future__ import annotations

import pytest

from durakc.loading.engines import load_engine


def test_from_dict_reads_the_options_once(monkeypatch):
    table = load_engine("table")
    d = table.new_game(3, 4, options={"deck": 24, "transfer": False}).to_dict()
    calls = []
    real = table._options

    def counting(given):
        calls.append(given)
        return real(given)

    monkeypatch.setattr(table, "_options", counting)
    g = table.Game.from_dict(d)
    assert len(calls) == 1
    assert g.options == d["options"] and g.to_dict() == d


def test_a_saved_game_still_refuses_bad_options_and_cards_outside_the_deck():
    table = load_engine("table")
    d = table.new_game(2, 1).to_dict()
    with pytest.raises(table.InvalidGame, match="option deck is 24, 36 or 52, not 40"):
        table.Game.from_dict({**d, "options": {**d["options"], "deck": 40}})
    with pytest.raises(table.InvalidGame, match="not in this game's deck"):
        table.Game.from_dict({**d, "options": {**d["options"], "deck": 24}})
