"""The generated C engines are standalone C99: each compiles alone with strict warnings,
prefixes every symbol it exports, and includes no Python header."""

from __future__ import annotations

import subprocess

import pytest
from native_support import C_FLAGS, CC, ROOT, c_variants, needs_cc

from durakc.ir.build import module_name


@pytest.mark.parametrize("name", c_variants())
def test_c_engine_has_no_python_header(name):
    module = module_name(name)
    for suffix in (".c", ".h"):
        text = (ROOT / "generated" / f"{module}{suffix}").read_text(encoding="utf-8")
        assert "Python.h" not in text
        assert "GENERATED FILE - DO NOT EDIT BY HAND" in text


@needs_cc
@pytest.mark.parametrize("name", c_variants())
def test_c_engine_compiles_strictly_and_prefixes_its_symbols(name, tmp_path):
    module = module_name(name)
    obj = tmp_path / f"{module}.o"
    done = subprocess.run([*CC.split(), *C_FLAGS, "-c", str(ROOT / "generated" / f"{module}.c"),
                           "-o", str(obj)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    nm = subprocess.run(["nm", "-g", "--defined-only", str(obj)], capture_output=True, text=True)
    if nm.returncode != 0:
        pytest.skip("nm is not available")
    exported = [line.split()[-1] for line in nm.stdout.splitlines() if line.strip()]
    assert exported, "the engine exports its API"
    # A C function named `step` once bound to libc's step(): every symbol carries the prefix.
    assert all(name.startswith(f"durak_{module}_") for name in exported), exported
