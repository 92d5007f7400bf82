"""The generated C engines are standalone C99: no Python header, and the generated-file banner.
(That each compiles alone with strict warnings and prefixes every symbol it exports is checked
with the same compile in test_c_strict.py, under gcc and clang.)"""

from __future__ import annotations

import pytest
from native_support import ROOT, c_variants

from durakc.ir.build import module_name


@pytest.mark.parametrize("name", c_variants())
def test_c_engine_has_no_python_header(name):
    module = module_name(name)
    for suffix in (".c", ".h"):
        text = (ROOT / "generated" / f"{module}{suffix}").read_text(encoding="utf-8")
        assert "Python.h" not in text
        assert "GENERATED FILE - DO NOT EDIT BY HAND" in text
