"""take.picks_up (T21, HR32) and transfer.show_card (S1, HR33): the reference's split of a
taken table, the engines' refusal of a card the condition does not allow, and the engines
of specs that keep the defaults holding none of the new code."""

from __future__ import annotations

from pathlib import Path

import pytest

from durakc.loading.engines import load_engine
from durakc.reference.take import picked_up

ROOT = Path(__file__).resolve().parents[2]
TABLE = [("9H", "JH"), ("9D", None), ("JS", None)]  # one beaten pair, two unbeaten attack cards


def test_all_picks_up_every_table_card():
    assert picked_up("all", TABLE) == (["9H", "JH", "9D", "JS"], [])


def test_unbeaten_discards_the_beaten_pairs():  # HR32
    assert picked_up("unbeaten", TABLE) == (["9D", "JS"], ["9H", "JH"])


def test_attack_discards_the_defence_cards():
    assert picked_up("attack", TABLE) == (["9H", "9D", "JS"], ["JH"])


def test_a_wild_card_leaves_the_table_printed():  # W2
    assert picked_up("unbeaten", [("6S/H", None)]) == (["6S"], [])


def test_show_card_refuses_a_card_it_does_not_allow():
    engine = load_engine(str(ROOT / "tests" / "specs" / "show-any-when-stock-empty.yaml"))
    hands = [["9H", "JS", "KD", "QS", "AS", "7H"], ["9D", "9C", "QH", "8D", "10D", "10C"],
             ["JH", "6C", "7C", "8H", "AD", "KS"]]
    game = engine.from_position({"players": 3, "trump": "C", "stock": ["6S", "6H", "7D", "8C"],
                                 "attacker": 0, "hands": hands})
    game.apply("attack 9H")
    before = game.to_dict()
    with pytest.raises(engine.IllegalAction, match=r"transfer\.show_card"):
        game.apply("show 9D")  # the stock is not empty and 9D is no trump
    assert game.to_dict() == before
    game.apply("show 9C")  # S1: the trump may be shown
    assert (game.attacker, game.defender) == (1, 2)


@pytest.mark.parametrize(("engine", "marker"), [
    ("podkidnoy.py", "take.picks_up:"), ("transfer.py", "take.picks_up:"),
    ("proyezdnoy.py", "transfer.show_card:"), ("podkidnoy.c", "take.picks_up:"),
    ("proyezdnoy.c", "transfer.show_card:")])
def test_defaults_hold_none_of_the_new_code(engine, marker):
    text = (ROOT / "generated" / engine).read_text(encoding="utf-8")
    assert marker not in text


@pytest.mark.parametrize(("engine", "marker"), [
    ("partial_take.py", "take.picks_up: unbeaten"), ("partial_take.c", "take.picks_up: unbeaten"),
    ("show_any_card.py", "transfer.show_card: true"), ("show_any_card.c", "transfer.show_card: true")])
def test_the_new_specs_hold_their_code(engine, marker):
    assert marker in (ROOT / "generated" / engine).read_text(encoding="utf-8")
