"""The IR's rule values that the C target and the native backend read instead of rule keys
(issue 30 item 1): `ir.exprs` (the checked expression trees with their keys) and the
engine constants NEXT_DEALER, MATCH_LIMITS, AFTER_DRAW_FIRST_GAME_RULE, ANNOTATIONS."""

from __future__ import annotations

import importlib

import pytest

from durakc.ir.build import build_ir
from durakc.spec import load_spec
from generated import ENGINES, MODULES


def test_exprs_are_the_specs_checked_trees_by_key():
    spec = load_spec("kyiv")
    exprs = build_ir(spec).exprs
    for key in ("attack.limit", "throw_in.who", "throw_in.card", "transfer.when",
                "transfer.capacity", "deal.initial_hand", "deal.redeal_if", "deal.offer_redeal"):
        assert exprs.of(key) is spec.values[key]
    assert exprs.opening is None  # kyiv opens with the named rule same_rank
    with pytest.raises(KeyError):
        exprs.of("deck.ranks")  # not an expression


def test_an_opening_condition_and_annotations_are_in_the_ir():
    treshka = load_spec("treshka")
    assert build_ir(treshka).exprs.opening is treshka.values["attack.opening"]
    epaulettes = load_spec("epaulettes")
    names = [name for name, _ in build_ir(epaulettes).exprs.annotations]
    assert names == sorted(epaulettes.values["outcome.annotations"]) == ["both_shoulders",
                                                                        "epaulettes"]


def test_the_copies_section_counts_the_card_identities():
    ir = build_ir(load_spec("two-decks"))
    copies = next(cap for cap in ir.capabilities if cap.name == "copies")
    assert (copies.count, copies.identities) == (2, 72)  # HR17: 36 cards twice


@pytest.mark.parametrize("name", ENGINES)
def test_engine_constants_hold_the_rules_the_native_backend_reads(name):
    engine = importlib.import_module(f"generated.{MODULES[name]}")
    rules = engine.VARIANT["rules"]
    assert engine.NEXT_DEALER == rules["series.next_dealer"]
    if "game" in engine._SAVED_KEYS:  # the results capability (HR21-HR23)
        assert engine.MATCH_LIMITS == tuple(rules[k] for k in
                                            ("match.games", "match.losses", "match.points"))
        assert engine.AFTER_DRAW_FIRST_GAME_RULE == (rules["series.after_draw"]
                                                     == "same_dealer_lowest_trump")
    else:
        assert not hasattr(engine, "MATCH_LIMITS")
    assert getattr(engine, "ANNOTATIONS", ()) == tuple(sorted(rules["outcome.annotations"]))
