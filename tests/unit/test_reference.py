"""The reference interpreter (durakc.reference) on its own: rules from the rule text,
and the properties the issue asks of it (no generated code, no eval, plain card texts)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from durakc import reference

PACKAGE = Path(reference.__file__).parent
INTERPRETER = ("__init__.py", "cards.py", "deal.py", "game.py", "state.py", "variant.py")


@pytest.fixture(scope="module")
def podkidnoy():
    return reference.load("podkidnoy")


def test_p8_the_taker_never_attacks_when_the_staying_attacker_left(podkidnoy):
    # P8 (issue 9): the attacker who stays has just left, so the attack goes to the next
    # active player clockwise after the taker (T23), and the taker defends.
    game = podkidnoy.from_position({
        "players": 3, "trump": "S", "stock": [], "attacker": 1, "dealer": 0,
        "hands": [["9H", "QH", "AH"], ["8H"], ["7H", "8C", "KD"]], "discard": []})
    game.apply("attack 8H")
    game.apply("take")
    assert game.out == [1]
    assert (game.attacker, game.defender, game.to_move) == (0, 2, 0)
    assert game.hands[2] == ["7H", "8H", "8C", "KD"]


def test_p8_the_attacker_stays_after_a_take(podkidnoy):
    game = podkidnoy.from_position({
        "players": 3, "trump": "S", "stock": [], "attacker": 1, "dealer": 0,
        "hands": [["9H", "QH", "AH"], ["8H", "10C"], ["7H", "8C", "KD"]], "discard": []})
    game.apply("attack 8H")
    game.apply("take")
    assert (game.attacker, game.defender) == (1, 2)


def test_t26_worked_example_no_transfer_beyond_the_next_hand():
    # T26: A attacks with 9C keeping 2 cards, B transfers with 9D; C holds 9S but can not
    # transfer: 3 attack cards against A's 2 cards.
    transfer = reference.load("transfer")
    game = transfer.from_position({
        "players": 3, "trump": "H", "stock": [], "attacker": 0, "dealer": 2,
        "hands": [["9C", "7S", "8S"], ["9D", "6C", "6D"], ["9S", "JC", "JD", "QS"]]})
    game.apply("attack 9C")
    game.apply("transfer 9D")
    assert (game.attacker, game.defender) == (1, 2)
    assert "transfer 9S" not in game.legal_actions()
    assert sorted(game.legal_actions()) == ["beat 9C JC", "beat 9D JD", "take"]


def test_bad_positions_are_clear_value_errors(podkidnoy):
    good = {"players": 2, "trump": "S", "stock": [], "attacker": 0,
            "hands": [["9H"], ["7H"]]}
    with pytest.raises(ValueError, match="card 9H appears twice"):
        podkidnoy.from_position(dict(good, hands=[["9H"], ["9H"]]))
    with pytest.raises(ValueError, match="'1Z' is not a card of this deck"):
        podkidnoy.from_position(dict(good, hands=[["1Z"], ["7H"]]))
    with pytest.raises(ValueError, match="trump H contradicts the face-up card 7S"):
        podkidnoy.from_position(dict(good, trump="H", stock=["8D", "7S"]))
    with pytest.raises(ValueError, match="podkidnoy is for 2 to 6 players, not 7"):
        podkidnoy.new_game(7, 1)


def test_an_illegal_action_says_why_and_changes_nothing(podkidnoy):
    game = podkidnoy.new_game(3, 4)
    before = game.to_dict()
    with pytest.raises(podkidnoy.IllegalAction, match="must attack now"):
        game.apply("take")
    assert game.to_dict() == before


def test_the_interpreter_generates_no_code_and_evaluates_no_text():
    """No eval/exec/compile and no code generator in the interpreter's modules (the
    differential driver, which runs compiled engines, is not part of it)."""
    for name in INTERPRETER:
        tree = ast.parse((PACKAGE / name).read_text(encoding="utf-8"))
        calls = {n.func.id for n in ast.walk(tree)
                 if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
        assert not calls & {"eval", "exec", "compile"}, name
        imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
        imported |= {a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        assert not imported & {"durakc.targets.python.codegen", "durakc.ir.build", "jinja2", "durakc.engines", "generated"}, name


def test_state_is_plain_card_texts(podkidnoy):
    game = podkidnoy.new_game(4, 11)
    state = game.to_dict()
    cards = [c for h in state["hands"] for c in h] + state["stock"] + state["discard"]
    assert all(isinstance(c, str) for c in cards) and len(cards) == 36
    assert podkidnoy.Game.from_dict(state).to_dict() == state
