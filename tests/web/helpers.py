"""Helpers of the playground tests: a server in this process on a free port, a raw HTTP client
that can send anything, and a headless Chromium driven by Selenium."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import tempfile
from dataclasses import replace
from pathlib import Path
from urllib.parse import urlparse

from durakc.web.limits import Limits
from durakc.web.server import Playground

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
DRIVERS = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
BROWSER_FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--window-size=1400,1000")


def start_app(**limits) -> tuple[Playground, str]:
    """A playground on a free port of 127.0.0.1, serving in a thread; (app, base URL)."""
    app = Playground("127.0.0.1", 0, replace(Limits(), **limits))
    url = app.start_thread()
    return app, url


def request(url: str, method: str, path: str, body=None, headers=None, raw: bytes | None = None,
            timeout: float = 60) -> tuple[int, dict, dict]:
    """One HTTP request; (status, JSON body, headers).  `body` is sent as JSON, `raw` as is."""
    where = urlparse(url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=timeout)
    data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
    sent = {"Content-Type": "application/json"} if data is not None else {}
    sent.update(headers or {})
    try:
        conn.request(method, path, body=data, headers=sent)
        response = conn.getresponse()
        payload = response.read()
        answer = dict(response.getheaders())
    finally:
        conn.close()
    return response.status, json.loads(payload.decode("utf-8")), answer


def post(url: str, path: str, body: dict, **kw) -> tuple[int, dict]:
    status, data, _ = request(url, "POST", path, body=body, **kw)
    return status, data


def spec_text(name: str) -> str:
    """The text of a bundled spec (variants/ or the house-rule gallery variants/house/)."""
    from durakc.spec.files import bundled_path

    path = bundled_path(name)
    assert path is not None, f"{name} is not a bundled spec"
    return path.read_text(encoding="utf-8")


# -- the browser ----------------------------------------------------------------------------
def find_browser() -> tuple[str, str] | str:
    """(chromium, chromedriver) paths, or why there is none."""
    binary = next((p for p in CHROMIUM if os.path.exists(p)), shutil.which("chromium"))
    driver = next((p for p in DRIVERS if os.path.exists(p)), shutil.which("chromedriver"))
    if not binary or not driver:
        return ("no headless Chromium found (install Debian's chromium and chromium-driver: "
                "apt-get install -y chromium chromium-driver; .ci/run does)")
    return binary, driver


class NoBrowser(RuntimeError):
    """No headless Chromium (or no Selenium) here; the message says what to install."""


def new_driver():
    """A headless Chromium driven by Selenium, with a fresh profile; NoBrowser when impossible."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        raise NoBrowser("selenium is not installed (pip install -e '.[dev]')") from None
    found = find_browser()
    if isinstance(found, str):
        raise NoBrowser(found)
    binary, driver = found
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in BROWSER_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="durakc-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    # found but failing to start is a failure, not a skip
    browser = webdriver.Chrome(service=Service(driver), options=options)
    browser.profile_dir = profile
    return browser


def close_driver(browser) -> None:
    browser.quit()
    shutil.rmtree(browser.profile_dir, ignore_errors=True)
