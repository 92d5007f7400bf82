"""The README stays true: its reference tables, its set-up commands, its walkthrough, and
every example meant to run: each ```python block (README.md and docs/*.md), each ```console
block outside the walkthrough, and each ```yaml block that is a whole spec."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from durakc.commands.reference_cmd import END, START, reference_markdown
from durakc.spec import load_spec
from durakc.targets.python.codegen import render_engine

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
DOCS = {"README.md": README} | {
    f"docs/{p.name}": p.read_text(encoding="utf-8") for p in sorted((REPO / "docs").glob("*.md"))}
FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def _block(marker: str) -> str:
    """The fenced block that follows `<!-- walkthrough:marker -->`."""
    after = README.split(f"<!-- walkthrough:{marker} -->", 1)[1]
    match = re.search(r"```\w*\n(.*?)```", after, re.DOTALL)
    assert match, marker
    return match.group(1)


def _durakc(*args, cwd):
    return subprocess.run([sys.executable, "-m", "durakc", *args], cwd=cwd,
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


@pytest.fixture(scope="module")
def walkthrough(tmp_path_factory):
    """A folder holding the walkthrough's kitchen.yaml, compiled as the README says."""
    folder = tmp_path_factory.mktemp("walkthrough")
    (folder / "kitchen.yaml").write_text(_block("spec"), encoding="utf-8")
    compiled = _durakc("compile", "kitchen.yaml", "--out", "engines", cwd=folder)
    return folder, compiled


def test_walkthrough(walkthrough, tmp_path):
    folder, result = walkthrough
    spec = _block("spec")
    # The mistakes the README shows, made in the same file.
    typo = spec.replace("limit: 4", 'limit: "min(4, player)"').replace("show_trump", "show_trmp")
    (tmp_path / "typo" ).mkdir()
    (tmp_path / "typo" / "kitchen.yaml").write_text(typo, encoding="utf-8")
    shown = _block("errors").split("\n", 1)[1]
    wrong = _durakc("compile", "kitchen.yaml", cwd=tmp_path / "typo")
    assert wrong.returncode == 1
    assert wrong.stderr == shown

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "wrote engines/kitchen.py"
    demo = subprocess.run([sys.executable, "-I", "engines/kitchen.py", "3", "100"], cwd=folder,
                          capture_output=True, text=True)
    assert demo.returncode == 0, demo.stderr
    assert demo.stdout.startswith("kitchen: 100 random games, 3 players, ")

    explained = _durakc("explain", "kitchen.yaml", cwd=folder).stdout
    for chunk in _block("explain").split("...\n"):
        chunk = chunk.replace("$ durakc explain kitchen.yaml\n", "")
        assert chunk in explained, chunk


# ---------------------------------------------------------------------------
# every example meant to run
# ---------------------------------------------------------------------------
def _fenced(language: str) -> list[tuple[str, int, str]]:
    """(file, line, body) of every ```language block of the README and docs/*.md."""
    found = []
    for name, text in DOCS.items():
        for match in FENCE.finditer(text):
            if match.group(1) == language:
                line = text.count("\n", 0, match.start()) + 1
                found.append((name, line, match.group(2)))
    return found


def _marked(name: str, line: int) -> bool:
    """The block at `line` follows a walkthrough marker (test_walkthrough checks it)."""
    before = DOCS[name].split("\n")[:line - 1]
    return any("<!-- walkthrough:" in b for b in before[-2:])


OPTIONAL_MODULES = ("stable_baselines3", "sb3_contrib", "torch")
"""Modules a docs example may use that no extra of durakc installs (docs/rl.md's SB3 block)."""


def _params(language: str, keep=lambda name, line, body: True):
    return [pytest.param(name, body, id=f"{name}:{line}")
            for name, line, body in _fenced(language) if keep(name, line, body)]


@pytest.mark.parametrize("name, body", _params("python"))
def test_python_example_runs(name, body, walkthrough):
    """Each python block runs, as example.py beside the walkthrough's kitchen engine and
    with the repository importable (for `generated.<variant>`); the walkthrough's block
    prints exactly what the README shows after it."""
    missing = [m for m in OPTIONAL_MODULES
               if re.search(rf"^(from|import) {m}\b", body, re.MULTILINE)
               and importlib.util.find_spec(m) is None]
    if missing:
        pytest.skip(f"needs {', '.join(missing)}, which no extra installs (it needs PyTorch)")
    folder, compiled = walkthrough
    assert compiled.returncode == 0, compiled.stderr
    engines = folder / "engines"
    (engines / "example.py").write_text(body, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(REPO))
    result = subprocess.run([sys.executable, "example.py"], cwd=engines, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    if name == "README.md" and body == _block("python"):
        shown = _block("python-output")
        assert shown.startswith("$ cd engines && python example.py\n")
        assert result.stdout == shown.split("\n", 1)[1]


def _matches(shown: str, actual: str) -> bool:
    """`actual` is `shown`, where a line `...` stands for any lines (also none)."""
    parts = shown.split("...\n")
    if not actual.startswith(parts[0]):
        return False
    pos = len(parts[0])
    for part in parts[1:]:
        found = actual.find(part, pos)
        if found < 0:
            return False
        pos = found + len(part)
    return pos == len(actual) or shown.endswith("...\n")


def _console_run(command: str, cwd: Path) -> str:
    """Run one `$ durakc ...` line of an example; return its stdout."""
    args = shlex.split(command)
    assert args[0] == "durakc", f"not a durakc command: {command}"
    if "--plot" in args and importlib.util.find_spec("matplotlib") is None:
        # --plot only writes the image; the printed output is the same without it.
        at = args.index("--plot")
        del args[at:at + 2]
    result = _durakc(*args[1:], cwd=cwd)
    assert result.returncode == 0, f"{command}\n{result.stderr}"
    return result.stdout


@pytest.mark.parametrize("name, body", _params("console", lambda n, line, b: not _marked(n, line)))
def test_console_example_runs(name, body, tmp_path):
    """Each console block outside the walkthrough: every `$ durakc` line runs and prints
    what the block shows (a `...` line stands for lines left out)."""
    (tmp_path / "docs").mkdir()
    chunks = re.split(r"^\$ (.*)\n", body, flags=re.MULTILINE)
    assert chunks[0] == "", "a console example starts with a `$ ` command line"
    if any("--backend native" in command for command in chunks[1::2]):
        from durakc.native.build import unavailable_reason
        reason = unavailable_reason()
        if reason:  # --backend native is strict: without a compiler it refuses (exit 2)
            pytest.skip(f"the example runs the native engines: {reason}")
    for command, shown in zip(chunks[1::2], chunks[2::2]):
        actual = _console_run(command, tmp_path)
        assert _matches(shown, actual), f"`{command}` prints:\n{actual}"


@pytest.mark.parametrize("name, body", _params("yaml", lambda n, line, b: b.startswith("name:")))
def test_spec_example_compiles(name, body, tmp_path):
    """Each yaml block that is a whole spec loads and compiles."""
    path = tmp_path / "example.yaml"
    path.write_text(body, encoding="utf-8")
    compile(render_engine(load_spec(path)), str(path), "exec")
