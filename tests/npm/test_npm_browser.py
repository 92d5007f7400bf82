"""The installed @durakc/engines in a real browser (headless Chromium): `loadVariant` fetches
the wasm module next to index.mjs from a local HTTP server, and a seeded game is the Python
engine's game (docs/npm.md). Marked `browser`; skipped, saying why, without Chromium."""

from __future__ import annotations

import functools
import html
import json
import re
import shutil
import subprocess
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer

import pytest
from npm_support import HERE

import durakc.engines

pytestmark = pytest.mark.browser
CHROMIUM = next((p for p in ("chromium", "chromium-browser", "google-chrome") if shutil.which(p)),
                None)


class _Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.mark.skipif(CHROMIUM is None, reason="no headless Chromium (Debian: apt-get install chromium)")
def test_a_seeded_game_in_chromium_is_the_python_engine_game(packed):
    consumer = packed["consumer"]
    shutil.copyfile(HERE / "browser_page.html", consumer / "page.html")
    handler = functools.partial(_Quiet, directory=str(consumer))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        done = subprocess.run([shutil.which(CHROMIUM), "--headless", "--no-sandbox",
                               "--disable-gpu", "--virtual-time-budget=20000", "--dump-dom",
                               f"http://127.0.0.1:{server.server_address[1]}/page.html"],
                              capture_output=True, text=True, timeout=120, check=False)
    finally:
        server.shutdown()
        server.server_close()
    found = re.search(r'<pre id="out">(.*?)</pre>', done.stdout, re.DOTALL)
    assert found, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(html.unescape(found.group(1)))
    assert "error" not in result, result
    game = durakc.engines.load("transfer").new_game(3, 9)
    step = 0
    while not game.is_over:
        legal = game.legal_actions()
        game.apply(legal[(step * 31 + 9 * 17) % len(legal)])
        step += 1
    assert result["history"] == game.history
    assert result["outcome"] == {"variant": "transfer", "is_over": True, "loser": game.loser,
                                 "is_draw": game.is_draw}
