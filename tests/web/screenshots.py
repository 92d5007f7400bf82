"""Screenshots of the playground's views for the README: `python tests/web/screenshots.py`.

Starts a playground in this process, drives headless Chromium through each view and writes
docs/playground-editor.png (a spec with a diagnostic), -explain, -play, -compare and -share.
Needs what the browser tests need (selenium, Debian's chromium and chromium-driver).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO))

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from tests.web import page
from tests.web.helpers import close_driver, new_driver, start_app

HOUSE = """\
# Transfer durak where a transfer may carry at most four attack cards.
name: four-transfers
title: Transfer durak, transfers of at most four cards
extends: transfer
rules:
  transfer:
    capacity: "atack_cards <= min(4, next_hand)"
"""


def shoot(out: Path) -> list[Path]:
    """Take every screenshot into `out`; the files written."""
    os.environ.setdefault("DURAKC_CACHE", tempfile.mkdtemp(prefix="durakc-shots-"))
    app, url = start_app()
    browser = new_driver()
    written = []

    def save(name):
        page.settle(browser, 0.4)
        path = out / f"playground-{name}.png"
        browser.save_screenshot(str(path))
        written.append(path)

    try:
        browser.set_window_size(1400, 900)
        page.open_page(browser, url)
        browser.execute_script("document.body.dataset.diagState = 'typing';")
        page.type_spec(browser, HOUSE)
        page.wait_state(browser, "diagState", "errors")
        save("editor")
        browser.find_element(By.CSS_SELECTOR, "#diagnostics li").click()
        browser.switch_to.active_element.send_keys(Keys.RIGHT, "t")    # atack -> attack
        page.wait_state(browser, "diagState", "ok")
        page.show(browser, "explain")
        page.wait_state(browser, "explainState", "done")
        save("explain")
        page.choose_example(browser, "podkidnoy")
        page.show(browser, "play")
        page.wait_state(browser, "playState", ("your-turn", "over"), 60)
        field = browser.find_element(By.ID, "play-players")
        field.clear()
        field.send_keys("3")
        browser.execute_script("document.body.dataset.playState = 'clicked';")
        browser.find_element(By.ID, "play-replay").click()
        page.wait_state(browser, "playState", ("your-turn", "over"), 60)
        for _ in range(7):                                     # a few moves into the game
            if page.state(browser, "playState") != "your-turn":
                break
            browser.execute_script("document.body.dataset.playState = 'clicked';")
            browser.find_element(By.CSS_SELECTOR, "#play-actions button").click()
            page.wait_state(browser, "playState", ("your-turn", "over", "stopped"), 60)
        browser.set_window_size(1400, 1100)
        save("play")
        browser.set_window_size(1400, 900)
        page.choose_example(browser, "kyiv")
        page.show(browser, "compare")
        browser.find_element(By.ID, "compare-players").clear()
        browser.find_element(By.ID, "compare-players").send_keys("3")
        page.run_compare(browser, 1000)
        browser.set_window_size(1400, 1250)
        save("compare")
        browser.set_window_size(1400, 900)
        page.show(browser, "editor")
        page.choose_example(browser, "first-round-five")
        browser.find_element(By.ID, "share").click()
        page.wait_state(browser, "shared", "yes")
        link = browser.find_element(By.ID, "share-link").get_attribute("value")
        browser.get("about:blank")
        browser.get(link)
        page.wait_state(browser, "opened", "link")
        page.wait_state(browser, "diagState", ("ok", "errors"))
        browser.find_element(By.ID, "share").click()           # show the link it came from
        page.wait_state(browser, "shared", "yes")
        save("share")
    finally:
        close_driver(browser)
        app.close()
    return written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(REPO / "docs"), help="folder (default docs/)")
    args = parser.parse_args()
    for path in shoot(Path(args.out)):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
