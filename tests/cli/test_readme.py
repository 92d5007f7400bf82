"""The README stays true: its reference tables, its set-up commands and its walkthrough."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from compiler.commands.reference_cmd import END, START, reference_markdown

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")


def _block(marker: str) -> str:
    """The fenced block that follows `<!-- walkthrough:marker -->`."""
    after = README.split(f"<!-- walkthrough:{marker} -->", 1)[1]
    match = re.search(r"```\w*\n(.*?)```", after, re.DOTALL)
    assert match, marker
    return match.group(1)


def _durakc(*args, cwd):
    return subprocess.run([sys.executable, "-m", "compiler", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_reference_tables_match_schema():
    block = README.split(START, 1)[1].split(END, 1)[0]
    assert block == reference_markdown(), "run `durakc reference --write README.md`"


def test_ci_runs_the_readme_test_command():
    commands = re.findall(r"```sh\n(.*?)\n```", README, re.DOTALL)
    assert len(commands) >= 2
    test_command = commands[1].strip()
    ci = (REPO / ".ci" / "run").read_text(encoding="utf-8")
    install, run = (part.strip() for part in test_command.split("&&"))
    assert "pip install -q -e '.[dev]'" in ci and install == "pip install -e '.[dev]'"
    assert f"\n{run}\n" in ci
    assert "durakc check" in ci


def test_walkthrough(tmp_path):
    spec = _block("spec")
    (tmp_path / "kitchen.yaml").write_text(spec, encoding="utf-8")
    # The mistakes the README shows, made in the same file.
    typo = spec.replace("limit: 4", 'limit: "min(4, player)"').replace("show_trump", "show_trmp")
    (tmp_path / "typo" ).mkdir()
    (tmp_path / "typo" / "kitchen.yaml").write_text(typo, encoding="utf-8")
    shown = _block("errors").split("\n", 1)[1]
    result = _durakc("compile", "kitchen.yaml", cwd=tmp_path / "typo")
    assert result.returncode == 1
    assert result.stderr == shown

    result = _durakc("compile", "kitchen.yaml", "--out", "engines", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "wrote engines/kitchen.py"
    demo = subprocess.run([sys.executable, "-I", "engines/kitchen.py", "3", "100"], cwd=tmp_path,
                          capture_output=True, text=True)
    assert demo.returncode == 0, demo.stderr
    assert demo.stdout.startswith("kitchen: 100 random games, 3 players, ")

    explained = _durakc("explain", "kitchen.yaml", cwd=tmp_path).stdout
    for chunk in _block("explain").split("...\n"):
        chunk = chunk.replace("$ durakc explain kitchen.yaml\n", "")
        assert chunk in explained, chunk
