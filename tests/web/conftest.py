"""Fixtures of the playground tests: the shared server and a browser (helpers.py)."""

from __future__ import annotations

import os

import pytest

from tests.web.helpers import NoBrowser, close_driver, new_driver, start_app


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """The shared playground of the tests (default limits), engines cached in a temp folder."""
    before = os.environ.get("DURAKC_CACHE")
    os.environ["DURAKC_CACHE"] = str(tmp_path_factory.mktemp("engine-cache"))
    app, url = start_app()
    yield app, url
    app.close()
    if before is None:
        os.environ.pop("DURAKC_CACHE", None)
    else:
        os.environ["DURAKC_CACHE"] = before


@pytest.fixture(scope="session")
def url(server):
    return server[1]


@pytest.fixture(scope="module")
def browser():
    """A headless Chromium for the module's tests; they skip, saying why, without one."""
    try:
        driver = new_driver()
    except NoBrowser as exc:
        pytest.skip(str(exc))
    yield driver
    close_driver(driver)
