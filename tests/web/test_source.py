"""A spec typed in the browser is checked exactly as `durakc compile` checks a file: the same
diagnostics, texts and positions, `extends` of bundled names, warnings too."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from durakc.web.source import DISPLAY, SpecProblem, check_text, engine_of, load_text

BROKEN = """\
name: house
title: A house rule
extends: podkidnoy
rules:
  attack:
    limit: "atack_cards + 1"
  transfer:
    enabled: maybe
"""

WARNED = """\
name: house
title: A house rule
extends: podkidnoy
rules:
  beating:
    beats: "d.rank > 3 and d.rank < 2"
"""


def _compile_json(tmp_path, text: str) -> list[dict]:
    """What `durakc compile --check --format json` says of `text` in a file named DISPLAY."""
    folder = tmp_path / "cli"
    folder.mkdir()
    (folder / DISPLAY).write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "durakc", "compile", DISPLAY, "--check",
                           "--format", "json"], cwd=folder, capture_output=True, text=True)
    return json.loads(done.stdout)


def _compile_text(tmp_path, text: str) -> str:
    folder = tmp_path / "cli-text"
    folder.mkdir()
    (folder / DISPLAY).write_text(text, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "durakc", "compile", DISPLAY, "--check"],
                          cwd=folder, capture_output=True, text=True)
    return done.stderr


@pytest.mark.parametrize("text", [BROKEN, WARNED], ids=["errors", "warning"])
def test_the_diagnostics_are_those_of_durakc_compile(tmp_path, text):
    spec, diagnostics = check_text(text, tmp_path / "web")
    assert [d.to_json() for d in diagnostics] == _compile_json(tmp_path, text)
    printed = _compile_text(tmp_path, text)
    for diag in diagnostics:
        assert diag.format() in printed
    assert (spec is None) == (text is BROKEN)


def test_errors_name_the_editor_file_and_their_line(tmp_path):
    _, diagnostics = check_text(BROKEN, tmp_path)
    assert [(d.path, d.line, d.col, d.severity) for d in diagnostics] == [
        (DISPLAY, 6, 13, "error"), (DISPLAY, 8, 14, "error")]
    assert "atack_cards" in diagnostics[0].message
    assert str(tmp_path) not in diagnostics[0].format()


def test_extends_finds_bundled_parents_also_for_a_bundled_name(tmp_path):
    spec = load_text("name: transfer\ntitle: my transfer\nextends: transfer\n", tmp_path)
    assert spec.chain[1][0] == "transfer"
    spec = load_text("name: kiev2\ntitle: K\nextends: kyiv\nrules:\n  attack.limit: 5\n", tmp_path)
    assert [name for name, _ in spec.chain][:2] == ["kiev2", "kyiv"]
    assert spec.origin["attack.limit"] == "this file"


def test_no_spec_file_is_left_behind(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path / "cache"))
    check_text(WARNED, tmp_path / "specs")
    check_text(BROKEN, tmp_path / "specs")
    engine_of(WARNED.replace("d.rank > 3 and d.rank < 2", "inherited"), tmp_path / "specs")
    assert list((tmp_path / "specs").rglob("*.yaml")) == []


def test_a_spec_with_errors_gives_no_engine(tmp_path):
    with pytest.raises(SpecProblem) as caught:
        engine_of(BROKEN, tmp_path)
    assert caught.value.diagnostics[0]["file"] == DISPLAY
    assert "2 errors" in str(caught.value)


def test_an_engine_comes_from_the_engine_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path / "cache"))
    engine, _ = engine_of(WARNED.replace("d.rank > 3 and d.rank < 2", "inherited"), tmp_path)
    assert engine.VARIANT["name"] == "house" and engine.VARIANT["source"] == DISPLAY
    assert list((tmp_path / "cache").glob("*/house.py"))
    game = engine.new_game(2, 1)
    assert game.legal_actions()
