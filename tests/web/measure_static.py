"""Time to the first move and a comparison, static playground on wasm vs on Pyodide, side by
side in one sitting (docs/playground.md, "Speed"); not a test:

    python tests/web/measure_static.py [GAMES] [ROUNDS]

Builds two static sites (podkidnoy and transfer on wasm; no wasm at all), then per round and
site opens a fresh headless Chromium: the seconds from opening the page to the human's turn
in a podkidnoy game (two players, greedy), and, once Pyodide has answered a check, the
seconds of a GAMES-game comparison of podkidnoy against transfer (seed 1)."""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from durakc.loading.engines import cache_dir
from durakc.web.pyodide_files import pyodide_folder
from durakc.web.server import examples
from durakc.web.static_site import build_site
from tests.web.helpers import close_driver, new_driver
from tests.web.static_site import StaticHost

CALL = ("const args = Array.from(arguments), done = args.pop();"
        "import('/static/js/api.js').then((api) => args.length > 1 ? api.post(...args)"
        " : api.get(args[0])).then(done, (e) => done({failure: String(e.message)}));")


def _wait(condition, timeout: float = 300) -> None:
    end = time.time() + timeout
    while not condition():
        if time.time() > end:
            raise TimeoutError
        time.sleep(0.02)


def measure(url: str, games: int, spec: str) -> tuple[float, float, str, str]:
    """(seconds to the first move, seconds of the comparison, the play engine, the
    comparison's engine) on the site at `url`."""
    driver = new_driver()
    driver.set_script_timeout(900)
    try:
        started = time.perf_counter()
        driver.get(url)
        _wait(lambda: driver.execute_script("return document.body.dataset.ready") == "yes")
        driver.execute_script("const m = document.getElementById('examples');"
                              "m.value = 'podkidnoy'; m.dispatchEvent(new Event('change'));")
        driver.find_element("css selector", '#tabs button[data-view="play"]').click()
        _wait(lambda: driver.execute_script("return document.body.dataset.playState")
              == "your-turn")
        first = time.perf_counter() - started
        engine = driver.find_element("id", "play-engine").text.split(":")[1].strip()
        driver.execute_async_script(CALL, "/api/check", {"spec": spec})   # Pyodide is up
        started = time.perf_counter()
        job = driver.execute_async_script(CALL, "/api/compare", {
            "spec": spec, "against": "transfer", "players": 2, "games": games, "seed": 1,
            "bots": "greedy"})
        result = driver.execute_async_script(CALL, f"/api/jobs/{job['job']}")["result"]
        return first, time.perf_counter() - started, engine, result.get("engine", "python")
    finally:
        close_driver(driver)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    runtime = pyodide_folder(None, cache_dir())
    spec = next(e["text"] for e in examples() if e["name"] == "podkidnoy")
    with tempfile.TemporaryDirectory() as tmp:
        hosts = {}
        for name, wasm in (("wasm", ["podkidnoy", "transfer"]), ("pyodide", [])):
            build_site(Path(tmp) / name, runtime, wasm)
            hosts[name] = StaticHost(Path(tmp) / name)
        try:
            for k in range(rounds):
                for name, host in hosts.items():
                    first, compare, played, compared = measure(host.url, games, spec)
                    print(f"round {k} {name:8} first move {first:6.2f} s  compare of {games} "
                          f"games {compare:6.2f} s  (play: {played}; compare: {compared})",
                          flush=True)
        finally:
            for host in hosts.values():
                host.close()


if __name__ == "__main__":
    main()
