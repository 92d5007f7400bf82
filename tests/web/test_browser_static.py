"""The static playground (`durakc playground --static`) passes the served playground's
browser tests: the same page, its requests answered by the compiler in Pyodide inside the
page, served by a plain static file server with no API and nothing fetched from elsewhere.
Skipped, saying why, without Chromium or without Pyodide (offline, never downloaded)."""

from __future__ import annotations

import pytest

from tests.web import test_browser as served
from tests.web.static_site import PyodideUnavailable, StaticHost, build

pytestmark = pytest.mark.browser

page = served.page
tab = served.tab


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    try:
        folder = build(tmp_path_factory.mktemp("static-playground"))
    except PyodideUnavailable as exc:
        pytest.skip(f"no Pyodide for the static playground: {exc}")
    host = StaticHost(folder)
    yield host
    host.close()


@pytest.fixture
def url(site):
    return site.url


SHARED = ("test_an_error_is_marked_at_its_line_and_cleared_when_fixed",
          "test_a_warning_is_marked_too",
          "test_explain_shows_the_rules_and_what_differs_from_the_parent",
          "test_a_game_against_bots_played_to_its_end",
          "test_a_comparison_shows_its_plot_and_a_witness",
          "test_a_share_link_restores_the_spec",
          "test_a_shared_game_opens_in_play",
          "test_a_damaged_link_says_so_and_shows_an_example",
          "test_the_views_refuse_a_spec_with_errors_and_say_so")
"""The served page's tests that hold for the static one as they are (the latency budget
and `durakc serve` itself are the server's)."""

for _name in SHARED:
    globals()[_name] = getattr(served, _name)

from tests.web.test_browser_options import (
    test_table_settings_are_toggles_and_the_game_follows_them,
)

__all__ = ["test_table_settings_are_toggles_and_the_game_follows_them"]


def test_everything_the_page_loads_comes_from_its_own_folder(tab, site):
    """Pyodide and the compiler are loaded from the folder; the page's policy forbids any
    other origin, so a request elsewhere would fail (and the page would not work)."""
    page.choose_example(tab, "kyiv")
    assert page.state(tab, "diagState") == "ok"
    asked = set(site.paths)
    assert {"/pyodide/pyodide.asm.wasm", "/py/site.zip", "/static/js/pyworker.js"} <= {
        path.split("?")[0] for path in asked}
    policy = tab.execute_script(
        "return document.querySelector('meta[http-equiv=\"Content-Security-Policy\"]')"
        ".content")
    assert "default-src 'self'" in policy and "connect-src 'self'" in policy
