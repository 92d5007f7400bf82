"""Every generated C file compiles with `-std=c99 -Wall -Wextra -Werror -pedantic` under both
gcc and clang (issue 19, 1f: clang refused the unused `expr_max` of transfer.c) and prefixes
every symbol it exports, and the build line of docs/c-example.c compiles too.  A compiler the
machine lacks is skipped, saying so (.ci/run installs both)."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from native_support import C_FLAGS, ROOT, c_variants

from durakc.ir.build import module_name
from durakc.spec import load_spec
from durakc.targets.c import render_c

COMPILERS = ("gcc", "clang")


def _compiler(name: str) -> str:
    if shutil.which(name) is None:
        pytest.skip(f"{name} is not installed (apt-get install -y {name}; .ci/run does)")
    return name


def _compile(cc: str, files: list, out, extra: tuple = ("-c",)) -> subprocess.CompletedProcess:
    return subprocess.run([cc, *C_FLAGS, *extra, *map(str, files), "-o", str(out)],
                          capture_output=True, text=True)


@pytest.mark.parametrize("cc", COMPILERS)
@pytest.mark.parametrize("name", c_variants())
def test_generated_c_compiles_strictly(cc, name, tmp_path):
    cc = _compiler(cc)
    source = ROOT / "generated" / f"{module_name(name)}.c"
    done = _compile(cc, [source], tmp_path / "engine.o")
    assert done.returncode == 0, done.stderr
    _assert_prefixed(tmp_path / "engine.o", f"durak_{module_name(name)}_")


def _assert_prefixed(obj, prefix: str) -> None:
    """Every symbol `obj` exports starts with `prefix`: a C function named `step` once bound
    to libc's step()."""
    nm = subprocess.run(["nm", "-g", "--defined-only", str(obj)], capture_output=True, text=True)
    if nm.returncode != 0:
        pytest.skip("nm is not available")
    exported = [line.split()[-1] for line in nm.stdout.splitlines() if line.strip()]
    assert exported, "the engine exports its API"
    assert all(symbol.startswith(prefix) for symbol in exported), exported


@pytest.mark.parametrize("cc", COMPILERS)
def test_the_c_example_builds_strictly(cc, tmp_path):
    cc = _compiler(cc)
    done = _compile(cc, [ROOT / "docs" / "c-example.c", ROOT / "generated" / "transfer.c"],
                    tmp_path / "example", ("-I", str(ROOT / "generated")))
    assert done.returncode == 0, done.stderr


WIDE_MINMAX = """name: wide-minmax
title: 64-bit min and max
extends: transfer
rules:
  transfer:
    when: "min(transfers + transfers + transfers, 9) < 9 and max(transfers + transfers + transfers, 0) >= 0"
"""


@pytest.mark.parametrize("cc", COMPILERS)
def test_a_spec_with_64_bit_min_and_max_compiles_strictly(cc, tmp_path):
    """Only the helpers a variant calls are defined: here the 64-bit ones (durakc.expr.ranges)."""
    cc = _compiler(cc)
    path = tmp_path / "wide.yaml"
    path.write_text(WIDE_MINMAX, encoding="utf-8")
    files = render_c(load_spec(str(path)))
    for file, text in files.items():
        (tmp_path / file).write_text(text, encoding="utf-8")
    source = next(f for f in files if f.endswith(".c"))
    assert "expr_lmin(" in files[source] and "expr_lmax(" in files[source]
    done = _compile(cc, [tmp_path / source], tmp_path / "engine.o")
    assert done.returncode == 0, done.stderr
