"""The C target refuses a spec whose IR uses a capability it does not implement.

Every capability in today's IR has a C form, so each test takes one away
(`durakc.targets.c.capabilities.SUPPORTED`) the way a new capability from issue 10/11
would arrive: as a name the C target has never heard of.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

import engine_backend

from durakc import cli
from durakc.build import build_outputs
from durakc.ir.build import build_ir
from durakc.ir.hooks import Capability
from durakc.spec import bundled_names, load_spec
from durakc.targets.c import CTargetError, capabilities, render_c, unsupported


def _without(monkeypatch, name: str) -> None:
    monkeypatch.setattr(capabilities, "SUPPORTED", capabilities.SUPPORTED - {name})


# The eighteen variants of the T, P, S and K profiles and their house rules: the C target
# covers all of them with the flags of its core; the structural variants below use the C
# capability modules (templates/c/cap_<name>.c.j2).
PROFILE_VARIANTS = (
    "albanian", "crazy", "double-durak", "durak52", "epaulettes", "fallen-ace",
    "first-round-five", "kyiv", "mini", "neighbours", "no-trump", "podkidnoy",
    "podkidnoy-left", "proyezdnoy", "railroad", "siberian", "spades-for-spades", "transfer",
)


def test_every_capability_of_the_profile_variants_is_supported():
    used = {cap.name for n in PROFILE_VARIANTS for cap in build_ir(load_spec(n)).capabilities}
    assert used <= capabilities.SUPPORTED
    assert all(unsupported(load_spec(n)) == [] for n in PROFILE_VARIANTS)


STRUCTURAL = {  # capability: (a variant using it, the key that switches it on)
    "seat_trumps": ("svoi-kozyri", "trump.mode"),
    "hidden_trump": ("changeable-trump", "trump.hidden_second"),
    "teams": ("pairs", "teams.mode"),
    "losses": ("pairs", "teams.mode"),
    "siege": ("siege", "throw_in.timing"),
    "wild": ("weli", "deck.wild_rank"),
    "jokers": ("jokers", "deck.jokers"),
}


@pytest.mark.parametrize("name", sorted(STRUCTURAL))
def test_every_structural_capability_is_ported_and_its_refusal_names_the_key(monkeypatch, name):
    variant, key = STRUCTURAL[name]
    assert name in capabilities.SUPPORTED
    assert unsupported(load_spec(variant)) == []
    _without(monkeypatch, name)
    problems = unsupported(load_spec(variant))
    assert problems and all(p.message.startswith(f"`{key}`: the C target does not support")
                            for p in problems[:1])
    assert all(p.line > 0 for p in problems)  # at the spec line that sets it


def test_every_other_bundled_variant_is_refused_at_a_key():
    for name in set(bundled_names()) - set(PROFILE_VARIANTS):
        problems = unsupported(load_spec(name))
        used = {cap.name for cap in build_ir(load_spec(name)).capabilities}
        assert bool(problems) == (not used <= capabilities.SUPPORTED), name
        assert all("the C target does not support" in p.message
                   or "the C target does not build deck.copies" in p.message  # HR17
                   for p in problems), name


def test_large_opening_lists_are_built_on_the_heap():
    """HR8: openings of 1, 3 or 5 cards, at most 174,437 in one list (a defender holding 5,
    an attacker 31 cards); too many for the C stack, so the engine's lists are on the heap.
    HR7's three-card openings (6,017) stay on the stack."""
    assert unsupported(load_spec("threes-and-fives")) == []
    assert unsupported(load_spec("treshka")) == []
    header = render_c(load_spec("threes-and-fives"))["threes_and_fives.h"]
    assert "_MAX_ACTIONS (174437 + " in header and "_HEAP_ACTIONS 1\n" in header
    assert "_HEAP_ACTIONS 0\n" in render_c(load_spec("treshka"))["treshka.h"]


