"""What the page shows when something is refused (issue 29 2a-2e, 2j), in headless Chromium:
no stale diagnostics after a refused check, a damaged, empty or oversized share link named as
such with the default example shown, no old game left playable after a refused new one, a
seat that does not exist refused, and thousands of diagnostics shown capped."""

from __future__ import annotations

import pytest

from tests.web.helpers import spec_text

pytestmark = pytest.mark.browser

page = pytest.importorskip("tests.web.page", reason="selenium is not installed "
                           "(pip install -e '.[dev]')")
from selenium.webdriver.common.by import By

BROKEN = "name: broken\ntitle: Broken\nextends: podkidnoy\nrules:\n  attack:\n    limit: 0\n"
RANKS = ", ".join(str(n) for n in range(2, 3002))
BIG = f"name: big\ntitle: Big\nextends: podkidnoy\nrules:\n  deck: {{ranks: [{RANKS}]}}\n"


@pytest.fixture
def tab(browser, url):
    page.open_page(browser, url)
    return browser


def _set_text(tab, text: str) -> None:
    """Replace the editor's text as a paste does (one input event)."""
    tab.execute_script("document.body.dataset.diagState = 'typing';"
                       "const area = document.getElementById('spec'); area.value = arguments[0];"
                       "area.dispatchEvent(new Event('input'));", text)


def _items(tab) -> list[str]:
    return [e.text for e in tab.find_elements(By.CSS_SELECTOR, "#diagnostics li")]


def _notice(tab) -> str:
    box = tab.find_element(By.ID, "notice")
    return box.text if box.is_displayed() else ""


def test_a_refused_check_leaves_no_diagnostics_of_the_text_before(tab):
    _set_text(tab, BROKEN)
    page.wait_state(tab, "diagState", "errors")
    assert _items(tab) and page.marked_lines(tab) == [6]
    _set_text(tab, BROKEN + "# " + "x" * 70000 + "\n")           # over the 65,536 limit
    page.wait_state(tab, "diagState", "failed")
    assert _items(tab) == [] and page.marked_lines(tab) == []
    status = tab.find_element(By.ID, "diag-status").text
    assert status.startswith("not checked: the spec is 70") and "the limit is 65536" in status


def test_thousands_of_errors_are_shown_capped(tab):
    _set_text(tab, BIG)
    page.wait_state(tab, "diagState", "errors", 60)
    items = _items(tab)
    assert len(items) == 101 and items[-1] == "and 2891 more"
    assert items[0].startswith("playground.yaml:5:")
    assert tab.find_element(By.ID, "diag-status").text == "2991 errors (the first 100 shown)"


@pytest.mark.parametrize("fragment, reason", [
    ("#s=ueyJzcGVjIjogIiJ9", "the link holds no spec"),                 # {"spec": ""}
    ("#s=ueyJzcGVjIjogIiAgXG4ifQ", "the link holds no spec"),           # {"spec": "  \n"}
    ("#s=zDYuxCoAwDAV_pby5i2u-pYvYIMEaxcbaIv67", "damaged"),     # a link cut off
])
def test_an_empty_or_cut_link_says_so_and_shows_the_example(tab, url, fragment, reason):
    page.open_page(tab, url + fragment)
    assert page.state(tab, "opened") == "bad-link"
    assert reason in _notice(tab) and "An example is shown instead" in _notice(tab)
    assert page.editor_text(tab) == spec_text("first-round-five")


def test_a_damaged_link_opened_in_an_open_page_shows_the_example(tab):
    page.choose_example(tab, "kyiv")
    tab.execute_script("location.hash = '#s=ueyJzcGVjIjogIiJ9';")
    page.wait_for(tab, lambda b: page.state(b, "opened") == "bad-link", what="the refusal")
    assert "could not be read" in _notice(tab)
    page.wait_for(tab, lambda b: page.editor_text(b) == spec_text("first-round-five"),
                  what="the default example")


def test_a_link_that_expands_to_millions_of_characters_is_too_big(tab, url):
    link = tab.execute_script(
        "const share = await import('/static/js/share.js');"
        "return await share.encodeShare({spec: '#' + 'a'.repeat(2000000), view: 'editor'});")
    assert len(link) < 5000                              # a small link...
    page.open_page(tab, url + "#" + link)                # ...refused, not opened for a minute
    assert page.state(tab, "opened") == "bad-link"
    assert "the link is too big" in _notice(tab)
    assert page.editor_text(tab) == spec_text("first-round-five")


def _playing(tab, players: int = 2) -> None:
    page.choose_example(tab, "podkidnoy")
    page.show(tab, "play")
    page.wait_state(tab, "playState", "your-turn", 60)
    assert tab.find_elements(By.CSS_SELECTOR, "#play-hand .card")


def _new_game(tab, players: str, seat: str) -> None:
    for field, value in (("play-players", players), ("play-seat", seat)):
        tab.execute_script("const f = document.getElementById(arguments[0]); f.value = arguments[1];"
                           "f.dispatchEvent(new Event('input'));", field, value)
    tab.execute_script("document.body.dataset.playState = 'clicked';")
    tab.find_element(By.ID, "play-new").click()
    page.wait_state(tab, "playState", ("error", "your-turn", "over", "stopped"), 60)


def _no_game_shown(tab) -> None:
    assert page.state(tab, "playState") == "error"
    assert tab.find_elements(By.CSS_SELECTOR, "#play-hand .card") == []
    assert tab.find_elements(By.CSS_SELECTOR, "#play-actions button") == []
    assert tab.find_elements(By.CSS_SELECTOR, "#play-log li") == []


def test_a_refused_new_game_leaves_no_old_game_to_play(tab):
    _playing(tab)
    _new_game(tab, "7", "0")                              # podkidnoy is for 2-6 players
    message = tab.find_element(By.ID, "play-message").text
    assert message.startswith("no game:") and "7" in message, message
    _no_game_shown(tab)


def test_a_seat_that_does_not_exist_is_refused(tab):
    _playing(tab)
    _new_game(tab, "2", "5")
    message = tab.find_element(By.ID, "play-message").text
    assert message == ("no game: seat 5 does not exist in a 2-player game: choose a seat from "
                       "0 to 1"), message
    _no_game_shown(tab)
    _new_game(tab, "2", "1")                              # a seat that exists plays
    assert page.state(tab, "playState") in ("your-turn", "over", "stopped")
    assert "seat 1" in tab.find_element(By.ID, "play-me-title").text
