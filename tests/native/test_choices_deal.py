"""The choices made as data deal alike in C and Python (issue 31 item 2): the lowest card
opens when nobody holds a trump (HR30), and the hand size by player count (HR31)."""

from __future__ import annotations

from native_support import native, needs_cc, python_engine

pytestmark = needs_cc


def _deal(game):
    return (game.hands, game.stock, game.trump, game.trump_card, game.attacker, game.defender)


def test_lowest_card_opens_like_python_when_nobody_holds_a_trump():
    py, nat = python_engine("lowest-card-opens"), native("lowest-card-opens")
    no_trump = 0
    for seed in range(400):
        want = py.new_game(2, seed, dealer=seed % 2)
        assert _deal(nat.new_game(2, seed, dealer=seed % 2)) == _deal(want), seed
        no_trump += not any(c[-1] == want.trump for h in want.hands for c in h)
    assert no_trump >= 5  # the deals HR30 is about were met


def test_hand_size_by_players_deals_like_python_at_every_count():
    py, nat = python_engine("hand-size-by-players"), native("hand-size-by-players")
    for players in range(2, 7):
        for seed in range(30):
            assert _deal(nat.new_game(players, seed)) == _deal(py.new_game(players, seed))
