"""Swaps (PK1-PK4, variant poker) and the trump exchange (TX1, variant trump-six): spec
checks, action texts, refusals with reasons, saved games, positions, observation, greedy bot."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from durakc.diagnostics import SpecError
from durakc.engines import podkidnoy, poker, trump_six
from durakc.sim.bots import greedy_bot
from durakc.spec import load_spec
from durakc.targets.c import unsupported

ROOT = Path(__file__).resolve().parents[2]
HANDS = [["6S", "7S", "JH", "QD", "KS", "AH"], ["6H", "8H", "9S", "10D", "JS", "QS"]]


def poker_game(stock=("7H", "8S", "9D", "10C"), hands=HANDS, **more):
    return poker.from_position({"players": 2, "trump": "C", "stock": list(stock),
                                "hands": hands, "attacker": 0, **more})


def six_game(stock=("7H", "8S", "KC"), hands=None, **more):
    hands = hands or [["6C", "7S", "JH", "QD", "KS", "AH"], HANDS[1]]
    return trump_six.from_position({"players": 2, "trump": "C", "stock": list(stock),
                                    "hands": hands, "attacker": 0, **more})


def refused(game, action, reason):
    """`action` raises IllegalAction naming `reason`, and the game is unchanged."""
    before = game.to_dict()
    engine = poker if isinstance(game, poker.Game) else trump_six
    with pytest.raises(engine.IllegalAction) as info:
        game.apply(action)
    assert reason in str(info.value), str(info.value)
    assert game.to_dict() == before


# -- spec checks -----------------------------------------------------------------------------
@pytest.mark.parametrize("rules, message", [
    ("  swap:\n    per_game: 2\n  trump:\n    mode: fixed\n    suit: H\n",
     ("swap.per_game needs a face-up trump card under the stock (PK2): trump.mode "
      "turned_bottom, not fixed")),
    ("  trump:\n    six_exchange: true\n  deal:\n    mode: all_but_one\n",
     "trump.six_exchange needs a stock after the deal (TX1): deal.mode hands, not all_but_one"),
    # SK1: personal trumps turn no card
    (("  swap:\n    per_game: 1\n  trump:\n    mode: per_seat\n  players:\n    max: 4\n"
     "  first_attacker:\n    first_game: left_of_dealer\n  series:\n"
     "    first_attacker: left_of_dealer\n"),
     ("swap.per_game needs a face-up trump card under the stock (PK2): trump.mode "
      "turned_bottom, not per_seat")),
    # CT1: a hidden card would lie under the face-up one
    ("  trump:\n    six_exchange: true\n    hidden_second: true\n  players:\n    max: 5\n",
     ("trump.six_exchange with trump.hidden_second is not supported: TX1 needs the face-up "
      "trump card to be the stock's last card")),
    ("  swap:\n    per_game: 3\n  trump:\n    hidden_second: true\n  players:\n    max: 5\n",
     "swap.per_game with trump.hidden_second is not supported"),
])
def test_swaps_and_exchange_need_a_face_up_trump_under_a_stock(tmp_path, rules, message):
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n" + rules)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    texts = [d.format() for d in info.value.diagnostics]
    assert any(message in t for t in texts), texts
    assert all(t.startswith(f"{path}:") for t in texts)


@pytest.mark.parametrize("name", ["poker", "trump-six"])
def test_the_c_target_builds_them(name):
    """Ported to C (swaps, trump_exchange): `--target c` has no refusal and build writes the C files."""
    assert unsupported(load_spec(name)) == []
    assert (ROOT / "generated" / f"{name.replace('-', '_')}.c").exists()


def test_swap_count_is_a_whole_number_in_range(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n  swap:\n"
                    "    per_game: -1\n")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    assert "'swap.per_game' must be at least 0, not -1" in info.value.diagnostics[0].format()


# -- action texts ----------------------------------------------------------------------------
def test_swap_and_exchange_parse_in_any_case_and_with_symbols():
    assert poker.parse_action("SWAP 6s 7\u2660").text == "swap 6S 7S"
    assert poker.parse_action("swap 7S 6s").text == "swap 7S 6S"  # PK3: the order is kept
    assert poker.parse_action("swap 6S 7S") is poker.parse_action("Swap 6\u2660 7s")
    assert trump_six.parse_action("Exchange 6\u2663").text == "exchange 6C"
    for bad, words in (("swap 6S", "two different cards"), ("swap 6S 6S", "two different"),
                       ("swap 6S 7S 8S", "two different cards")):
        with pytest.raises(ValueError, match=words):
            poker.parse_action(bad)
    with pytest.raises(ValueError, match="exactly one card"):
        trump_six.parse_action("exchange 6C 7C")


def test_engines_without_the_rules_know_no_such_actions():
    for text in ("swap 6S 7S", "exchange 6C"):
        with pytest.raises(ValueError, match="unknown action"):
            podkidnoy.parse_action(text)
    assert podkidnoy.new_game(3, 1).swaps_left is None
    assert not hasattr(podkidnoy, "SWAP") and not hasattr(podkidnoy, "EXCHANGE")


# -- refusals with reasons (the game unchanged) -----------------------------------------------
def test_a_refused_swap_says_which_rule():
    game = poker_game()
    refused(game, "swap 6S 6H", "6H is not in seat 0's hand")
    game.apply("swap 6S 7S")
    refused(game, "swap 7H 8S", "at most one swap per opening (PK1)")
    refused(poker_game(stock=("7H", "10C")), "swap 6S 7S", "at least three cards in the stock")
    refused(poker_game(swaps_left=[0, 3]), "swap 6S 7S", "used all 3 swaps of this game (PK4)")
    game = poker_game()
    game.apply("attack 6S")
    refused(game, "swap 9S 10D", "only the attacker may swap, just before opening a round (PK1)")


def test_a_refused_exchange_says_which_rule():
    refused(six_game(hands=[["6H", "7C", "JH", "QD", "KS", "AH"], ["6C", *HANDS[1][1:]]]),
            "exchange 7C", "only the trump of the lowest rank may be exchanged (TX1)")
    refused(six_game(exchanged=True), "exchange 6C", "once per game (TX1)")
    refused(six_game(stock=("KC",)), "exchange 6C", "at least one other stock card (TX1)")
    game = six_game()
    game.apply("attack 7S")
    refused(game, "exchange 6C", "only the player about to open a round may exchange")


# -- state: saved games, positions, observation --------------------------------------------
def test_swap_state_survives_to_dict_and_copy():
    game = poker_game()
    game.apply("swap 6S 7S")
    for again in (poker.Game.from_dict(game.to_dict()), game.copy()):
        assert again.swaps_left == [2, 3]
        assert [a.text for a in again.legal_actions()] == [a.text for a in game.legal_actions()]
        assert not any(a.text.startswith("swap") for a in again.legal_actions())
    copy = game.copy()
    copy.apply("attack 7H")
    assert game.to_dict()["history"] == ["swap 6S 7S"]


def test_saved_games_and_positions_check_swaps_left():
    saved = poker_game().to_dict()
    saved["swaps_left"] = [4, 0]
    with pytest.raises(ValueError, match="swaps_left must list, per seat, a whole number from 0 to 3"):
        poker.Game.from_dict(saved)
    with pytest.raises(ValueError, match="swaps_left"):
        poker_game(swaps_left=[1])
    with pytest.raises(ValueError, match="unknown position keys: swaps_left"):
        podkidnoy.from_position({"players": 2, "trump": "C", "stock": [], "attacker": 0,
                                 "hands": [["6S"], ["7S"]], "swaps_left": [1, 1]})
    saved = six_game().to_dict()
    saved["exchanged"] = "yes"
    with pytest.raises(ValueError, match="exchanged must be true or false"):
        trump_six.Game.from_dict(saved)


def test_observation_shows_swaps_left_and_hides_the_stock_order():
    game = poker_game()
    game.apply("swap 6S 7S")
    seen = game.observation(1)
    assert seen["swaps_left"] == [2, 3]
    assert "stock" not in seen and seen["stock_size"] == 4
    assert seen["trump_card"] == "10C" and seen["hand_sizes"] == [6, 6]


def test_the_exchanged_six_is_the_face_up_card_everyone_sees():
    game = six_game()
    game.apply("exchange 6C")
    assert game.trump_card == "6C" and game.stock[-1] == "6C"
    assert game.observation(1)["trump_card"] == "6C"
    assert trump_six.Game.from_dict(game.to_dict()).to_dict() == game.to_dict()


# -- the greedy bot ---------------------------------------------------------------------------
def test_greedy_exchanges_the_six_for_a_higher_face_up_trump():
    game = six_game()
    assert greedy_bot(game, 0, random.Random(0)).text == "exchange 6C"


def test_greedy_swaps_its_two_lowest_non_trumps_up_to_a_jack_and_keeps_a_strong_hand():
    low = [["6C", "7D", "JH", "QD", "KS", "AH"], HANDS[1]]  # 6C is a trump: kept
    assert greedy_bot(poker_game(hands=low), 0, random.Random(0)).text == "swap 7D JH"
    strong = poker_game(hands=[["6C", "7D", "QH", "QD", "KS", "AH"], HANDS[1]])
    assert greedy_bot(strong, 0, random.Random(0)).verb == "attack"  # QH: above a jack


def test_greedy_plays_whole_games_of_both_variants():
    for engine, verb in ((poker, "swap"), (trump_six, "exchange")):
        used = 0
        for seed in range(40):
            game = engine.new_game(3, seed)
            while not game.is_over:
                act = greedy_bot(game, game.to_move, random.Random(seed))
                used += act.verb == verb
                game.apply(act)
        assert used > 0, engine.__name__
