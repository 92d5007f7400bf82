"""The engines the shared suites drive: `generated.<name>` or its native (C) engine.

`pytest --backend native` (tests/conftest.py) runs the conformance, invariant and golden
suites against the C engines through the native backend; the default is the Python
modules.  Every suite loads its engines through `load_engine`.
"""

from __future__ import annotations

import importlib
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def backend() -> str:
    """'python' or 'native' (from `pytest --backend`)."""
    return os.environ.get("DURAKC_TEST_BACKEND", "python")


def native_refusal(name: str) -> str | None:
    """Why bundled variant `name` has no C engine (the C target lacks one of its
    capabilities: `durakc build` wrote no generated/<module>.c), or None."""
    module = name.replace("-", "_")
    if (ROOT / "generated" / f"{module}.c").exists():
        return None
    from durakc.spec import load_spec
    from durakc.targets.c import unsupported
    problems = unsupported(load_spec(name))
    detail = "; ".join(d.message for d in problems) or "no generated C engine"
    return f"{name}: no C engine ({detail})"


def load_engine(name: str):
    """The engine of bundled variant `name` for the selected backend.

    On the native backend a variant the C target does not support is skipped with the
    reason inside a test.  During collection (no PYTEST_CURRENT_TEST) its Python module is
    returned instead, so that suites choosing their parameters from `VARIANT` can list the
    variant; every test then loads it again here and is skipped.
    """
    python = "durakc.engines." + name.replace("-", "_")
    if backend() == "native":
        reason = native_refusal(name)
        if reason is None:
            from durakc.native import load_native
            return load_native(name)
        if "PYTEST_CURRENT_TEST" in os.environ:
            import pytest
            pytest.skip(reason)
    return importlib.import_module(python)


def reference_only():
    """A skip mark for tests of the reference interpreter alone: `--backend` does not change
    it, so the native pass (`.ci/run`'s second pytest run) leaves them to the Python pass."""
    import pytest

    return pytest.mark.skipif(
        backend() == "native",
        reason="runs the reference interpreter only, which --backend does not change: the "
               "Python pass runs it")

