"""Issue 29 items 3a and 3b: what `durakc build` and a generated file say of themselves.

3a: the header of a generated file names the command that writes it again; for a C engine
compiled from a spec file it printed `durakc compile SPEC`, which writes the Python engine.
3b: `durakc build` said "57 engines (Python and C)" when it had written 56 C engines, and
did not say which variant had none, nor why.
"""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from durakc.build import GENERATED_DIR, build_all

REPO = Path(__file__).resolve().parents[2]
SPEC = """name: headers-test
title: Headers test
extends: podkidnoy
"""


def durakc(*args, cwd):
    return subprocess.run([sys.executable, "-m", "durakc", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def _printed_command(text: str) -> list[str]:
    match = re.search(r"run `([^`]+)` (?:again )?instead", text)
    assert match, text[:600]
    return shlex.split(match.group(1))


@pytest.mark.parametrize("target, files", [("c", ["headers_test.c", "headers_test.h"]),
                                           ("python", ["headers_test.py"])])
def test_the_command_in_a_generated_header_writes_that_file_again(tmp_path, target, files):
    (tmp_path / "my spec.yaml").write_text(SPEC, encoding="utf-8")
    assert durakc("compile", "--target", target, "my spec.yaml", cwd=tmp_path).returncode == 0
    first = {name: (tmp_path / name).read_bytes() for name in files}
    for name in files:
        command = _printed_command(first[name].decode("utf-8"))
        assert command[0] == "durakc"
        for written in files:
            (tmp_path / written).unlink()
        result = durakc(*command[1:], cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert {n: (tmp_path / n).read_bytes() for n in files} == first


def test_a_bundled_c_engine_names_durakc_build():
    head = (GENERATED_DIR / "podkidnoy.c").read_text(encoding="utf-8")[:600]
    assert _printed_command(head) == ["durakc", "build"]


def test_build_counts_the_engines_it_wrote_and_names_each_variant_without_c(tmp_path):
    refused: list[tuple[str, str]] = []
    outputs, _, _ = build_all(refused)
    python = sum(1 for n in outputs if n.endswith(".py") and n != "__init__.py")
    c = sum(1 for n in outputs if n.endswith(".c"))
    assert python == c + len(refused) and refused  # two-decks has no C engine today
    result = durakc("build", "--out", str(tmp_path / "gen"), cwd=REPO)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    summary = f"{python} Python engines and {c} C engines in {tmp_path / 'gen'}"
    assert summary in lines
    assert len(list((tmp_path / "gen").glob("*.c"))) == c
    for name, reason in refused:
        assert f"no C engine for {name}: {reason}" in lines
        assert not (tmp_path / "gen" / f"{name.replace('-', '_')}.c").exists()
    assert "two-decks" in dict(refused)
