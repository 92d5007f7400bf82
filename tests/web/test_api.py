"""The playground's JSON API through HTTP: every view's endpoint, jobs, and JSON errors."""

from __future__ import annotations

import time

from durakc.sim.bots import BOT_NAMES
from durakc.spec import bundled_names, load_specs
from durakc.spec.files import HOUSE as HOUSE_FOLDER
from durakc.spec.files import bundled_path
from tests.web.helpers import post, request, spec_text

HOUSE = "name: house\ntitle: House\nextends: podkidnoy\nrules:\n  attack:\n    limit: 5\n"


def test_the_page_and_its_files_are_served(url):
    for path, kind in (("/", "text/html"), ("/static/js/app.js", "text/javascript"),
                       ("/static/style.css", "text/css")):
        status, _, headers = _raw_get(url, path)
        assert status == 200 and headers["Content-Type"].startswith(kind), path
        assert "default-src 'self'" in headers["Content-Security-Policy"]


def _raw_get(url, path):
    import http.client
    from urllib.parse import urlparse
    where = urlparse(url)
    conn = http.client.HTTPConnection(where.hostname, where.port, timeout=10)
    conn.request("GET", path)
    response = conn.getresponse()
    data = response.read()
    conn.close()
    return response.status, data, dict(response.getheaders())


def test_meta_lists_every_bundled_variant_and_the_registrys_bots(url):
    status, meta, _ = request(url, "GET", "/api/meta")
    assert status == 200
    specs, _ = load_specs(bundled_names())
    assert [e["name"] for e in meta["examples"]] == [s.name for s in specs]
    house = {n for n in bundled_names() if bundled_path(n).parent.name == HOUSE_FOLDER}
    assert house  # the house-rule gallery is bundled too
    assert {e["name"] for e in meta["examples"] if e["group"] != "variants"} == house
    kyiv = next(e for e in meta["examples"] if e["name"] == "kyiv")
    assert kyiv["text"] == spec_text("kyiv") and kyiv["extends"] == "transfer"
    assert meta["bots"] == list(BOT_NAMES)
    assert meta["limits"]["max_spec"] == 65536


def test_check_gives_diagnostics_at_their_line(url):
    status, result = post(url, "/api/check", {"spec": HOUSE.replace("limit: 5", "limt: 5")})
    assert status == 200 and not result["ok"]
    [diag] = result["diagnostics"]
    assert (diag["file"], diag["line"], diag["column"]) == ("playground.yaml", 6, 5)
    assert "limt" in diag["message"] and diag["hint"] == "did you mean 'attack.limit'?"
    assert diag["text"].startswith("playground.yaml:6:5: error: ")
    status, result = post(url, "/api/check", {"spec": HOUSE})
    assert status == 200 and result["ok"] and result["diagnostics"] == []
    assert result["elapsed_ms"] >= result["worker_ms"] > 0


def test_explain_answers_text_and_differences(url):
    status, result = post(url, "/api/explain", {"spec": HOUSE})
    assert status == 200 and result["parent"] == "podkidnoy"
    assert result["text"].startswith("house: House")
    assert [d["key"] for d in result["differences"]] == ["attack.limit"]


def test_a_spec_with_errors_is_refused_with_its_diagnostics(url):
    for path in ("/api/explain", "/api/play"):
        body = {"spec": "name: x\n", "players": 2, "seat": 0, "seed": 1, "bots": [None, "random"]}
        status, result = post(url, path, body)
        assert status == 422 and result["error"]["code"] == "spec_errors", path
        assert result["diagnostics"][0]["file"] == "playground.yaml"


def test_play_step_and_a_refused_move(url):
    body = {"spec": HOUSE, "players": 2, "seat": 1, "seed": 5, "bots": ["greedy", None]}
    status, view = post(url, "/api/play", body)
    assert status == 200 and view["to_move"] == 1 and view["legal_actions"]
    status, after = post(url, "/api/play", body | {"history": view["history"],
                                                    "action": "attack 6S 6S"})
    assert status == 200 and after["refused"] and after["history"] == view["history"]


