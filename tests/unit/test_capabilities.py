"""`durakc capabilities`: the catalogue of capabilities, keys, bundled variants and targets."""

from __future__ import annotations

import json

from durakc.catalog.listing import catalog, targets, used
from durakc.cli import main
from durakc.ctarget.capabilities import SUPPORTED
from durakc.spec import load_spec


def test_transfer_variant_uses_transfer_and_podkidnoy_does_not():
    assert "transfer" in used(load_spec("transfer"))
    assert "transfer" not in used(load_spec("podkidnoy"))


def test_catalog_lists_each_capability_once_with_its_users():
    entries, problems = catalog()
    assert problems == []
    names = [e.name for e in entries]
    assert len(names) == len(set(names))
    by_name = {e.name: e for e in entries}
    assert "transfer" in by_name["transfer"].variants
    assert "podkidnoy" not in by_name["transfer"].variants
    assert by_name["transfer"].keys == ("transfer.enabled",)
    assert SUPPORTED <= set(names)


def test_targets_follow_the_c_supported_set():
    assert targets("transfer") == ("python", "c")
    assert targets("no-such-capability") == ("python",)


def test_cli_json_matches_catalog(capsys):
    assert main(["capabilities", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [e["name"] for e in data] == [e.name for e in catalog()[0]]
    assert all(set(e) == {"name", "keys", "variants", "targets"} for e in data)


def test_cli_text_names_every_capability(capsys):
    assert main(["capabilities"]) == 0
    out = capsys.readouterr().out
    for entry in catalog()[0]:
        assert entry.name in out


def test_explain_names_the_capabilities_the_spec_uses():
    from durakc.explain import explain

    lines = explain(load_spec("transfer")).splitlines()
    cap_line = next(line for line in lines if line.startswith("capabilities: "))
    assert cap_line.removeprefix("capabilities: ").split(", ") == used(load_spec("transfer"))


def test_readme_table_is_the_written_one():
    from pathlib import Path

    from durakc.catalog.table import replaced

    readme = Path(__file__).resolve().parents[2] / "README.md"
    text = readme.read_text(encoding="utf-8")
    assert replaced(text, catalog()[0]) == text


def test_write_without_markers_is_a_clear_error(tmp_path, capsys):
    target = tmp_path / "x.md"
    target.write_text("no markers\n", encoding="utf-8")
    assert main(["capabilities", "--write", str(target)]) == 2
    assert "markers" in capsys.readouterr().err
    assert target.read_text(encoding="utf-8") == "no markers\n"


def test_every_bundled_variant_keeps_the_declared_order():
    from durakc.capabilities.order import check_order
    from durakc.spec import load_specs
    from durakc.spec.files import bundled_paths

    specs, problems = load_specs(sorted(bundled_paths()))
    assert problems == []
    for spec in specs:
        check_order(used(spec))


def test_a_broken_after_is_named():
    import pytest

    from durakc.capabilities.order import check_order

    with pytest.raises(ValueError, match="'results' must come after 'losses'"):
        check_order(["results", "losses"])
    check_order(["losses", "results"])
