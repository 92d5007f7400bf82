"""A generated engine as a program (issue 9, 3j): its header says how to write it again,
and `python -I <engine>.py` answers a bad command line with a usage message and exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from durakc.spec import bundled_names, load_spec
from durakc.targets.python.codegen import render_engine

REPO = Path(__file__).resolve().parents[2]
HOUSE = "name: house\ntitle: House rules\nextends: podkidnoy\n"


@pytest.fixture(scope="module")
def house(tmp_path_factory):
    """house.yaml compiled by the command line into engines/house.py."""
    folder = tmp_path_factory.mktemp("house")
    (folder / "house.yaml").write_text(HOUSE, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "durakc", "compile", "house.yaml", "--out",
                             "engines"], cwd=folder, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return folder / "engines" / "house.py"


def _run(engine: Path, *args: str):
    return subprocess.run([sys.executable, "-I", str(engine), *args], capture_output=True,
                          text=True, timeout=120)


def test_user_engine_header_says_durakc_compile(house):
    header = house.read_text(encoding="utf-8").splitlines()[:5]
    assert header[3] == "# Change the spec and run `durakc compile house.yaml` again instead."
    assert not any("durakc build" in line for line in header)


def test_user_engine_header_quotes_an_awkward_path(tmp_path):
    spaced = tmp_path / "my house.yaml"
    spaced.write_text(HOUSE, encoding="utf-8")
    line = render_engine(load_spec(spaced)).splitlines()[3]
    assert line.startswith("# Change the spec and run `durakc compile '")
    assert line.endswith("my house.yaml'` again instead.")
    broken = tmp_path / "two\nlines.yaml"  # a newline must not end the comment
    broken.write_text(HOUSE, encoding="utf-8")
    source = render_engine(load_spec(broken))
    compile(source, "two_lines.py", "exec")
    line = source.splitlines()[3]
    assert "durakc compile" in line and "two\\nlines.yaml" in line
    assert line.endswith(" again instead.")


@pytest.mark.parametrize("name", bundled_names())
def test_bundled_engine_header_says_durakc_build(name):
    module = name.replace("-", "_")
    line = (REPO / "generated" / f"{module}.py").read_text(encoding="utf-8").splitlines()[3]
    assert line == ("# Change the spec, the schema or the templates and run `durakc build` "
                    "instead.")


@pytest.mark.parametrize("args, message", [
    (["12", "200"], "error: house is for 2 to 6 players, not 12"),
    (["1"], "error: house is for 2 to 6 players, not 1"),
    (["three"], "error: PLAYERS must be a whole number, not 'three'"),
    (["3", "2.5"], "error: GAMES must be a whole number, not '2.5'"),
    (["3", "2", "seed"], "error: SEED must be a whole number, not 'seed'"),
    (["3", "0"], "error: GAMES must be at least 1, not 0"),
    (["3", "2", "1", "4"], "error: expected at most 3 arguments, got 4"),
])
def test_bad_command_line_is_a_usage_error(house, args, message):
    result = _run(house, *args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"usage: python house.py [PLAYERS] [GAMES] [SEED]\n{message}\n"


def test_help_and_a_good_command_line(house):
    result = _run(house, "--help")
    assert result.returncode == 0
    assert result.stdout.startswith("usage: python house.py [PLAYERS] [GAMES] [SEED]\n")
    assert "(2 to 6, default 2)" in result.stdout
    result = _run(house, "3", "2", "5")
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("house: 2 random games, 3 players, ")


def test_every_bundled_engine_refuses_too_many_players():
    for name in bundled_names():
        engine = REPO / "generated" / (name.replace("-", "_") + ".py")
        most = load_spec(name).values["players.max"]
        result = _run(engine, str(most + 1))
        assert result.returncode == 2, name
        assert f"error: {name} is for " in result.stderr and "Traceback" not in result.stderr