def test_openings_past_the_largest_list_are_refused_at_attack_opening(tmp_path):
    """A condition allowing openings of up to 8 cards could list 4,791,322 openings at once:
    more than the C target's LIST_MAX, refused at the key."""
    spec_file = tmp_path / "any-cards.yaml"
    spec_file.write_text("name: any-cards\ntitle: Any cards\nextends: podkidnoy\nrules:\n"
                         "  attack:\n    opening: \"len(cards) <= 8\"\n", encoding="utf-8")
    problems = unsupported(load_spec(str(spec_file)))
    assert len(problems) == 1
    first = problems[0].format().splitlines()[0]
    assert first.startswith(f"{spec_file}:6:15: error: attack.opening:"), first
    assert "the C target lists at most 1,048,576 openings" in first
    assert "up to 4,791,322 of them in one list with 36 cards" in first


def test_two_decks_are_refused_at_deck_copies_with_the_identities():
    """HR17: 72 card identities do not fit the C target's 64-bit masks; refused at the key."""
    problems = unsupported(load_spec("two-decks"))
    assert len(problems) == 1
    first = problems[0].format().splitlines()[0]
    assert first.startswith("variants/house/two-decks.yaml:13:")
    assert first.endswith("error: `deck.copies`: the C target does not build deck.copies: 2: "
                          "its hands are 64-bit masks, and this deck has 72 card identities "
                          "(--target python)")


def test_an_unsupported_capability_is_an_error_at_the_key_that_switches_it_on(monkeypatch):
    _without(monkeypatch, "annotations")
    problems = unsupported(load_spec("epaulettes"))
    assert len(problems) == 1
    text = problems[0].format()
    first = text.splitlines()[0]
    assert first.startswith("variants/epaulettes.yaml:14:")
    assert first.endswith("error: `outcome.annotations`: the C target does not support "
                          "annotations yet (--target c)")
    assert "^" in text  # the source line and a caret under the value
    with pytest.raises(CTargetError, match="does not support annotations yet"):
        render_c(load_spec("epaulettes"))


def test_a_spec_without_that_capability_still_builds(monkeypatch):
    _without(monkeypatch, "annotations")
    assert unsupported(load_spec("podkidnoy")) == []
    assert "podkidnoy.c" in render_c(load_spec("podkidnoy"))