def _wait_job(url, job, timeout=120):
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        status, state, _ = request(url, "GET", f"/api/jobs/{job}")
        assert status == 200
        seen.append(state)
        if state["state"] != "running":
            return state, seen
        time.sleep(0.1)
    raise AssertionError("the job did not end")


def test_compare_runs_as_a_job_with_progress(url):
    status, started = post(url, "/api/compare", {"spec": HOUSE, "players": 2, "games": 300,
                                                 "bots": "greedy", "seed": 1})
    assert status == 202
    state, _ = _wait_job(url, started["job"])
    assert state["state"] == "done", state
    assert state["done"] == state["total"] == 2 * 300 + 200
    result = state["result"]
    assert result["names"] == ["podkidnoy", "house"]
    assert "paired differences, house minus podkidnoy" in result["table"]
    assert result["document"]["paired_differences"]["house"]["games"] > 0


def test_a_job_can_be_cancelled(server, url):
    app, _ = server
    lane = app.pool.lanes["compare"]
    kills = lane.kills
    status, started = post(url, "/api/compare", {"spec": HOUSE, "players": 2, "games": 5000,
                                                 "bots": "mcts", "seed": 1})
    assert status == 202
    time.sleep(0.5)
    status, _ = post(url, f"/api/jobs/{started['job']}/cancel", {})
    assert status == 200
    state, _ = _wait_job(url, started["job"], timeout=20)
    assert state["state"] == "cancelled" and lane.kills == kills + 1


def test_unknown_paths_jobs_and_methods_answer_json(url):
    assert request(url, "GET", "/nothing")[0] == 404
    assert request(url, "GET", "/api/jobs/nosuchjob")[0] == 404
    assert post(url, "/api/jobs/nosuchjob/cancel", {})[0] == 404
    assert post(url, "/api/nothing", {})[0] == 404
    status, body, _ = request(url, "PUT", "/api/check", body={})
    assert status == 501 and body["error"]["code"] == "http_error"
    status, body, _ = request(url, "GET", "/", headers={"Host": "evil.example:80"})
    assert status == 421 and body["error"]["code"] == "bad_host"


def test_the_readme_states_the_limits_the_server_has():
    from durakc.web.limits import Limits
    from tests.web.helpers import REPO
    from tests.web.test_timing import DEBOUNCE_MS

    readme = (REPO / "README.md").read_text(encoding="utf-8")
    limits = Limits()
    seconds = limits.time_limits
    for text in (f"| request body | {limits.max_body // 1024} KB",
                 f"{limits.max_spec:,} characters",
                 f"{limits.max_history:,} actions of at most {limits.max_action_text} characters",
                 f"{limits.max_games:,} games per variant; {limits.max_witness_games} joint",
                 f"check and explain {seconds['check']:g} s",
                 f"a game step {seconds['play']:g} s (bots think at most {limits.bot_budget:g} s",
                 f"a comparison {seconds['compare']:g} s",
                 f"| {limits.workers} per lane",
                 f"{limits.queue} per lane, each for at most {limits.queue_wait:g} s",
                 f"{limits.max_memory // 1024 ** 3} GiB",
                 (f"{limits.max_connections} at once; each request must arrive within "
                  f"{limits.request_deadline:g} s"),
                 f"a connection silent for {limits.socket_timeout:g} s is closed",
                 f"the first {limits.max_diagnostics} of a spec are sent",
                 f"each worker keeps the {limits.max_engines} engines it used last",
                 (f"{limits.max_jobs} kept; a finished one's result for {limits.job_ttl / 60:g} "
                 "minutes"),
                 f"({DEBOUNCE_MS} ms after the last key)"):
        assert text in readme, text
    assert seconds["check"] == seconds["explain"]
