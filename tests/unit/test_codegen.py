"""Code generation: golden sync, determinism, specialisation, header, ruff."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from durakc.build import GENERATED_DIR, OUTPUT_PATTERNS, build_outputs
from durakc.ir.build import build_ir
from durakc.ir.hooks import HOOK_POINTS
from durakc.spec import bundled_names, load_spec
from durakc.targets.python.codegen import TEMPLATES, render_engine

CAPABILITIES = TEMPLATES / "capabilities"
# One line of each capability's generated code that no engine without it may contain.
CAPABILITY_MARKERS = {
    "transfer": "def _transfer(self, action):",
    "show_trump": "def _show(self, mask):",
    "late_cards": "self._late_unbeaten -= 1",
    "seat_trumps": "# trump.mode: per_seat - the defender's own suit is trump",
    "hidden_trump": "def _turn_hidden_trump(self):",
    "annotations": "# outcome.annotations",
    "winner": "HR20 (outcome.winner: first_out)",
    "results": "game._game = self._game + 1",
    "teams": "def _opponent(self, seat):",
    "single_opening": "# attack.opening: single",
    "limit_rule": "def _round_limit(self):",
    "throw_in_rule": "def _previous_seat(self, seat):",
    "same_attacker": "# after_take.next_attacker: same_attacker",
    "last_draw_on_return": "# refill.first_on_return is false",
    "dealer_rotates": "# series.next_dealer: left_of_dealer",
    "wild": "def _as_played(hand):",
    "siege": "# throw_in.timing: any_time",
    "jokers": "JOKER_CARDS = ",
    "trump_exchange": "def _exchange_action(self):",
    "swaps": "def _swap_actions(self):",
    # series capability (L1-L3, H2, H3)
    "series_state": "last=None",
    "losses": "game._losses = self._losses[:]",
    "deal_sizes": "# deal.initial_hand (L2)",
    "redeal_rule": "def _redeal_needed(",
    "right_of_loser": "# series.first_attacker: right_of_loser",
    "throw_card": "def _throwable(self, seat):",
    "opening_rule": "def _masks_of_size(",
    # run-time expressions over cards and collections (durakc.expr.sets)
    "card_sets": "# -- Expression tables",
    # the order of a round and the table (issue 20: HR10, HR11, HR24-HR26)
    "refill_order": "def _defender_first(self, order):",
    "throw_order": "def _entitled_from_attacker(self):",
    "resign": "def _resign(self):",
    "cheating": "def _catch(self, action):",  # HR34
    "view_discard": "# view.discard: closed",
    "view_hands": "# view.hands: all",
    # decks, deals and trumps (HR12-HR19)
    "set_aside": "def set_aside(self):",
    "lot_trumps": "# trump.mode: per_seat_by_lot - the defender",
    "redeal_offer": "def _may_ask_redeal(",
    "copies": "COPIES_OF = ",
    # the acting seat (issue 31: HR27, tests/specs/acting-*.yaml)
    "runtime_beats": "def _runtime_beaten_by(self, hand):",
    "asked_throwers": "judged as the seats are asked",
    "seat_relations": "def _right_of(self, seat):",
    "partner_relation": "def _partner_of(self, seat):",
    "end_rule": "def _ruled_durak(",  # HR35, HR36
    # table settings chosen when a game starts (issue 32 item 4)
    "options": "def _options(given):",
    "partial_take": "# take.picks_up:",  # HR32
}

TEST_SPECS = sorted((Path(__file__).resolve().parents[1] / "specs").glob("*.yaml"))
"""Specs of rules no bundled variant uses yet (tests/specs/)."""


def test_fresh_build_equals_checked_in_generated():
    outputs, errors = build_outputs()
    assert not errors
    present = sorted(p.name for pattern in OUTPUT_PATTERNS for p in GENERATED_DIR.glob(pattern))
    assert present == sorted(outputs), "run `durakc build`"
    for name, source in outputs.items():
        assert (GENERATED_DIR / name).read_text(encoding="utf-8") == source, f"{name} is stale"


def test_generation_is_byte_identical_across_runs():
    from durakc.targets.c import render_c
    from durakc.targets.c.render import CTargetError

    for name in bundled_names():
        spec = load_spec(name)
        assert render_engine(spec) == render_engine(load_spec(name))
        try:
            c_source = render_c(spec)
        except CTargetError:  # a capability the C target refuses (build skips its C files)
            continue
        assert c_source == render_c(load_spec(name))


def test_header_names_source_sha_and_version():
    spec = load_spec("transfer")
    head = render_engine(spec).splitlines()[:4]
    assert head[0] == "# GENERATED FILE - DO NOT EDIT BY HAND."
    assert "variants/transfer.yaml" in head[2]
    assert spec.sha256 in head[2]
    assert "durakc" in head[1]


def test_unused_rules_leave_no_code():
    podkidnoy = render_engine(load_spec("podkidnoy"))
    for fragment in ("def _transfer", "def _pass_on", "def _show", "# transfer.capacity"):
        assert fragment not in podkidnoy
    transfer = render_engine(load_spec("transfer"))
    assert "def _transfer" in transfer
    assert "def _show" not in transfer  # no show in the transfer profile (T16)
    assert "def _show" in render_engine(load_spec("proyezdnoy"))


@pytest.mark.parametrize("name", bundled_names())
def test_engine_holds_exactly_its_capabilities_code(name):
    """An engine has the code of the capabilities its variant uses, and none of the others'."""
    spec = load_spec(name)
    used = {cap.name for cap in build_ir(spec).capabilities}
    source = render_engine(spec)
    for capability, marker in CAPABILITY_MARKERS.items():
        assert (marker in source) == (capability in used), (capability, marker)


