"""Derived state declared once (compiler/capabilities/state.py, kind `derived`): a Python
engine's tables of the player count (teams.mode's `_team`, `_mates`, PR1, PR2) and caches
(play.cheating's `_honest`, HR34) are set by `_start` and again by `from_dict`, never saved,
and the C engines keep no such field."""

from __future__ import annotations

import random

import pytest

from durakc.capabilities.state import Field, fields_of
from durakc.engines import cheating, pairs
from durakc.ir.hooks import Capability


def test_a_derived_field_has_an_expression_and_is_not_saved():
    with pytest.raises(ValueError, match="derived"):
        Field("x", "derived", "doc", saved=False)  # no expression
    with pytest.raises(ValueError, match="derived"):
        Field("x", "derived", "doc", expr="()")  # saved
    with pytest.raises(ValueError, match="derived"):
        Field("x", "flag", "doc", start=0, expr="()")  # an expression on another kind
    f = Field("team", "derived", "doc", expr="TEAM_OF[{players}]", saved=False)
    assert f.has_start and f.py_start == "TEAM_OF[players]"
    assert f.py_value("g._players") == "TEAM_OF[g._players]"


def test_teams_declare_their_tables_derived():
    fields = fields_of(Capability("teams", {}))
    assert [(f.name, f.kind, f.saved) for f in fields] == [("team", "derived", False),
                                                          ("mates", "derived", False)]
    assert pairs.STATE_FIELDS == (("losses", "seat_ints"),)  # no derived field saved


@pytest.mark.parametrize("engine, players", [(pairs, 4), (cheating, 3)])
def test_a_loaded_game_derives_the_same_state_and_plays_on_alike(engine, players):
    """PR1, PR2, HR34: a game saved mid-play and loaded offers the same actions throughout."""
    rng = random.Random(5)
    g = engine.new_game(players, 11)
    for _ in range(12):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    loaded = engine.Game.from_dict(g.to_dict())
    while not g.is_over:
        assert [a.text for a in loaded.legal_actions()] == [a.text for a in g.legal_actions()]
        action = rng.choice(g.legal_actions())
        g.apply(action)
        loaded.apply(action.text)
    assert (loaded.loser, loaded.is_draw) == (g.loser, g.is_draw)
    if engine is pairs:
        assert loaded.losing_team == g.losing_team
