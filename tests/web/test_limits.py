"""No request can make the server run a spec longer than its time limit: the worker process
running it is killed (SIGKILL) at the limit, the request gets a JSON 504, a fresh worker
takes its place, and the server goes on serving."""

from __future__ import annotations

import os
import time

import pytest

from tests.web.helpers import post, request, spec_text, start_app

LIMIT = 0.005          # seconds: less than any compile of the jokers spec takes
COMPARE_LIMIT = 1.5


@pytest.fixture(scope="module")
def tight(tmp_path_factory):
    before = os.environ.get("DURAKC_CACHE")
    os.environ["DURAKC_CACHE"] = str(tmp_path_factory.mktemp("cache"))
    app, url = start_app(time_limits={"check": LIMIT, "explain": LIMIT, "play": LIMIT,
                                      "compare": COMPARE_LIMIT})
    yield app, url
    app.close()
    if before is None:
        os.environ.pop("DURAKC_CACHE", None)
    else:
        os.environ["DURAKC_CACHE"] = before


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def _wait_ready(lane, timeout=60):
    deadline = time.monotonic() + timeout
    while lane.ready_workers() < lane.limits.workers:
        assert time.monotonic() < deadline, "no replacement worker started"
        time.sleep(0.05)


@pytest.mark.parametrize("kind, lane_name", [("check", "edit"), ("explain", "edit"),
                                             ("play", "play")])
def test_work_over_its_time_limit_is_killed(tight, kind, lane_name):
    app, url = tight
    lane = app.pool.lanes[lane_name]
    _wait_ready(lane)
    [pid] = lane.pids()
    kills = lane.kills
    # a fresh text each time: nothing is cached, the whole compile must run
    text = spec_text("jokers").replace("title: Durak", f"title: {kind} {time.time()} Durak")
    body = {"spec": text, "players": 2, "seat": 0, "seed": 1, "bots": [None, "greedy"]}
    started = time.perf_counter()
    status, answer = post(url, f"/api/{kind}", body)
    took = time.perf_counter() - started
    assert status == 504 and answer["error"]["code"] == "time_limit", answer
    assert f"time limit of {LIMIT:g} s" in answer["error"]["message"]
    assert took < LIMIT + 1.0
    assert lane.kills == kills + 1
    assert _gone(pid), "the worker that ran over its limit must be dead when the answer comes"
    _wait_ready(lane)
    assert lane.pids() != [pid]


def test_a_comparison_over_its_time_limit_is_killed(tight):
    app, url = tight
    lane = app.pool.lanes["compare"]
    _wait_ready(lane)
    [pid] = lane.pids()
    status, started = post(url, "/api/compare", {"spec": spec_text("kyiv"), "players": 3,
                                                 "games": 5000, "bots": "mcts", "seed": 1})
    assert status == 202
    begun = time.perf_counter()
    while True:
        status, state, _ = request(url, "GET", f"/api/jobs/{started['job']}")
        if state["state"] != "running":
            break
        assert time.perf_counter() - begun < COMPARE_LIMIT + 5
        time.sleep(0.05)
    took = time.perf_counter() - begun
    assert state["state"] == "failed" and state["error"]["error"]["code"] == "time_limit"
    assert COMPARE_LIMIT <= state["elapsed"] < COMPARE_LIMIT + 1.0
    assert took < COMPARE_LIMIT + 1.5
    assert _gone(pid)


def test_after_the_kills_the_server_serves_normally(tight):
    app, url = tight
    app.limits.time_limits.update({"check": 10.0, "explain": 10.0, "play": 20.0,
                                   "compare": 60.0})
    for lane in app.pool.lanes.values():
        _wait_ready(lane)
    status, result = post(url, "/api/check", {"spec": spec_text("jokers")})
    assert status == 200 and result["ok"]
    status, view = post(url, "/api/play", {"spec": spec_text("jokers"), "players": 2, "seat": 0,
                                           "seed": 1, "bots": [None, "greedy"]})
    assert status == 200 and view["hand"]


def test_a_recycled_worker_serves_until_its_replacement_is_ready():
    """After `recycle_after` tasks a worker is replaced, but the lane is never empty: no
    request waits for a new interpreter to start."""
    app, url = start_app(recycle_after=3)
    try:
        lane = app.pool.lanes["edit"]
        seen, slowest = set(), 0.0
        for k in range(12):
            seen.update(lane.pids())
            started = time.perf_counter()
            status, result = post(url, "/api/check", {"spec": spec_text("kyiv") + f"# {k}\n"})
            slowest = max(slowest, time.perf_counter() - started)
            assert status == 200 and result["ok"]
            assert lane.ready_workers() >= 1
            time.sleep(0.25)
        assert len(seen) >= 2, seen           # replaced at least once (more when spawns are quick)
        assert slowest < 1.0                  # starting an interpreter takes longer than that
        assert app.pool.wait_ready(30)
        time.sleep(3)                       # a retired worker stops in the background
        assert sum(not _gone(pid) for pid in seen) <= 2
    finally:
        app.close()
