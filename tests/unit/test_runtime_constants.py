"""The engine constants the runtime half reads instead of VARIANT["rules"] (issue 30 item 1;
`durakc.ir.runtime`, `durakc.loading.constants`): each equals what the engine's own recorded
rules say, and an engine whose variant does not need one does not have it."""

from __future__ import annotations

import importlib

import pytest

from durakc.expr.language import compile_expr
from durakc.ir.opening_sizes import opening_sizes
from durakc.loading.constants import RUNTIME_CONSTANTS, built
from durakc.schema.keys import team_of, teams_of
from generated import ENGINES, MODULES


def _engine(name):
    return importlib.import_module(f"generated.{MODULES[name]}")


def _expected_capabilities(rules: dict) -> dict[str, bool]:
    """The capabilities the runtime half asks about, from the rule text (docs/rules.md)."""
    return {
        "seat_trumps": rules["trump.mode"] == "per_seat",  # SK1
        "lot_trumps": rules["trump.mode"] == "per_seat_by_lot",  # HR15
        "hidden_trump": bool(rules["trump.hidden_second"]),  # CT1
        "teams": rules["teams.mode"] != "none",  # PR1
        "view_discard": rules["view.discard"] == "closed",  # HR25
        "view_hands": rules["view.hands"] == "all",  # HR26
        "winner": rules["outcome.winner"] == "first_out",  # HR20
        "trump_exchange": bool(rules["trump.six_exchange"]),  # TX1
        "swaps": bool(rules["swap.per_game"]),  # PK1
        "redeal_offer": rules["deal.offer_redeal"] != "false",  # HR19
        "set_aside": "aside" in (rules["trump.card"], rules["deal.stock"]),  # HR12, HR13
    }


@pytest.mark.parametrize("name", ENGINES)
def test_capabilities_are_the_ones_the_rules_use(name):
    engine = _engine(name)
    rules = engine.VARIANT["rules"]
    caps = built(engine)
    assert len(caps) == len(engine.CAPABILITIES)  # each named once
    for cap, used in _expected_capabilities(rules).items():
        assert (cap in caps) == used, (cap, used)


@pytest.mark.parametrize("name", ENGINES)
def test_the_optional_constants_hold_the_rules_and_exist_only_when_used(name):
    engine = _engine(name)
    rules = engine.VARIANT["rules"]
    caps = built(engine)
    opening = rules["attack.opening"]
    if opening in ("same_rank", "single"):
        assert not hasattr(engine, "OPENING_SIZES")
    else:  # HR7, HR8: the sizes of the condition over the plain deck, and 1
        deck = len(rules["deck.ranks"]) * len(rules["deck.suits"])
        assert engine.OPENING_SIZES == tuple(opening_sizes(compile_expr(opening, "opening",
                                                                        "bool"), deck))
        assert 1 in engine.OPENING_SIZES
    assert getattr(engine, "SWAPS_PER_GAME", 0) == rules["swap.per_game"]  # PK4
    if str(rules["outcome.points"]) == "0":
        assert not hasattr(engine, "POINTS_RANGE")
    else:  # HR22: the checked expression's bounds
        points = compile_expr(str(rules["outcome.points"]), "result", "int")
        assert engine.POINTS_RANGE == tuple(points.int_range())
        assert engine.POINTS_RANGE[0] <= engine.POINTS_RANGE[1]
    assert getattr(engine, "SEAT_SUITS", None) == (
        tuple(rules["trump.seat_suits"]) if "seat_trumps" in caps else None)  # SK1
    assert getattr(engine, "FIRST_RULES", None) == (
        (rules["first_attacker.first_game"], rules["series.first_attacker"])
        if "redeal_offer" in caps else None)  # HR19 with T7, T8
    assert getattr(engine, "TURNED_TRUMP", None) == (
        rules["trump.mode"] in ("turned_bottom", "turned_top") if "set_aside" in caps else None)


@pytest.mark.parametrize("name", ENGINES)
def test_the_deck_and_team_constants_hold_the_rules(name):
    engine = _engine(name)
    rules = engine.VARIANT["rules"]
    assert (engine.PLAYERS_MIN, engine.PLAYERS_MAX) == (rules["players.min"], rules["players.max"])
    assert list(engine.RANKS) == rules["deck.ranks"]
    assert sorted(engine.SUITS) == sorted(rules["deck.suits"])
    assert getattr(engine, "COPIES", 1) == rules["deck.copies"]  # HR17
    assert getattr(engine, "NJOKERS", 0) == rules["deck.jokers"]  # J1
    wild = sorted(engine.CARD_TEXT[c] for c in getattr(engine, "WILD_CARDS", ()))
    rank = rules["deck.wild_rank"]  # W1
    assert wild == sorted(rank + s for s in rules["deck.wild_suits"] if rank)
    mode = rules["teams.mode"]
    if mode == "none":
        assert not hasattr(engine, "TEAMS")
        return
    for n, teams in engine.TEAMS.items():  # PR1: as the schema seats them
        assert [list(t) for t in teams] == teams_of(mode, n)
        assert list(engine.TEAM_OF[n]) == [team_of(mode, n, s) for s in range(n)]


def test_a_native_engine_module_carries_the_constants_over():
    from types import ModuleType

    from durakc.loading.constants import carry_over

    target = ModuleType("native_like")
    carry_over(_engine("poker"), target)
    assert target.CAPABILITIES == _engine("poker").CAPABILITIES
    assert target.SWAPS_PER_GAME == 3
    assert not hasattr(target, "POINTS_RANGE")  # poker scores no points
    assert set(vars(target)) - {"__name__", "__doc__", "__package__", "__loader__",
                                "__spec__"} <= set(RUNTIME_CONSTANTS)
