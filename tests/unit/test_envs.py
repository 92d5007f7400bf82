"""The table of expression environments (durakc.envs): every name a spec may write has each
reading the targets need, and the schema, the IR and the C target read the same table."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from durakc import reference
from durakc.envs import ENVS, floor_limit, seat_constants
from durakc.schema.keys import ENVIRONMENTS, KEYS, NAME_RANGES
from durakc.targets.c import context
from durakc.targets.python.exprs import py_name

SPECS = Path(__file__).resolve().parents[1] / "specs"

CALLER_BOUND = {("throw", "c"), ("opening", "cards"), ("show", "c")}
"""Names the evaluating code binds per candidate (each card, each opening), not the table."""

RUNTIME = [key for key in ENVS if key != "cards"]  # `cards` is evaluated at compile time


@pytest.mark.parametrize("key", RUNTIME)
def test_every_name_of_a_runtime_environment_has_python_c_and_reference_readings(key):
    env = ENVS[key]
    constants = seat_constants(teams=True) if key == "seat" else {}  # constant everywhere
    for n in env.names:
        if not n.type:
            continue  # hidden helpers ($trumps) are read by card fields, not written
        if n.name in constants:
            assert n.ref is not None and not n.py and not n.c, n.name  # a constant in engines
            continue
        assert n.py and n.c, f"{key}.{n.name} lacks an engine form"
        assert n.ref is not None or (key, n.name) in CALLER_BOUND, f"{key}.{n.name}: no reading"


@pytest.mark.parametrize("key", list(ENVS))
def test_int_names_and_only_they_have_ranges(key):
    for n in ENVS[key].names:
        assert (n.range is not None) == (n.type == "int"), f"{key}.{n.name}"
        if n.range:
            assert n.range[0] <= n.range[1]


def test_every_python_form_is_one_python_expression():
    for env in ENVS.values():
        for n in env.names:
            for text in n.py.values():
                ast.parse(text, mode="eval")  # raises on anything but one expression


def test_the_schema_and_the_targets_read_the_table():
    assert ENVIRONMENTS["transfer"]["stock"] == ("int", "cards left in the stock")
    assert NAME_RANGES["transfer"]["stock"] == (0, 108)
    assert {k.env for k in KEYS if k.env} <= set(ENVS)
    assert py_name("transfer", "stock") == py_name("transfer", "stock", ("after_k",)) \
        == "len(self._stock)"
    assert ENVS["transfer"].c()["stock"] == context.TRANSFER_AFTER_K["stock"] == "g->nstock"


def test_a_place_falls_back_to_the_every_place_form():
    transfer = ENVS["transfer"]
    assert transfer.python("after_k")["limit"] == transfer.python()["limit"] == "self._limit"
    assert transfer.python("after_k")["attack_cards"] == "(len(self._attack_cards) + k)"
    assert "played" not in transfer.python()  # the table now has no transfer's cards
    assert transfer.c("shown")["played"] == "BIT(t)"
    result = ENVS["result"]
    assert result.python()["lost"] == "(seat == self.loser)"
    assert "self._team[seat]" in result.python("teams")["lost"]


def test_a_limit_below_one_counts_as_one():
    assert [floor_limit(v) for v in (-3, 0, 1, 6)] == [1, 1, 1, 6]


def test_the_reference_reads_the_transfer_environment_from_its_game():
    mod = reference.load(str(SPECS / "transfer-stock.yaml"))
    hands = [["9H", "JS", "KD"], ["9D", "10S", "QH", "8D"], ["10H", "JH", "6C", "7C"]]
    seen = {c for h in hands for c in h} | {"8C"}
    game = mod.from_position({
        "players": 3, "trump": "C", "stock": ["8C"], "hands": hands, "attacker": 0,
        "dealer": 2, "first_round": False,
        "discard": [c for c in mod.variant.deck.cards if c not in seen]})
    game.apply("attack 9H")
    env = ENVS["transfer"].read(game, played=["9D"], added=1, trump="C")
    assert env["stock"] == 1  # HR29: the face-up trump counts
    assert (env["attack_cards"], env["unbeaten"], env["beaten"]) == (2, 2, 0)
    assert (env["next_hand"], env["hand_after"], env["transfers"]) == (4, 3, 0)


def test_the_transfer_environment_sees_the_rounds_seats():
    """issue 31, HR28: who would defend after the transfer, who opened, attacks, defends and
    dealt, as seat numbers, read the same way by the reference and named by both targets."""
    mod = reference.load(str(SPECS / "transfer-not-to-dealer.yaml"))
    hands = [["9H", "JS", "KD"], ["9D", "10S", "QH"], ["9S", "JH", "6C"], ["9C", "7C", "8H"]]
    seen = {c for h in hands for c in h}
    game = mod.from_position({
        "players": 4, "trump": "C", "stock": [], "hands": hands, "attacker": 0, "dealer": 3,
        "first_round": False, "discard": [c for c in mod.variant.deck.cards if c not in seen]})
    game.apply("attack 9H")
    game.apply("transfer 9D")  # seat 2 would pass on to seat 3, the dealer
    env = ENVS["transfer"].read(game, played=["9S"], added=1, trump="C")
    assert (env["attacker"], env["defender"], env["next_defender"]) == (1, 2, 3)
    assert (env["original_attacker"], env["dealer"]) == (0, 3)
    assert "transfer 9S" not in [str(a) for a in game.legal_actions()]  # next_defender == dealer
    assert py_name("transfer", "next_defender") == "self._next_seat[self._defender]"
    assert py_name("transfer", "next_defender", ("after_k", "teams")) \
        == "self._opponent(self._defender)"
    assert ENVS["transfer"].c("after_k", "teams")["next_defender"] == "opponent(g, g->def)"
    assert NAME_RANGES["transfer"]["dealer"] == (0, 11)  # a seat: 0 .. players - 1