def test_compile_target_c_reports_the_refusal_and_writes_nothing(monkeypatch, tmp_path, capsys):
    _without(monkeypatch, "show_trump")
    code = cli.main(["compile", "proyezdnoy", "podkidnoy", "--target", "c", "--out", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 1
    assert "`transfer.show_trump`: the C target does not support show trump yet" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


def test_build_skips_the_c_files_of_refused_variants_and_check_agrees(monkeypatch, tmp_path, capsys):
    _without(monkeypatch, "annotations")
    outputs, errors = build_outputs()
    assert errors == []
    for module in ("epaulettes", "double_durak"):
        assert f"{module}.py" in outputs
        assert f"{module}.c" not in outputs and f"{module}.h" not in outputs
    assert {"podkidnoy.c", "podkidnoy.h", "kyiv.c"} <= set(outputs)
    assert cli.main(["build", "-q", "--out", str(tmp_path)]) == 0
    assert not (tmp_path / "epaulettes.c").exists()
    assert cli.main(["check", "--out", str(tmp_path)]) == 0
    assert "up to date" in capsys.readouterr().out


def test_native_tests_skip_a_refused_variant_with_the_reason(monkeypatch, tmp_path):
    _without(monkeypatch, "annotations")
    monkeypatch.setattr(engine_backend, "ROOT", tmp_path)  # a checkout whose build had no C files
    reason = engine_backend.native_refusal("epaulettes")
    assert reason.startswith("epaulettes: no C engine (`outcome.annotations`: the C target does "
                             "not support annotations yet")
    monkeypatch.setenv("DURAKC_TEST_BACKEND", "native")
    with pytest.raises(pytest.skip.Exception, match="does not support annotations"):
        engine_backend.load_engine("epaulettes")


def test_a_new_capability_is_named_by_the_keys_its_words_match(monkeypatch, tmp_path):
    spec_file = tmp_path / "shown.yaml"
    spec_file.write_text("name: shown\ntitle: Shown once\nextends: proyezdnoy\nrules:\n"
                         "  transfer:\n    show_once: true\n",
                         encoding="utf-8")
    spec = load_spec(str(spec_file))
    future = Capability("show_once", {})  # a capability the C target has never heard of
    problems = capabilities.refusals(spec, [future])
    assert [p.message for p in problems] == [
        "`transfer.show_once`: the C target does not support show once yet (--target c)"]
    assert (problems[0].line, problems[0].col) == (6, 16)
    keyed = Capability("brand_new", {"keys": ["players.max"]})
    assert capabilities.capability_keys(spec, keyed) == ["players.max"]
    nameless = capabilities.refusals(spec, [Capability("zzz", {})])
    assert nameless[0].message.startswith("capability 'zzz': the C target does not support zzz")


def test_jokers_with_wild_cards_are_refused_at_deck_jokers(tmp_path):
    spec_file = tmp_path / "wild-jokers.yaml"
    spec_file.write_text("name: wild-jokers\ntitle: Wild jokers\nextends: weli\nrules:\n"
                         "  deck:\n    jokers: 2\n", encoding="utf-8")
    problems = unsupported(load_spec(str(spec_file)))
    assert [p.message for p in problems] == [
        ("deck.jokers: the C target does not build jokers together with wild cards "
         "(deck.wild_rank) yet (--target c)")]
    assert problems[0].line == 6


@pytest.mark.parametrize("parent,key", [("poker", "swap.per_game"),
                                        ("trump-six", "trump.six_exchange")])
def test_swaps_and_the_exchange_with_wild_cards_are_refused(tmp_path, parent, key):
    """PK1 and TX1 in C read printed cards; with wild cards (W3) the Python engine's handling
    of a named suit would be needed, so the C target refuses the pair rather than differ."""
    spec_file = tmp_path / "wild-house.yaml"
    spec_file.write_text(f"name: wild-house\ntitle: Wild house\nextends: {parent}\nrules:\n"
                         "  deck:\n    wild_rank: \"6\"\n", encoding="utf-8")
    problems = unsupported(load_spec(str(spec_file)))
    assert [p.message for p in problems] == [
        (f"{key}: the C target does not build {key} together with wild cards (deck.wild_rank) "
         f"yet (the value comes from the parent {parent}) (--target c)")]
    # issue 19 3a: the key is the parent's, so the refusal is placed at the key of this file
    # it clashes with (once at 0:0, under the file's base name)
    assert (problems[0].path, problems[0].line, problems[0].col) == (str(spec_file), 6, 17)


def test_c_target_refusals_are_located_at_the_key_with_the_path_as_given(tmp_path):
    """Issue 19 3a: `compile --target c` and `simulate --backend native` print the refusal once,
    at the value's line and column, under the path the user typed (not its base name)."""
    folder = tmp_path / "sub"
    folder.mkdir()
    (folder / "cw2.yaml").write_text("name: cw2\ntitle: Weli with swaps\nextends: weli\n"
                                     "rules:\n  swap:\n    per_game: 3\n", encoding="utf-8")
    for args in (["compile", "sub/cw2.yaml", "--target", "c", "--check"],
                 ["simulate", "sub/cw2.yaml", "--backend", "native", "--games", "2"]):
        proc = subprocess.run([sys.executable, "-m", "durakc", *args], cwd=tmp_path,
                              capture_output=True, text=True, timeout=120,
                              env={**os.environ, "DURAKC_CACHE": str(tmp_path / "cache")})
        assert proc.returncode == 1, proc.stderr
        assert proc.stderr.startswith("sub/cw2.yaml:6:15: error: swap.per_game: the C target "
                                      "does not build swap.per_game together with wild cards"), args
        assert proc.stderr.count("error:") == 1 and "0:0" not in proc.stderr
    proc = subprocess.run([sys.executable, "-m", "durakc", "compile", "sub/cw2.yaml", "--target",
                           "c", "--check", "--format", "json"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    (diag,) = json.loads(proc.stdout)
    assert (diag["file"], diag["line"], diag["column"]) == ("sub/cw2.yaml", 6, 15)
