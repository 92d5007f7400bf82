"""The engines the shared suites drive: `generated.<name>` or its native (C) engine.

`pytest --backend native` (tests/conftest.py) runs the conformance, invariant and golden
suites against the C engines through the native backend; the default is the Python
modules.  Every suite loads its engines through `load_engine`.
"""

from __future__ import annotations

import importlib
import os


def backend() -> str:
    """'python' or 'native' (from `pytest --backend`)."""
    return os.environ.get("DURAKC_TEST_BACKEND", "python")


def load_engine(name: str):
    """The engine of bundled variant `name` for the selected backend."""
    if backend() == "native":
        from compiler.native import load_native
        return load_native(name)
    return importlib.import_module("generated." + name.replace("-", "_"))
