"""Untrusted input: a burst of malformed, oversized and hostile requests, each answered with a
clear JSON error (never a traceback or an HTML page), and then a normal request still works."""

from __future__ import annotations

import json
import socket
import threading
from urllib.parse import urlparse

from tests.web.helpers import post, request, spec_text

GOOD = "name: house\ntitle: House\nextends: podkidnoy\nrules:\n  attack:\n    limit: 5\n"
PLAY = {"spec": GOOD, "players": 2, "seat": 0, "seed": 1, "bots": [None, "greedy"]}


def _raw(url: str, data: bytes, half_close: bool = True, timeout: float = 15) -> bytes:
    """Send raw bytes on a fresh connection; everything the server answers."""
    where = urlparse(url)
    with socket.create_connection((where.hostname, where.port), timeout=timeout) as sock:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        chunks = []
        while True:
            try:
                chunk = sock.recv(65536)
            except ConnectionResetError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    return b"".join(chunks)


def _json_error(answer: bytes) -> tuple[int, dict]:
    head, _, body = answer.partition(b"\r\n\r\n")
    status = int(head.split(b" ", 2)[1])
    assert b"Content-Type: application/json" in head, head
    parsed = json.loads(body.decode("utf-8"))
    assert set(parsed["error"]) >= {"code", "message"} and parsed["error"]["message"]
    assert "Traceback" not in body.decode("utf-8")
    return status, parsed


RAW = {
    "not http": b"GARBAGE\r\n\r\n",
    "binary junk": bytes(range(256)) + b"\r\n\r\n",
    "overlong request line": b"GET /" + b"a" * 70000 + b" HTTP/1.1\r\n\r\n",
    "too many headers": b"GET / HTTP/1.1\r\n" + b"".join(
        b"X-%d: y\r\n" % k for k in range(150)) + b"\r\n",
    "no content length": b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\n\r\n{}",
    "chunked body": b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked"
                    b"\r\nContent-Type: application/json\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
    "length not a number": b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: x"
                           b"\r\nContent-Type: application/json\r\n\r\n",
    "negative length": b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: -5"
                       b"\r\nContent-Type: application/json\r\n\r\n",
    "huge length, no body": b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                            b"Content-Length: 1000000000000\r\n"
                            b"Content-Type: application/json\r\n\r\n",
    "body shorter than its length": b"POST /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                                    b"Content-Length: 500\r\n"
                                    b"Content-Type: application/json\r\n\r\n{\"spec\"",
    "unknown method": b"BREW /api/check HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    "path escape": b"GET /static/../server.py HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
    "other host": b"GET /api/meta HTTP/1.1\r\nHost: attacker.example\r\n\r\n",
}

BODIES = {
    "wrong content type": (b"{}", {"Content-Type": "text/plain"}, 415),
    "not json": (b"{spec: nope", {}, 400),
    "not utf-8": (b"\xff\xfe{}", {}, 400),
    "deep json": (b"[" * 100000 + b"]" * 100000, {}, 400),
    "json array": (b"[1, 2]", {}, 400),
    "oversized body": (b'{"spec": "' + b"a" * 400000 + b'"}', {}, 413),
}

FIELDS = [
    ("/api/check", {}, 400),
    ("/api/check", {"spec": 5}, 400),
    ("/api/check", {"spec": "   "}, 400),
    ("/api/check", {"spec": "a" * 70000}, 413),
    ("/api/play", PLAY | {"players": "2"}, 400),
    ("/api/play", PLAY | {"players": 0}, 400),
    ("/api/play", PLAY | {"seat": 7}, 400),
    ("/api/play", PLAY | {"seed": -1}, 400),
    ("/api/play", PLAY | {"seed": 2 ** 80}, 400),
    ("/api/play", PLAY | {"bots": [None, "eval('1')"]}, 400),
    ("/api/play", PLAY | {"bots": [None]}, 400),
    ("/api/play", PLAY | {"history": [1, 2]}, 400),
    ("/api/play", PLAY | {"history": ["x" * 500]}, 400),
    ("/api/play", PLAY | {"history": ["pass"] * 6000}, 413),
    ("/api/play", PLAY | {"history": ["beat 6S 7S", "take"]}, 400),
    ("/api/play", PLAY | {"action": "y" * 1000}, 400),
    ("/api/play", PLAY | {"players": 9, "bots": [None] + ["random"] * 8}, 400),
    ("/api/compare", {"spec": GOOD, "players": 2, "games": 10 ** 9}, 400),
    ("/api/compare", {"spec": GOOD, "players": 2, "games": 10, "bots": 3}, 400),
    ("/api/compare", {"spec": GOOD, "players": 2, "games": 10, "against": "../../etc"}, 400),
]

HOSTILE_SPECS = [
    "name: x\ntitle: X\nrules:\n  attack:\n    limit: \"" + "(" * 3000 + "1" + ")" * 3000 + "\"\n",
    "name: x\ntitle: X\nrules: " + "{a: " * 3000 + "1" + "}" * 3000 + "\n",
    "a: &a [1, 2]\nb: &b [*a, *a, *a]\nc: [*b, *b, *b]\n",
    "name: x\ntitle: X\nrules:\n  attack:\n    limit: \"__import__('os').system('true')\"\n",
    "name: x\ntitle: X\nextends: ../../../../etc/passwd\n",
    "\x00\x01\x02 binary",
    "- just\n- a list\n",
]


def test_a_burst_of_bad_requests_then_a_normal_one(server, url):
    app, _ = server
    for name, data in RAW.items():
        status, _ = _json_error(_raw(url, data))
        assert 400 <= status < 600, name
    for name, (data, headers, expected) in BODIES.items():
        status, body, _ = request(url, "POST", "/api/check", raw=data, headers=headers)
        assert status == expected and body["error"]["message"], name
    for path, body, expected in FIELDS:
        status, answer = post(url, path, body)
        if expected is None:         # a job that fails: the error comes with the job
            assert status == 202
            continue
        assert status == expected and answer["error"]["message"], (path, body, answer)
    for text in HOSTILE_SPECS:
        status, answer = post(url, "/api/check", {"spec": text})
        assert status == 200 and not answer["ok"] and answer["diagnostics"], text[:40]
    _normal_request_works(url)
    assert app.pool.wait_ready(60), "every lane has its workers again"


def test_a_flood_of_parallel_requests_is_bounded_and_answered(server, url):
    """More requests at once than workers and queue hold: the rest are refused (503), every
    answer is JSON, and the server serves normally afterwards."""
    statuses = []

    def one():
        status, body = post(url, "/api/play", PLAY | {"bots": ["mcts", None], "seat": 1})
        assert "error" in body or "hand" in body
        statuses.append(status)

    threads = [threading.Thread(target=one) for _ in range(24)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(statuses) == 24
    assert set(statuses) <= {200, 503}
    assert 503 in statuses and 200 in statuses
    _normal_request_works(url)


def _normal_request_works(url):
    status, result = post(url, "/api/check", {"spec": GOOD.replace("limit: 5", "limit: five")})
    assert status == 200 and result["diagnostics"][0]["line"] == 6
    status, result = post(url, "/api/check", {"spec": spec_text("kyiv")})
    assert status == 200 and result["ok"]
    status, view = post(url, "/api/play", PLAY)
    assert status == 200 and view["legal_actions"]