def test_every_capability_has_a_marker_and_is_used_somewhere(tmp_path):
    """Each capability module is reached: by a bundled variant, or by the spec below."""
    modules = {p.name.removesuffix(".py.j2") for p in CAPABILITIES.glob("*.py.j2")}
    assert modules == set(CAPABILITY_MARKERS)
    used = {cap.name for n in bundled_names() for cap in build_ir(load_spec(n)).capabilities}
    spec_file = tmp_path / "rotating.yaml"
    spec_file.write_text("name: rotating\ntitle: Rotating\nextends: transfer\nrules:\n"
                         "  series: {next_dealer: left_of_dealer}\n"
                         "  refill: {first_on_return: false}\n", encoding="utf-8")
    spec = load_spec(str(spec_file))
    rotating = {cap.name for cap in build_ir(spec).capabilities}
    assert {"dealer_rotates", "last_draw_on_return"} <= rotating
    source = render_engine(spec)
    for capability, marker in CAPABILITY_MARKERS.items():
        assert (marker in source) == (capability in rotating), (capability, marker)
    for path in TEST_SPECS:
        used |= {cap.name for cap in build_ir(load_spec(str(path))).capabilities}
    assert used | rotating == modules


def _called_hooks() -> dict[str, set[str]]:
    """{hook name: template files calling it} over the core and capability templates (the C
    templates' points are durakc.targets.c.hooks', tests/unit/test_c_hooks.py)."""
    calls: dict[str, set[str]] = {}
    for path in sorted(TEMPLATES.rglob("*.j2")):
        if path.parent == TEMPLATES / "c":
            continue
        code = re.sub(r"\{#.*?#\}", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
        for name in re.findall(r'\{% call hook\("(\w+)"\) %\}', code):
            calls.setdefault(name, set()).add(path.name)
    return calls


def test_every_hook_point_is_called_listed_and_documented():
    readme = (CAPABILITIES / "README.md").read_text(encoding="utf-8")
    calls = _called_hooks()
    assert set(calls) == set(HOOK_POINTS), "templates call exactly the points of HOOK_POINTS"
    for name, meaning in HOOK_POINTS.items():
        assert meaning.strip(), name
        assert f"| `{name}` |" in readme, f"capabilities/README.md does not describe hook {name}"
    core = (TEMPLATES / "game.py.j2").read_text(encoding="utf-8")
    assert "capabilities/README.md" in core[:600], "the core template points to the hook docs"


def test_capability_macros_are_hook_points():
    for path in CAPABILITIES.glob("*.py.j2"):
        for name in re.findall(r"\{% macro (\w+)\(", path.read_text(encoding="utf-8")):
            assert name.startswith("_") or name in HOOK_POINTS, f"{path.name}: macro {name}"


def test_beat_table_is_precomputed():
    import durakc.engines.transfer as engine

    # 6 of clubs (attack) is beaten by higher clubs and every trump when hearts are trump.
    hearts = engine.SUITS.index("H")
    six_clubs = engine.card_index("6C")
    beaters = set(engine.mask_texts(engine.BEATEN_BY[hearts][six_clubs]))
    assert beaters == {"7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"} | {
        r + "H" for r in engine.RANKS}
    ace_trump = engine.card_index("AH")
    assert engine.BEATEN_BY[hearts][ace_trump] == 0  # T11: nothing beats the trump ace


@pytest.mark.skipif(shutil.which("ruff") is None and not (Path(sys.executable).parent / "ruff").exists(),
                    reason="ruff not installed")
def test_generated_code_passes_ruff():
    ruff = shutil.which("ruff") or str(Path(sys.executable).parent / "ruff")
    result = subprocess.run([ruff, "check", "--no-cache", str(GENERATED_DIR)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
