"""Diagnostics within 300 ms of the last keystroke, for specs of bundled size: the page waits
DEBOUNCE_MS after the last key (static/js/editor.js), then the check's round trip must fit in
the rest.  Measured here on every bundled spec, each with a fresh edit (nothing cached):
the server's own time (`elapsed_ms`: request read to answer ready) and the client's round
trip (the median is asserted; the 95th percentile and the worst are printed).  The browser
test measures the same from a real keystroke to the drawn marker."""

from __future__ import annotations

import re
import statistics
import time

from durakc.spec import bundled_names
from durakc.web.server import STATIC
from tests.web.helpers import post, spec_text

BUDGET_MS = 300
DEBOUNCE_MS = int(re.search(r"const DEBOUNCE_MS = (\d+);",
                            (STATIC / "js" / "editor.js").read_text()).group(1))


def test_diagnostics_fit_300_ms_after_the_last_keystroke(url):
    rounds, servers, worst = [], [], ("", 0.0)
    for name in bundled_names():
        text = spec_text(name)
        for k in range(3):
            edited = text + f"# edit {k} {time.time()}\n"       # a new text: no cache helps
            started = time.perf_counter()
            status, result = post(url, "/api/check", {"spec": edited})
            took = (time.perf_counter() - started) * 1000
            assert status == 200 and result["ok"], name
            rounds.append(took)
            servers.append(result["elapsed_ms"])
            worst = max(worst, (name, took), key=lambda w: w[1])
    broken = spec_text("jokers").replace("colour == a.colour", "color == a.colour")
    started = time.perf_counter()
    status, result = post(url, "/api/check", {"spec": broken})
    rounds.append((time.perf_counter() - started) * 1000)
    assert status == 200 and result["diagnostics"][0]["line"] == 21
    median, high = statistics.median(rounds), sorted(rounds)[int(0.95 * len(rounds))]
    print(f"\ncheck round trip over {len(rounds)} requests: median {median:.1f} ms, 95th "
          f"percentile {high:.1f} ms, worst {worst[1]:.1f} ms ({worst[0]}); server side: "
          f"median {statistics.median(servers):.1f} ms, max {max(servers):.1f} ms; "
          f"debounce {DEBOUNCE_MS} ms")
    # the median is the figure asserted (the suite may share the machine with other tests);
    # the 95th percentile and the worst are printed
    assert DEBOUNCE_MS + median < BUDGET_MS
    assert DEBOUNCE_MS + statistics.median(servers) < BUDGET_MS
