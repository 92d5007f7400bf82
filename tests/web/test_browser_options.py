"""Table settings (a spec's `options:`) in the playground, in a real browser: the bundled
`table` spec shows one control per setting (a checkbox for a bool, a select for choices),
choosing a 52-card deck deals a 52-card game of the same seed (the Python engine's
`new_game(2, seed, options={"deck": 52})`), and a share link keeps the settings.
test_browser_static.py runs the same test on the static playground."""

from __future__ import annotations

import pytest

import durakc.engines
from tests.web import test_browser as served

pytestmark = pytest.mark.browser

page = served.page
tab = served.tab

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select


def _fields(browser) -> dict:
    return {f.get_attribute("data-option"): f
            for f in browser.find_elements(By.CSS_SELECTOR, "#play-options [data-option]")}


def _dealt(browser) -> tuple[list[str], int]:
    """Seat 0's hand and the stock at its first turn (nothing is drawn before it)."""
    hand = [c.get_attribute("data-card") for c in
            browser.find_elements(By.CSS_SELECTOR, "#play-hand .card")]
    stock = int(browser.find_element(By.ID, "play-stock").text.split(":")[1])
    return hand, stock


def test_table_settings_are_toggles_and_the_game_follows_them(tab):
    table = durakc.engines.load("table")
    page.choose_example(tab, "table")
    page.show(tab, "play")
    page.wait_state(tab, "playState", "your-turn", 60)
    fields = _fields(tab)
    assert set(fields) == set(table.OPTIONS)
    assert fields["transfer"].get_attribute("type") == "checkbox"
    assert fields["transfer"].is_selected() and not fields["neighbours"].is_selected()
    assert fields["deck"].tag_name == "select"
    assert [o.text for o in Select(fields["deck"]).options] == ["24", "36", "52"]
    seed = int(tab.find_element(By.ID, "play-seed").get_attribute("value"))
    assert _dealt(tab) == (table.new_game(2, seed).hands[0], 36 - 12)
    # one toggle: a 52-card game of the same seed, as the Python engine deals it
    tab.execute_script("document.body.dataset.playState = 'clicked';")
    Select(fields["deck"]).select_by_value("52")
    page.wait_state(tab, "playState", "your-turn", 60)
    wide = table.new_game(2, seed, options={"deck": 52})
    assert _dealt(tab) == (wide.hands[0], 52 - 12)
    # the share link keeps the setting
    tab.find_element(By.ID, "share").click()
    page.wait_state(tab, "shared", "yes")
    link = tab.find_element(By.ID, "share-link").get_attribute("value")
    page.open_page(tab, link)
    page.wait_state(tab, "playState", "your-turn", 60)
    assert Select(_fields(tab)["deck"]).first_selected_option.text == "52"
    assert _dealt(tab) == (wide.hands[0], 52 - 12)
