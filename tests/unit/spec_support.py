"""Shared helpers of the spec-loading tests (test_spec.py, test_spec_checks.py)."""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError
from durakc.spec import load_spec

HEAD = "name: mine\ntitle: Mine\nextends: transfer\n"


def write(tmp_path, name: str, text: str | bytes):
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def errors(ref) -> list[str]:
    """Formatted diagnostics of loading `ref` (which must fail)."""
    with pytest.raises(SpecError) as info:
        load_spec(ref)
    return [d.format() for d in info.value.diagnostics]


def one_error(tmp_path, text, name="mine.yaml") -> tuple[str, str]:
    path = write(tmp_path, name, text)
    (diag,) = errors(path)
    return str(path), diag
