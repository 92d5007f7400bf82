"""Capability state declared once (compiler/capabilities/state.py, issue 30 item 2): the
declarations refuse what the plumbing could not write, and the engines hold what they say."""

from __future__ import annotations

import pytest

from durakc.capabilities.state import Field
from durakc.engines import closed_discard, ladder, opening_rank_only, resign


def test_a_field_refuses_an_unknown_kind_and_an_unsaved_field_without_a_start():
    with pytest.raises(ValueError, match="unknown state kind"):
        Field("x", "seat_sets", "doc")
    with pytest.raises(ValueError, match="needs a start value"):
        Field("x", "seat_or_none", "doc", saved=False)
    with pytest.raises(ValueError, match="needs a start value and no position"):
        Field("x", "flag", "doc", start=0, saved=False, position="flag")


def test_the_start_values_as_the_python_engine_writes_them():
    assert Field("x", "flag", "doc", start=1).py_start == "True"
    assert Field("x", "seat_or_none", "doc", start=-1).py_start == "-1"
    assert Field("x", "seat_ints", "doc", start=0).py_start == "[0] * players"


@pytest.mark.parametrize("engine, fields", [
    (ladder, (("losses", "seat_ints"),)),
    (closed_discard, (("round_start", "count"),)),
    (opening_rank_only, (("opening", "card_mask"),)),
    (resign, ()),  # `resigned` is declared but not saved
])
def test_the_engines_list_their_saved_declared_state(engine, fields):
    assert getattr(engine, "STATE_FIELDS", ()) == fields  # none declared: no STATE_FIELDS
    assert {name for name, _ in fields} <= set(engine.new_game(2, 0).to_dict())


def test_who_resigned_is_not_saved_but_the_loser_is():
    """HR24: after `resign` the game is over with the resigning seat the durak; the saved
    game carries the loser, not the transient `resigned` (declared with saved=False)."""
    g = resign.new_game(2, 3)
    seat = g.to_move
    g.apply("resign")
    d = g.to_dict()
    assert g.is_over and g.loser == seat and "resigned" not in d
    again = resign.Game.from_dict(d)
    assert again.loser == seat and again.to_dict() == d


def test_only_saved_per_seat_state_is_carried_or_a_member():
    with pytest.raises(ValueError, match="only saved per-seat state"):
        Field("x", "flag", "doc", start=0, carried=True)
    with pytest.raises(ValueError, match="only saved per-seat state"):
        Field("x", "count", "doc", member="The count.")
    assert Field("x", "seat_ints", "doc", start=0, carried=True, member="Per seat.").carried


def test_the_loss_counts_are_a_declared_member_carried_by_the_series():
    """L1: `losses` (declared with member and carried) is the engine's public copy of the
    counts, and next_game starts with the finished game's counts, the loss included."""
    assert ladder.STATE_MEMBERS == ("losses",) and ladder.STATE_CARRIED == ("losses",)
    assert "L1" in ladder.Game.losses.__doc__
    g = ladder.new_game(2, 4)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    counts = g.losses
    counts.append(99)  # a copy: the game's counts are unchanged
    assert g.losses == g.to_dict()["losses"] and sum(g.losses) == (g.loser is not None)
    assert g.next_game(5).losses == g.losses
