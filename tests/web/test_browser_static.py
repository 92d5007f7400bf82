"""The static playground (`durakc playground --static`) passes the served playground's
browser tests: the same page, its requests answered by the compiler in Pyodide inside the
page, served by a plain static file server with no API and nothing fetched from elsewhere.
The bundled variants' games play on their wasm engines (the tests at the end: the page says
which engine plays, and a seeded game's answers are the served playground's).  Skipped, saying why, without Chromium or without Pyodide (offline, never downloaded)."""

from __future__ import annotations

import json

import pytest

from tests.web import test_browser as served
from tests.web.static_site import PyodideUnavailable, StaticHost, build

pytestmark = pytest.mark.browser

page = served.page
tab = served.tab
By = served.By


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


# -- the bundled variants' games on their wasm engines (issue 32 item 5) -------------------

def _api_post(tab, path: str, body: dict) -> dict:
    """POST through the page's own api.js (its transport: the workers); the answer's JSON,
    or {"failure": message}."""
    return tab.execute_async_script(
        "const [path, body, done] = arguments;"
        "import('/static/js/api.js').then((api) => api.post(path, body))"
        ".then(done, (err) => done({failure: String(err.message)}));", path, body)


def test_a_bundled_variant_plays_on_its_wasm_engine_and_the_page_says_so(tab, site):
    page.choose_example(tab, "podkidnoy")
    page.show(tab, "play")
    page.wait_state(tab, "playState", "your-turn", 60)
    engine = tab.find_element(By.ID, "play-engine")
    assert engine.is_displayed() and "wasm" in engine.text, engine.text
    assert "/wasm/podkidnoy.wasm" in {p.split("?")[0] for p in site.paths}
    moves = page.play_to_the_end(tab)
    assert moves > 3 and page.state(tab, "playState") == "over"
    assert "wasm" in tab.find_element(By.ID, "play-engine").text


def test_an_edited_spec_plays_on_the_python_engine_and_the_page_says_so(tab):
    page.choose_example(tab, "podkidnoy")
    page.type_spec(tab, page.editor_text(tab) + "\n# edited in the page\n")
    page.wait_state(tab, "diagState", ("ok", "errors"), 60)
    page.show(tab, "play")
    page.wait_state(tab, "playState", "your-turn", 90)
    text = tab.find_element(By.ID, "play-engine").text
    assert "Pyodide" in text and "wasm" not in text.split(":")[0], text


def test_the_static_wasm_game_is_the_served_game(tab):
    """The same seeded game with the same human moves: the served playground's answers
    (`play_step` on the Python engine, what `durakc serve` runs) equal the static page's
    (the wasm worker), all but the static page's `engine` and both's timing."""
    from durakc.loading.engines import load_engine
    from durakc.web.play import play_step
    from durakc.web.server import examples

    text = next(e["text"] for e in examples() if e["name"] == "transfer")
    engine = load_engine("transfer")
    body = {"spec": text, "players": 3, "seat": 0, "seed": 77, "history": [],
            "bots": [None, "greedy", "random"]}
    for step in range(200):
        served = json.loads(json.dumps(play_step(engine, {**body, "options": {},
                                                          "action": body.get("action")},
                                                 3.0, 5000)))
        static = _api_post(tab, "/api/play", body)
        assert static.pop("engine", "").startswith("wasm"), static
        static.pop("elapsed_ms")
        assert static == served, f"answer {step}"
        if served["result"] or not served["legal_actions"]:
            break
        legal = served["legal_actions"]
        body.update(history=served["history"], action=legal[(5 * step) % len(legal)])
    assert served["result"], "the game was played to its end"


def test_a_refused_move_on_a_wasm_variant_has_the_python_engines_words(tab):
    """The wasm worker hands a refusal to Pyodide: the served playground's answer."""
    from durakc.loading.engines import load_engine
    from durakc.web.play import play_step
    from durakc.web.server import examples

    text = next(e["text"] for e in examples() if e["name"] == "transfer")
    body = {"spec": text, "players": 2, "seat": 0, "seed": 5, "history": [],
            "bots": [None, "greedy"], "action": "beat 2S 3S"}
    served = play_step(load_engine("transfer"), {**body, "options": {}}, 3.0, 5000)
    static = _api_post(tab, "/api/play", body)
    assert "Pyodide" in static.pop("engine") and static["refused"] == served["refused"]
    assert served["refused"]


def test_a_static_comparison_plays_on_wasm_and_gives_the_served_numbers(tab, tmp_path):
    """/api/compare of two bundled variants: the games inside their wasm modules (the
    Pyodide worker calls wasmgames.js), the same report as the served playground's."""
    from durakc.web.server import examples
    from durakc.web.tasks import Context, compare

    text = next(e["text"] for e in examples() if e["name"] == "podkidnoy")
    body = {"spec": text, "against": "transfer", "players": 3, "games": 30, "seed": 4,
            "bots": ["greedy", "random", "greedy"]}
    job = _api_post(tab, "/api/compare", body)
    assert "job" in job, job
    result = tab.execute_async_script(
        "const [path, done] = arguments;"
        "import('/static/js/api.js').then((api) => api.get(path))"
        ".then(done, (err) => done({failure: String(err.message)}));",
        f"/api/jobs/{job['job']}")
    assert "result" in result, result
    result = result["result"]
    served = json.loads(json.dumps(compare(body, Context(tmp_path))))
    assert result["engine"] == "wasm"
    assert result["document"] == served["document"] and result["table"] == served["table"]
    assert result["witness"] == served["witness"]
