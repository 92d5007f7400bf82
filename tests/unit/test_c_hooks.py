"""The C hook points (durakc.targets.c.hooks): the C templates call exactly the listed points,
each capability module of the C target is a ported capability whose macros fill known points,
and a variant without a capability gets none of its C code."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from durakc.ir.build import build_ir
from durakc.ir.hooks import Capability, UnknownHook
from durakc.spec import load_spec
from durakc.targets.c import capabilities, render_c
from durakc.targets.c.context import c_context
from durakc.targets.c.hooks import C_HOOK_POINTS, CHooks, module_path
from durakc.targets.c.render import _ENV
from durakc.targets.templating import TEMPLATES

C_TEMPLATES = sorted((TEMPLATES / "c").glob("*.j2"))
CALL = re.compile(r'hook\("(\w+)"\)')
MODULES = {p.name[len("cap_"):-len(".c.j2")]: p for p in C_TEMPLATES if p.name.startswith("cap_")}

# A marker of each C module's code: the engines of variants that do not use it never hold it.
MARKERS = {
    "seat_trumps": "SEAT_SUIT",
    "hidden_trump": "trump.hidden_second",
    "teams": "opponent(",
    "losses": "CAP_LOSSES",
    "siege": "throw_in.timing: any_time",
    "wild": "as_played(",
    "jokers": "JOKER_CARDS",
    "series_state": "deal_after(",
    "deal_sizes": "deal.initial_hand",
    "redeal_rule": "redeal_needed(",
    "right_of_loser": "right_of_loser -",
    "trump_exchange": "EXCHANGE",
    "swaps": "may_swap(",
    "card_sets": "Expression tables",
    # issue 20: the order of a round and the table
    "refill_order": "defender_first(",
    "throw_order": "CAP_THROW_ORDER",
    "resign": "RESIGN",
    "view_discard": "CAP_VIEW_DISCARD",
    "view_hands": "CAP_VIEW_HANDS",  # HR26 (the wasm observation's `hands`)
    "winner": "CAP_WINNER",
    "results": "CAP_RESULTS",
    "set_aside": "CAP_SET_ASIDE",  # HR12, HR13
    "lot_trumps": "CAP_LOT_TRUMPS",  # HR15
    "redeal_offer": "CAP_REDEAL_OFFER",  # HR19
    "throw_card": "static mask_t throwable(",
    "opening_rule": "the n-card subsets of the hand, lowest cards first",
    "runtime_beats": "static const mask_t *runtime_beaten_by(",  # issue 31, HR27
    "asked_throwers": "judged as the seats are asked",  # issue 31
    "seat_relations": "static int right_of_seat(",  # issue 31
    "partner_relation": "static int partner_of_seat(",  # issue 31, PR1
    "end_rule": "ruled_durak(",  # HR35, HR36
    "partial_take": "take.picks_up:",  # HR32
    "options": "CAP_OPTIONS",  # issue 32 item 4
    "cheating": "CAP_CHEATING",  # HR34
}
USERS = {"seat_trumps": "svoi-kozyri", "hidden_trump": "changeable-trump", "teams": "pairs",
         "losses": "teams-of-three", "siege": "siege", "wild": "weli", "jokers": "jokers",
         "series_state": "ladder", "deal_sizes": "ladder", "redeal_rule": "lopsided-redeal",
         "right_of_loser": "teach-the-fool", "trump_exchange": "trump-six", "swaps": "poker",
         "winner": "first-out-wins", "results": "epaulette-ladder",
         "set_aside": "no-stock", "lot_trumps": "trumps-by-lot",  # HR12, HR13, HR15
         "redeal_offer": "redeal-on-request",  # HR19
         "options": "table",  # issue 32 item 4
         "throw_card": "rank-or-suit", "opening_rule": "treshka",
         "runtime_beats": "follow-suit",  # issue 31, HR27
         "asked_throwers": str(Path(__file__).resolve().parents[1] / "specs"
                               / "acting-full-hand-no-throw.yaml"),  # issue 31
         "seat_relations": str(Path(__file__).resolve().parents[1] / "specs"
                               / "acting-not-right-of-dealer.yaml"),
         "partner_relation": str(Path(__file__).resolve().parents[1] / "specs"
                                 / "attacking-pair-throws.yaml"),
         # tests/specs/: rules no bundled variant uses yet
         "card_sets": str(Path(__file__).resolve().parents[1] / "specs" / "cx-dealt-hand.yaml"),
         "refill_order": "taker-draws-first", "throw_order": "last-thrower-first",
         "resign": "resign", "view_discard": "closed-discard", "view_hands": "open-hands",
         "end_rule": "first-out-ends",  # HR35, HR36
         "partial_take": "partial-take",  # HR32
         "cheating": "cheating"}  # HR34


def test_the_c_templates_call_exactly_the_listed_points():
    called = {name for path in C_TEMPLATES for name in CALL.findall(path.read_text(encoding="utf-8"))}
    assert called == set(C_HOOK_POINTS)


def test_every_c_module_is_a_supported_capability_with_a_marker():
    assert set(MODULES) <= capabilities.SUPPORTED
    assert set(MODULES) == set(MARKERS) == set(USERS)
    assert all(module_path(name) == path for name, path in MODULES.items())


@pytest.mark.parametrize("name", sorted(MODULES))
def test_a_c_module_fills_only_known_points(name):
    spec = load_spec(USERS[name])
    ir = build_ir(spec)
    assert name in {cap.name for cap in ir.capabilities}
    hooks = CHooks(_ENV, c_context(spec, ir), ir.capabilities)
    assert hooks._macros and set(hooks._macros) <= set(C_HOOK_POINTS)


@pytest.mark.parametrize("name", sorted(MODULES))
def test_only_the_variants_using_a_capability_hold_its_c_code(name):
    user = render_c(load_spec(USERS[name]))
    assert any(MARKERS[name] in text for text in user.values())
    for other in ("podkidnoy", "transfer", "kyiv"):
        assert not any(MARKERS[name] in text for text in render_c(load_spec(other)).values())


def test_an_unknown_c_point_or_macro_is_an_error(monkeypatch):
    import jinja2

    import durakc.targets.c.hooks as c_hooks
    spec = load_spec("podkidnoy")
    with pytest.raises(UnknownHook):
        CHooks(_ENV, c_context(spec), [])("no_such_point")
    env = _ENV.overlay(loader=jinja2.DictLoader(
        {"c/cap_bogus.c.j2": "{% macro not_a_point() %}x{% endmacro %}"}))
    monkeypatch.setattr(c_hooks, "module_path", lambda name: MODULES["siege"])  # "exists"
    with pytest.raises(UnknownHook):
        CHooks(env, c_context(spec), [Capability("bogus", {})])
