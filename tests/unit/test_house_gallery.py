"""The house-rule gallery (issue 20): bundled specs also live in variants/house/.

A house spec is a bundled spec like any other: found by name (by `extends` and by every
command taking a bundled name), listed by `durakc list` under its own heading, built into
generated/ as a flat ``<module>.py`` and covered by `durakc check`.  The mechanism is tested on
a copy of variants/ with one house spec of the test's own (the bundled folder pointed there).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from durakc import cli
from durakc.spec import bundled_names, files, load_spec

ROOT = Path(__file__).resolve().parents[2]

HOUSE_SPEC = ("name: gallery-test\ntitle: A house rule of the test\nextends: podkidnoy\n"
              "sources: [HR1]\nrules:\n  attack:\n    limit: 5\n")


@pytest.fixture
def bundled(tmp_path, monkeypatch) -> Path:
    """variants/ copied to a temporary folder with variants/house/gallery-test.yaml added, and
    made the bundled folder."""
    folder = tmp_path / "variants"
    folder.mkdir()
    for spec in (ROOT / "variants").glob("*.yaml"):
        shutil.copy(spec, folder / spec.name)
    (folder / "house").mkdir()
    (folder / "house" / "gallery-test.yaml").write_text(HOUSE_SPEC, encoding="utf-8")
    monkeypatch.setattr(files, "BUNDLED_DIR", folder)
    return folder


def test_bundled_names_are_unique_across_both_folders():
    main = {p.stem for p in (ROOT / "variants").glob("*.yaml")}
    house = [p.stem for p in (ROOT / "variants" / "house").glob("*.yaml")]
    assert not main & set(house), "a house spec has the name of a bundled variant"
    assert len(house) == len(set(house))
    assert bundled_names() == sorted(main | set(house))


def test_a_house_spec_is_found_by_name(bundled):
    assert "gallery-test" in bundled_names()
    spec = load_spec("gallery-test")
    assert spec.bundled
    assert spec.label == "variants/house/gallery-test.yaml"
    assert spec.chain == [("gallery-test", "variants/house/gallery-test.yaml"),
                          ("podkidnoy", "variants/podkidnoy.yaml"),
                          ("transfer", "variants/transfer.yaml")]


def test_a_user_spec_extends_a_house_spec_by_name(bundled, tmp_path):
    mine = tmp_path / "mine" / "mine.yaml"
    mine.parent.mkdir()
    mine.write_text("name: mine\ntitle: Mine\nextends: gallery-test\n", encoding="utf-8")
    spec = load_spec(mine)
    assert spec.chain[1] == ("gallery-test", "variants/house/gallery-test.yaml")
    assert spec.values["attack.limit"].canonical() == "5"


def test_an_unknown_name_suggests_a_house_spec(bundled, tmp_path, capsys):
    mine = tmp_path / "mine.yaml"
    mine.write_text("name: mine\ntitle: Mine\nextends: gallery-tset\n", encoding="utf-8")
    assert cli.main(["compile", str(mine), "--check"]) == 1
    assert "unknown variant 'gallery-tset' (did you mean 'gallery-test'?)" in capsys.readouterr().err


def test_list_shows_house_rules_under_their_heading(bundled, capsys):
    assert cli.main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    heading = lines.index("house rules (variants/house/)")
    assert lines[heading - 1] == ""
    before = [line.split()[0] for line in lines[:heading - 1]]
    assert before == sorted(p.stem for p in (ROOT / "variants").glob("*.yaml"))
    assert lines[heading + 1].split()[0] == "gallery-test"
    assert lines[heading + 1].endswith("(extends podkidnoy)")
    assert len(lines) == heading + 2


def test_list_without_house_specs_has_no_heading(capsys, tmp_path, monkeypatch):
    folder = tmp_path / "variants"
    folder.mkdir()
    shutil.copy(ROOT / "variants" / "transfer.yaml", folder)
    monkeypatch.setattr(files, "BUNDLED_DIR", folder)
    assert cli.main(["list"]) == 0
    assert capsys.readouterr().out.splitlines() == ["transfer             Transfer durak (perevodnoy)"]


def test_explain_takes_a_house_name(bundled, capsys):
    assert cli.main(["explain", "gallery-test"]) == 0
    out = capsys.readouterr().out
    assert "chain: gallery-test (variants/house/gallery-test.yaml) -> podkidnoy" in out


def test_build_writes_house_engines_flat_and_check_covers_them(bundled, tmp_path, capsys):
    out = tmp_path / "generated"
    assert cli.main(["build", "--out", str(out), "--quiet"]) == 0
    engine = out / "gallery_test.py"
    assert engine.is_file()
    assert "variants/house/gallery-test.yaml" in engine.read_text(encoding="utf-8")
    assert not (out / "house").exists()
    assert "'gallery-test'" in (out / "__init__.py").read_text(encoding="utf-8")
    assert cli.main(["check", "--out", str(out)]) == 0
    engine.unlink()
    capsys.readouterr()
    assert cli.main(["check", "--out", str(out)]) == 1
    assert f"missing: {engine}" in capsys.readouterr().err
