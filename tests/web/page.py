"""Driving the playground page in a real browser (Selenium), shared by the browser tests and
the screenshot script: open it, wait for its states, type in the editor, play, compare.

The page reports its state on <body> as data attributes (`data-ready`, `data-diag-state`,
`data-diag-latency`, `data-play-state`, `data-compare-state`, `data-explain-state`), so the
tests wait for what the page says rather than for fixed times."""

from __future__ import annotations

import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait


def state(browser, name: str) -> str | None:
    """A data attribute of <body> (camelCase name), or None."""
    return browser.execute_script(f"return document.body.dataset.{name} || null;")


def wait_for(browser, condition, timeout: float = 30, what: str = "the page"):
    """Wait until `condition(browser)` is truthy; its value."""
    return WebDriverWait(browser, timeout, poll_frequency=0.05).until(
        lambda b: condition(b), message=f"timed out waiting for {what}")


def wait_state(browser, name: str, values, timeout: float = 30) -> str:
    values = {values} if isinstance(values, str) else set(values)
    return wait_for(browser, lambda b: state(b, name) in values and state(b, name), timeout,
                    f"data-{name} in {sorted(values)}")


def open_page(browser, url: str) -> None:
    """Load the page (a fresh document) and wait until it has checked its first spec."""
    browser.get("about:blank")
    browser.get(url)
    wait_state(browser, "ready", "yes")
    wait_state(browser, "diagState", ("ok", "errors"))


def editor_text(browser) -> str:
    return browser.find_element(By.ID, "spec").get_attribute("value")


def choose_example(browser, name: str) -> None:
    """Pick a variant in the examples menu and wait for its check."""
    menu = Select(browser.find_element(By.ID, "examples"))
    menu.select_by_value("")               # choosing the shown one again is no change
    browser.execute_script("document.body.dataset.diagState = 'loading';")
    menu.select_by_value(name)
    wait_state(browser, "diagState", ("ok", "errors"))


def type_spec(browser, text: str) -> None:
    """Replace the editor's text by typing `text`, key by key (a real user's input)."""
    area = browser.find_element(By.ID, "spec")
    area.click()
    area.send_keys(Keys.CONTROL, "a")
    area.send_keys(Keys.DELETE)
    area.send_keys(text)


def marked_lines(browser, severity: str = "error") -> list[int]:
    """The gutter's line numbers marked with `severity`."""
    return [int(e.get_attribute("data-line"))
            for e in browser.find_elements(By.CSS_SELECTOR, f"#gutter div.{severity}")]


def show(browser, view: str) -> None:
    browser.find_element(By.CSS_SELECTOR, f'#tabs button[data-view="{view}"]').click()


def play_to_the_end(browser, max_moves: int = 400, choose=None) -> int:
    """Click legal moves until the game ends; the number of moves made."""
    moves = 0
    while True:
        now = wait_state(browser, "playState", ("your-turn", "over", "stopped", "error"), 60)
        if now != "your-turn":
            return moves
        buttons = browser.find_elements(By.CSS_SELECTOR, "#play-actions button[data-action]")
        button = (choose or (lambda bs: bs[0]))(buttons)
        browser.execute_script("document.body.dataset.playState = 'clicked';")
        button.click()
        moves += 1
        assert moves < max_moves, "the game does not end"


def run_compare(browser, games: int, against: str | None = None, timeout: float = 180) -> str:
    """Start a comparison from the form and wait for it to end; the final state."""
    field = browser.find_element(By.ID, "compare-games")
    field.clear()
    field.send_keys(str(games))
    if against is not None:
        Select(browser.find_element(By.ID, "compare-against")).select_by_value(against)
    browser.execute_script("document.body.dataset.compareState = 'starting';")
    browser.find_element(By.ID, "compare-run").click()
    return wait_state(browser, "compareState", ("done", "failed"), timeout)


def settle(browser, seconds: float = 0.2) -> None:
    """Let the page paint (before a screenshot)."""
    time.sleep(seconds)
    browser.execute_script("return document.body.offsetHeight;")
