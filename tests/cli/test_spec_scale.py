"""Issue 29, 1c-1e: the spec checker and `verify` on large or unusual inputs.

1c: a spec with thousands of errors is checked in linear time and the CLI shows the first
`MAX_SHOWN` of them with how many more; 1d: `extends` parses only the files it needs, not
every sibling; 1e: `verify` counts the games it compared, not the games it was asked for.
"""

from __future__ import annotations

import json
import time

import pytest

from durakc import cli
from durakc.commands._common import MAX_SHOWN
from durakc.diagnostics import Diagnostic, SpecError
from durakc.reference import differential
from durakc.spec import files, load_spec


def _many_unknown_keys(path, count: int) -> None:
    rules = "".join(f"  bogus_key_{i}: 1\n" for i in range(count))
    path.write_text(f"name: many\ntitle: Many\nextends: podkidnoy\nrules:\n{rules}",
                    encoding="utf-8")


def test_repeated_diagnostics_are_dropped_in_linear_time(tmp_path, monkeypatch):
    """`_unique` compared every diagnostic with every earlier one: 20,000 errors took 62 s.
    Counting `__eq__` calls keeps the test independent of the machine's speed."""
    spec = tmp_path / "many.yaml"
    _many_unknown_keys(spec, 2000)
    calls = 0
    eq = Diagnostic.__eq__

    def counting_eq(self, other):
        nonlocal calls
        calls += 1
        return eq(self, other)

    monkeypatch.setattr(Diagnostic, "__eq__", counting_eq)
    with pytest.raises(SpecError) as info:
        load_spec(spec)
    assert len(info.value.diagnostics) == 2000
    assert calls < 4 * 2000, f"{calls} comparisons for 2000 diagnostics"


def test_the_cli_shows_the_first_errors_and_counts_the_rest(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _many_unknown_keys(tmp_path / "many.yaml", MAX_SHOWN + 30)
    assert cli.main(["compile", "many.yaml", "--check"]) == 1
    err = capsys.readouterr().err.splitlines()
    heads = [line for line in err if line.startswith("many.yaml:")]
    assert len(heads) == MAX_SHOWN
    assert heads[0].startswith("many.yaml:5:3: error: unknown rule key 'bogus_key_0'")
    assert err[-2:] == ["... and 30 more", f"{MAX_SHOWN + 30} errors"]


def test_json_lists_every_error(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _many_unknown_keys(tmp_path / "many.yaml", MAX_SHOWN + 30)
    assert cli.main(["compile", "many.yaml", "--check", "--format", "json"]) == 1
    assert len(json.loads(capsys.readouterr().out)) == MAX_SHOWN + 30


def test_the_cli_is_fast_on_many_errors(tmp_path, capsys, monkeypatch):
    """A loose bound (the quadratic version took ~25 s for 5,000 errors on a fast machine)."""
    monkeypatch.chdir(tmp_path)
    _many_unknown_keys(tmp_path / "many.yaml", 5000)
    start = time.process_time()
    assert cli.main(["compile", "many.yaml", "--check"]) == 1
    assert time.process_time() - start < 15
    assert capsys.readouterr().err.endswith("... and 4950 more\n5000 errors\n")


def test_extends_parses_only_the_files_it_needs(tmp_path, monkeypatch):
    """300 unrelated specs beside a child made every `extends` parse all of them."""
    for i in range(40):
        (tmp_path / f"other{i}.yaml").write_text(
            f"name: other-{i}\ntitle: Other\nextends: podkidnoy\n", encoding="utf-8")
    (tmp_path / "named.yaml").write_text("name: mine-parent\ntitle: P\nextends: transfer\n",
                                         encoding="utf-8")
    (tmp_path / "kid.yaml").write_text("name: kid\ntitle: Kid\nextends: podkidnoy\n",
                                       encoding="utf-8")
    (tmp_path / "kid2.yaml").write_text("name: kid-two\ntitle: Kid\nextends: mine-parent\n",
                                        encoding="utf-8")
    parsed = []
    read_name = files._read_name
    monkeypatch.setattr(files, "_read_name", lambda p: parsed.append(p.name) or read_name(p))
    monkeypatch.setattr(files, "_NAMES", {})
    assert load_spec(tmp_path / "kid.yaml").values["transfer.enabled"] is False
    assert [p for p in parsed if p.startswith("other")] == []
    parsed.clear()
    # a parent found by its `name:` in a file of another stem is still found
    assert load_spec(tmp_path / "kid2.yaml").name == "kid-two"
    assert "named.yaml" in parsed and [p for p in parsed if p.startswith("other")] == []


@pytest.mark.parametrize("name_line", [
    'name: "pa\\x72ent"',            # an escape
    "name: # the parent\n  parent",  # the value after a comment, on the next line
    "'name' : 'parent'",             # a quoted key
    "{name: parent, title: P}\n#",   # flow style
    "? name\n: parent",              # an explicit key
])
def test_a_parent_named_in_any_yaml_spelling_is_found(tmp_path, name_line):
    """The text check skips files that can not go by the name, never one that does."""
    title = "" if "title" in name_line else "\ntitle: P"
    (tmp_path / "p.yaml").write_text(f"{name_line}{title}\nextends: transfer\n"
                                     if "{" not in name_line else
                                     "{name: parent, title: P, extends: transfer}\n",
                                     encoding="utf-8")
    (tmp_path / "kid.yaml").write_text("name: kid\ntitle: Kid\nextends: parent\n",
                                       encoding="utf-8")
    spec = load_spec(tmp_path / "kid.yaml")
    assert spec.values["transfer.enabled"] is True


MATCH_OF_ONE = ("name: one-game-match\ntitle: a match of one game\nextends: transfer\n"
                "rules:\n  match:\n    games: 1\n")


def test_verify_counts_the_games_compared(tmp_path, capsys, monkeypatch):
    """Repro verify-counts-unplayed-games: a match of one game ends every series of 5 after
    its first game, so 10 games asked for are 2 compared."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "one.yaml").write_text(MATCH_OF_ONE, encoding="utf-8")
    assert cli.main(["verify", "one.yaml", "--games", "10", "--series", "5",
                     "--players", "2"]) == 0
    out = capsys.readouterr().out
    assert ": 2 games in series of 5 (2 players, seeds 0-1)" in out, out


def test_play_pair_counts_the_games_of_a_full_series():
    engine, ref = differential.both("transfer")
    decisions, games, div = differential.play_pair(engine, ref, 2, 7, series=3)
    assert div is None and games == 3 and decisions > 0
