"""Test-suite settings shared by every test folder."""

import os

from hypothesis import settings

# CI must be reproducible: property tests replay the same examples every run. For a wider,
# random search run `HYPOTHESIS_PROFILE=explore python -m pytest tests/fuzz`.
settings.register_profile("repeatable", derandomize=True, database=None)
settings.register_profile("explore", max_examples=1000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


BACKENDS = ("python", "native")


def pytest_addoption(parser):
    parser.addoption("--backend", choices=BACKENDS, default="python",
                     help="engines the conformance, invariant and golden suites drive: the "
                          "generated Python modules (default) or their C engines through the "
                          "native backend (needs a C compiler)")


def pytest_configure(config):
    # The suites' loaders read this (tests/engine_backend.py): one switch for all of them.
    os.environ["DURAKC_TEST_BACKEND"] = config.getoption("--backend")


def pytest_collection_modifyitems(config, items):
    # `-m quick`: a representative fast subset (tests/quick.py says which and why).
    import pytest

    from durakc.spec import bundled_names
    from tests.quick import is_quick

    names = bundled_names()
    for item in items:
        callspec = getattr(item, "callspec", None)
        if is_quick(item.nodeid, callspec.id if callspec else None, names):
            item.add_marker(pytest.mark.quick)
