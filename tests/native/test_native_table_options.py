"""Issue 32 item 4 on the C target: table settings (`options:`) on the native backend.

variants/table.yaml declares a deck of 24, 36 or 52 cards (`sets: deck.size`: the highest
ranks of every suit), transfers on or off, neighbours-only throw-ins and the first round's
attack limit.  The C engine holds them in its state and reads them where the rules do, so a
seeded game of table played on the native backend equals the Python engine's move by move,
whatever the table chose; the settings are saved (to_dict, observation), kept by the next game
of a series, and a choice the variant does not take is refused alike.
"""

from __future__ import annotations

import random

import pytest
from native_support import REASON, native, python_engine

pytestmark = pytest.mark.skipif(REASON is not None, reason=str(REASON))

COMBINATIONS = [
    (2, None),
    (2, {"deck": 52, "transfer": False}),
    (4, {"deck": 24}),
    (3, {"deck": 24, "first_limit": 5, "neighbours": True}),
    (5, {"neighbours": True, "transfer": False}),
    (6, {"deck": 52, "first_limit": 5}),
]


def _kwargs(options):
    return {} if options is None else {"options": options}


@pytest.mark.parametrize(("players", "options"), COMBINATIONS)
def test_seeded_games_equal_the_python_engine_move_by_move(players, options):
    py, c = python_engine("table"), native("table")
    for seed in range(6):
        a = py.new_game(players, seed, **_kwargs(options))
        b = c.new_game(players, seed, **_kwargs(options))
        assert b.to_dict() == a.to_dict(), f"seed {seed}: the deals differ"
        choose = random.Random(seed)
        while not a.is_over:
            legal = [x.text for x in a.legal_actions()]
            assert [x.text for x in b.legal_actions()] == legal, f"seed {seed}, step {len(a.history)}"
            action = choose.choice(legal)
            a.apply(action)
            b.apply(action)
            assert b.to_dict() == a.to_dict(), f"seed {seed}: after {action}"
        assert b.is_over and b.loser == a.loser and b.is_draw == a.is_draw
        seat = len(a.history) % players
        assert b.observation(seat) == a.observation(seat)


def test_a_deck_of_24_deals_only_nines_and_up_and_the_stock_holds_the_rest():
    """`deck: 24`: the highest six ranks of every suit (9 10 J Q K A), 24 cards in play."""
    g = native("table").new_game(2, 11, options={"deck": 24})
    cards = [c for hand in g.hands for c in hand] + list(g.stock)
    assert len(cards) == 24 and len(set(cards)) == 24
    assert {c[:-1] for c in cards} == {"9", "10", "J", "Q", "K", "A"}
    assert g.options == {"deck": 24, "transfer": True, "neighbours": False, "first_limit": 6}


def test_transfers_off_are_never_offered():
    """`transfer: false` (T13 off): no legal action of any seeded game is a transfer."""
    c = native("table")
    for seed in range(5):
        g = c.new_game(3, seed, options={"transfer": False})
        choose = random.Random(seed)
        while not g.is_over:
            legal = g.legal_actions()
            assert all(a.kind != "transfer" for a in legal)
            g.apply(choose.choice(legal))


def test_the_next_game_and_a_saved_game_keep_the_settings():
    py, c = python_engine("table"), native("table")
    chosen = {"deck": 52, "transfer": False, "neighbours": True, "first_limit": 5}
    g = c.new_game(3, 5, options=chosen)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    nxt = c.new_game(3, 5, options=chosen)
    assert g.next_game(9).options == chosen
    a = py.new_game(3, 5, options=chosen)
    while not a.is_over:
        a.apply(a.legal_actions()[0])
    assert g.next_game(9).to_dict() == a.next_game(9).to_dict()
    assert c.Game.from_dict(nxt.to_dict()).to_dict() == nxt.to_dict()


def test_a_card_outside_the_chosen_deck_is_refused_in_a_saved_game():
    c = native("table")
    d = c.new_game(2, 3, options={"deck": 36}).to_dict()
    d["options"] = {"deck": 24, "transfer": True, "neighbours": False, "first_limit": 6}
    with pytest.raises(c.InvalidGame):
        c.Game.from_dict(d)


@pytest.mark.parametrize("options", [{"deck": 40}, {"transfer": 1}, {"colour": True}, [("deck", 24)]])
def test_a_setting_the_variant_does_not_take_is_refused_alike(options):
    py, c = python_engine("table"), native("table")
    with pytest.raises(py.InvalidGame) as expected:
        py.new_game(2, 1, options=options)
    with pytest.raises(c.InvalidGame) as got:
        c.new_game(2, 1, options=options)
    assert str(got.value) == str(expected.value)


def test_more_hands_than_the_chosen_deck_deals_are_refused_alike():
    py, c = python_engine("table"), native("table")
    with pytest.raises(py.InvalidGame) as expected:
        py.new_game(5, 1, options={"deck": 24})
    with pytest.raises(ValueError) as got:
        c.new_game(5, 1, options={"deck": 24})
    assert str(got.value) == str(expected.value)


@pytest.mark.parametrize("saved", [{"transfer": 1}, {"deck": 40}, {"colour": True}, [24], "deck=36"])
def test_a_saved_game_with_settings_the_variant_does_not_take_is_refused_alike(saved):
    """The settings are declared state (capabilities/state.py, kind table_options): a saved
    game's `options` is read by the variant's `_options` on both backends, the same
    clear InvalidGame for a value, a name or a form it does not take."""
    py, c = python_engine("table"), native("table")
    assert py.STATE_FIELDS == (("options", "table_options"),)
    d = dict(py.new_game(3, 2, options={"deck": 52}).to_dict(), options=saved)
    with pytest.raises(py.InvalidGame) as expected:
        py.Game.from_dict(d)
    with pytest.raises(c.InvalidGame) as got:
        c.Game.from_dict(d)
    assert str(got.value) == str(expected.value)
