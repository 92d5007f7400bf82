"""`durakc verify`: a user's spec, compiled and interpreted side by side."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import types
from pathlib import Path

import pytest

from durakc import cli
from durakc.commands import verify_cmd
from durakc.reference import differential
from durakc.targets.python.codegen import render_engine

REPO = Path(__file__).resolve().parents[2]
HOUSE = ("name: house\ntitle: Our house rules\nextends: podkidnoy\n"
         "rules:\n  attack:\n    limit: 4\n  after_take:\n    next_attacker: left_of_defender\n")


def durakc(*args, cwd):
    return subprocess.run([sys.executable, "-m", "durakc", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=300)


def test_help(tmp_path):
    result = durakc("verify", "--help", cwd=tmp_path)
    assert result.returncode == 0
    assert "usage: durakc verify" in result.stdout and "--games" in result.stdout
    assert "verify" in durakc("--help", cwd=tmp_path).stdout


def test_verify_a_spec_outside_the_checkout(tmp_path):
    (tmp_path / "house.yaml").write_text(HOUSE, encoding="utf-8")
    result = durakc("verify", "house.yaml", "--games", "4", cwd=tmp_path)
    assert result.returncode == 0, result.stdout + result.stderr
    first = result.stdout.splitlines()[0]
    assert re.fullmatch(r"verify house \(house\.yaml\): 20 games in series of 2 \(2-6 players, "
                        r"seeds 0-1\), \d+ decisions compared in \d+\.\d s", first), first
    assert "no divergence" in result.stdout


def test_verify_a_bundled_name_for_one_player_count(tmp_path):
    result = durakc("verify", "kyiv", "--games", "3", "--players", "3", "--seed", "7",
                    cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "3 games in series of 2 (3 players, seeds 7-8)" in result.stdout


def test_verify_longer_series_reach_the_ladders_later_deals(tmp_path):
    # L2: only a seat with two lost games gets 7 cards, so the ladder needs series of 3 or more
    result = durakc("verify", "ladder", "--games", "8", "--players", "2", "--series", "8",
                    cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "8 games in series of 8 (2 players, seeds 0-0)" in result.stdout
    assert durakc("verify", "ladder", "--series", "0", cwd=tmp_path).returncode == 2


def test_a_bad_spec_is_a_clean_spec_error(tmp_path):
    (tmp_path / "bad.yaml").write_text(HOUSE.replace("limit: 4", "limit: lots"),
                                       encoding="utf-8")
    result = durakc("verify", "bad.yaml", cwd=tmp_path)
    assert result.returncode == 1
    assert re.search(r"^bad\.yaml:6:12: error: unknown name 'lots'", result.stderr,
                     re.MULTILINE), result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize("args, message", [
    (["kyiv", "--players", "9"], "--players 9: kyiv is for 2 to 6 players"),
    (["kyiv", "--games", "0"], "must be at least 1"),
    (["kyiv", "--games", "many"], "expected a whole number"),
    ([], "the following arguments are required"),
    (["engine.py"], "verify needs the spec (.yaml or a bundled name), not an engine"),
])
def test_usage_errors_exit_2(tmp_path, args, message):
    result = durakc("verify", *args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


def _planted(spec):
    """The spec's engine with one line changed: one attack card more than T17 allows."""
    source = render_engine(spec)
    old = "if len(self._attack_cards) < self._limit and"
    assert source.count(old) == 1
    engine = types.ModuleType("planted")
    exec(compile(source.replace(old, "if len(self._attack_cards) <= self._limit and"), "<planted>", "exec"),
         engine.__dict__)
    return engine


def test_a_divergence_is_printed_with_a_replay_and_exit_1(tmp_path, monkeypatch, capsys):
    spec_file = tmp_path / "house.yaml"
    spec_file.write_text(HOUSE, encoding="utf-8")
    monkeypatch.setattr(verify_cmd, "compile_engine", _planted)
    code = cli.main(["verify", str(spec_file), "--games", "20", "--players", "3"])
    out = capsys.readouterr().out
    assert code == 1, out
    assert re.search(r"^divergence in house, 3 players, seed \d+, after \d+ action\(s\): ",
                     out, re.MULTILINE), out
    assert "engine" in out and "reference" in out
    replay = re.search(r"^replay: python -c (.*)$", out, re.MULTILINE)
    assert replay, out
    snippet = shlex.split(replay.group(1))[0]
    assert str(spec_file.resolve()) in snippet
    # The snippet replays the same seed and actions; with the planted bug in place it shows
    # the same difference again.
    monkeypatch.setattr(differential, "compile_engine", _planted)
    exec(snippet, {})
    shown = capsys.readouterr().out
    assert "!=" in shown, shown


def _readme_block(marker: str) -> str:
    """The fenced block after `<!-- walkthrough:marker -->` in the README."""
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    after = readme.split(f"<!-- walkthrough:{marker} -->", 1)[1]
    return re.search(r"```\w*\n(.*?)```", after, re.DOTALL).group(1)


def test_the_readme_verify_example(tmp_path):
    (tmp_path / "kitchen.yaml").write_text(_readme_block("spec"), encoding="utf-8")
    command, *shown = _readme_block("verify").splitlines(keepends=True)
    args = command.split()[3:]  # after "$ durakc verify"
    result = durakc("verify", *args, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    for chunk in "".join(shown).split("...\n"):
        assert chunk in result.stdout, (chunk, result.stdout)
