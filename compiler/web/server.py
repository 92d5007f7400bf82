"""The playground's HTTP server: the page's static files and a JSON API, standard library only.

    GET  /                    the page (static/index.html); /static/... its scripts and style
    GET  /api/meta            version, bots, examples (every bundled spec), variants, limits
    POST /api/check           {"spec"}: the diagnostics of `durakc compile` (errors, warnings)
    POST /api/explain         {"spec"}: `durakc explain`'s text and what differs from the parent
    POST /api/play            one step of a game (`durakc.web.play`)
    POST /api/compare         start a comparison job: 202 {"job"}
    GET  /api/jobs/ID         a job's progress, then its result or error
    POST /api/jobs/ID/cancel  stop a job (its worker is killed)

Every answer is JSON (`durakc.web.errors.ApiError` for refusals), also for a malformed request
line, a missing or oversized body, bad JSON, an unknown path or method and any bug (logged on
stderr, never sent).  Spec-derived work runs in the bounded worker pool (`durakc.web.pool`).
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
import threading
import time
import traceback
from http.server import BaseHTTPRequestHandler
from pathlib import Path

from durakc import __version__
from durakc.web.connections import Server
from durakc.web.errors import ApiError, bad_request
from durakc.web.hosts import HostCheck
from durakc.web.jobs import Jobs
from durakc.web.limits import KIND_LANE, Limits
from durakc.web.pool import Pool
from durakc.web.source import problem_message
from durakc.web.validate import VALIDATORS, json_object

STATIC = Path(__file__).resolve().parent / "static"
_TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
          ".css": "text/css; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png",
          ".ico": "image/x-icon"}
_SECURITY = {"X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
             "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; "
                                        "frame-ancestors 'none'; base-uri 'none'"}
_JOB_PATH = re.compile(r"^/api/jobs/([A-Za-z0-9_-]{1,40})(/cancel)?$")
_DRAIN = 1024 * 1024          # bytes of an oversized body read (and dropped) before closing


def static_files() -> dict[str, tuple[bytes, str]]:
    """URL path -> (content, type) of every file under static/ (read once)."""
    files = {}
    for path in sorted(STATIC.rglob("*")):
        if path.is_file() and path.suffix in _TYPES:
            files["/static/" + path.relative_to(STATIC).as_posix()] = (
                path.read_bytes(), _TYPES[path.suffix])
    files["/"] = files["/static/index.html"]
    return files


def examples() -> list[dict]:
    """Every bundled spec as an example: name, title, parent, group and text.

    Taken from the same function `durakc list` uses; the group is the spec's own `group`
    when it has one, else its folder (``variants``, or e.g. ``house`` for variants/house/).
    """
    from durakc.spec import bundled_names, load_specs

    specs, _ = load_specs(bundled_names())
    found = []
    for spec in specs:
        try:
            text = spec.path.read_text(encoding="utf-8")
        except OSError:
            continue
        folder = spec.path.parent.name
        group = getattr(spec, "group", None) or ("variants" if folder == "variants" else folder)
        found.append({"name": spec.name, "title": spec.title, "group": str(group),
                      "extends": spec.chain[1][0] if len(spec.chain) > 1 else None,
                      "players": list(spec.players),
                      "text": text})
    return found


class _Gone(Exception):
    """The client stopped sending in the middle of a request: no answer, the connection closes."""


class Playground:
    """The app: worker pool, jobs, examples and the HTTP server."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8321, limits: Limits | None = None,
                 verbose: bool = False, allow_hosts=()):
        self.host, self.port = host, port
        self.host_ok = HostCheck(host, allow_hosts)
        self.limits = limits or Limits()
        self.verbose = verbose
        self.folder = None
        self.pool: Pool | None = None
        self.jobs = Jobs(self.limits.max_jobs, self.limits.job_ttl)
        self.httpd: Server | None = None
        self._thread = None

    # -- life cycle ----------------------------------------------------------------------------
    def start(self, wait: float = 120.0) -> str:
        """Bind, start the workers (waiting up to `wait` s for them) and return the URL.
        Raises OSError when the address can not be bound."""
        from durakc.loading.engines import bundled_names
        from durakc.web.play import available_bots

        self.httpd = Server((self.host, self.port), _handler(self), self.limits.max_connections,
                            self.limits.request_deadline)
        self.folder = tempfile.mkdtemp(prefix="durakc-serve-")
        self.bots = available_bots()
        self.meta = {"version": __version__, "bots": self.bots,
                     "default_bot": "greedy" if "greedy" in self.bots else self.bots[0],
                     "examples": examples(), "variants": bundled_names(),
                     "limits": self.limits.as_json()}
        self.static = static_files()
        self.pool = Pool(self.folder, self.limits)
        self.pool.start()
        self.pool.wait_ready(wait)
        host, port = self.httpd.server_address[:2]
        self.port = port
        shown = f"[{host}]" if ":" in host else host
        return f"http://{shown}:{port}/"

    def serve_forever(self) -> None:
        """Serve until `request_stop` (or a KeyboardInterrupt); returns within 0.2 s of it."""
        self.httpd.serve_forever(poll_interval=0.2)

    def request_stop(self, signum=None, frame=None) -> None:
        """Ask `serve_forever` to return; safe as a signal handler (it only sets a flag)."""
        self.httpd.stop_requested = True

    def start_thread(self) -> str:
        """`start`, then serve in a background thread (for tests); the URL."""
        url = self.start()
        self._thread = threading.Thread(target=self.serve_forever, daemon=True)
        self._thread.start()
        return url

    def close(self) -> None:
        """Stop serving, stop every worker, remove the spec folder."""
        if self.httpd is not None:
            if self._thread is not None:
                self.httpd.shutdown()
            self.httpd.server_close()
        if self.pool is not None:
            self.pool.close()
        if self.folder:
            shutil.rmtree(self.folder, ignore_errors=True)

    # -- the API ---------------------------------------------------------------------------
    def run(self, kind: str, body: dict) -> dict:
        """Validate a request of `kind` and run it on its lane; its result (or ApiError)."""
        request = VALIDATORS[kind](body, self.limits, self.bots)
        return self.pool.lanes[KIND_LANE[kind]].run(kind, request)

    def start_compare(self, body: dict) -> str:
        """Validate a comparison (its spec checked, the other variant and the player count
        known good for both) and start it as a job; the job's id."""
        request = VALIDATORS["compare"](body, self.limits, self.bots)
        try:
            checked = self.run("check", {"spec": request["spec"]})
        except ApiError as exc:
            if exc.status not in (503, 504):
                raise
            checked = {"ok": True, "parent": None, "name": None}   # the job checks it then
        if not checked["ok"]:
            count = checked["more"] + sum(d["severity"] == "error"
                                          for d in checked["diagnostics"])
            raise ApiError(422, "spec_errors", problem_message(count),
                           diagnostics=checked["diagnostics"])
        other = request["against"] or checked["parent"] or "transfer"
        if other not in self.meta["variants"]:
            raise bad_request(f"'against': unknown variant {other!r} to compare with (the "
                              "bundled variants are listed by /api/meta)")
        ranges = {e["name"]: e["players"] for e in self.meta["examples"] if e["name"] == other}
        if checked["name"] is not None:
            ranges[checked["name"]] = checked["players"]
        for name, (lo, hi) in ranges.items():
            if not lo <= request["players"] <= hi:
                raise bad_request(f"'players': {name} is for {lo}-{hi} players, not "
                                  f"{request['players']}")
        lane = self.pool.lanes[KIND_LANE["compare"]]
        lane.admit()
        try:
            return self.jobs.start(lambda progress, cancel: lane.run(
                "compare", request, progress, cancel, admitted=True))
        except ApiError:
            lane.leave()
            raise


def _handler(app: Playground):
    """The request handler class of `app`."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "durakc-serve"
        sys_version = ""
        timeout = app.limits.socket_timeout

        def log_message(self, format, *args):
            if app.verbose:
                super().log_message(format, *args)

        def parse_request(self):
            """The base class's parsing, refusing HTTP/0.9 (whose answers have no headers)."""
            if not super().parse_request():
                return False
            if self.request_version == "HTTP/0.9":
                self.send_error(400, "HTTP/0.9 requests are not supported")
                return False
            return True

        def send_error(self, code, message=None, explain=None):
            """Every error of the base class (bad request line, unknown method...) as JSON,
            with a status line and headers even when the request line was unreadable."""
            if self.request_version == "HTTP/0.9":
                self.request_version = "HTTP/1.0"
            text = message or self.responses.get(code, ("error",))[0]
            self.close_connection = True
            if app.httpd.was_cut(self.connection):      # closed for being too slow
                return
            try:
                self._send_json(code, {"error": {"code": "http_error", "message": text}})
            except OSError:
                pass

        def _send(self, status: int, data: bytes, kind: str, cache: str = "no-store"):
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", cache)
            for name, value in _SECURITY.items():
                self.send_header(name, value)
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

        def _send_json(self, status: int, body: dict):
            try:
                data = json.dumps(body, ensure_ascii=False).encode("utf-8")
            except UnicodeEncodeError:     # never expected (requests with surrogates are refused)
                data = json.dumps(body).encode("ascii")
            self._send(status, data, "application/json; charset=utf-8")

        def _guarded(self, route):
            drain = 0
            try:
                if app.httpd.was_cut(self.connection):  # closed for being too slow
                    raise _Gone
                if self.command != "POST":        # a POST is read once its body is
                    app.httpd.request_read(self.connection)
                if not app.host_ok(self.headers.get("Host")):
                    raise ApiError(421, "bad_host", "this server only answers requests for "
                                                    "its own address (start it with "
                                                    "--allow-host NAME for another name)")
                status, body = route()
            except _Gone:
                self.close_connection = True
                return
            except ApiError as exc:
                status, body = exc.status, exc.body()
                drain = getattr(exc, "drain", 0)
            except Exception:  # noqa: BLE001 - a bug answers 500, the server keeps serving
                traceback.print_exc(file=sys.stderr)
                status, body = 500, {"error": {"code": "internal",
                                               "message": "internal error (logged by the server)"}}
            if body is not None:
                self._send_json(status, body)
            if drain:
                self._drop(drain)

        # -- GET ---------------------------------------------------------------------------
        def do_GET(self):
            self._guarded(self._get)

        def do_HEAD(self):
            self._guarded(self._get)

        def _get(self):
            path = self.path.split("?", 1)[0].split("#", 1)[0]
            if path in app.static:
                data, kind = app.static[path]
                self._send(200, data, kind, cache="no-cache")
                return 200, None
            if path == "/api/meta":
                return 200, app.meta
            match = _JOB_PATH.match(path)
            if match and not match.group(2):
                job = app.jobs.get(match.group(1))
                if job is None:
                    raise ApiError(404, "no_job", "no such job (finished jobs are kept "
                                                  f"{app.limits.job_ttl:g} s)")
                return 200, job
            raise ApiError(404, "not_found", f"nothing at {path[:200]}")

        # -- POST --------------------------------------------------------------------------
        def do_POST(self):
            self._guarded(self._post)

        def _post(self):
            started = time.perf_counter()
            path = self.path.split("?", 1)[0]
            match = _JOB_PATH.match(path)
            if match and match.group(2):
                if not app.jobs.cancel(match.group(1)):
                    raise ApiError(404, "no_job", "no such job")
                return 200, {"job": match.group(1), "cancelling": True}
            kind = path.removeprefix("/api/")
            if not path.startswith("/api/") or kind not in VALIDATORS:
                raise ApiError(404, "not_found", f"nothing to post to at {path[:200]}")
            body = self._body()
            if kind == "compare":
                return 202, {"job": app.start_compare(body)}
            result = app.run(kind, body)
            result["elapsed_ms"] = round((time.perf_counter() - started) * 1000, 2)
            return 200, result

        def _body(self) -> dict:
            """The request's JSON object, or ApiError (411, 413, 415, 400)."""
            if self.headers.get("Transfer-Encoding"):
                raise ApiError(411, "length_required", "send the body with a Content-Length")
            length = self.headers.get("Content-Length")
            if length is None:
                raise ApiError(411, "length_required", "a POST needs a Content-Length")
            try:
                size = int(length)
            except ValueError:
                raise bad_request("Content-Length is not a number") from None
            if size < 0:
                raise bad_request("Content-Length is negative")
            if size > app.limits.max_body:
                error = ApiError(413, "too_large", f"the request body is {size} bytes; the "
                                                   f"limit is {app.limits.max_body}")
                error.drain = size
                raise error
            kind = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
            try:
                data = self.rfile.read(size)
            except OSError:            # the client went silent (timeout) or away
                raise _Gone from None
            if app.httpd.was_cut(self.connection):
                raise _Gone
            app.httpd.request_read(self.connection)
            if kind != "application/json":
                raise ApiError(415, "unsupported_type", "send the body as application/json")
            if len(data) < size:
                raise bad_request("the body ended before its Content-Length")
            return json_object(data)

        def _drop(self, size: int) -> None:
            """After the 413: read (and drop) up to _DRAIN bytes of the oversized body for at
            most a second, so the client can read the answer instead of a reset connection;
            the connection then closes."""
            self.close_connection = True
            left = min(size, _DRAIN)
            try:
                self.connection.settimeout(1.0)
                while left > 0:
                    chunk = self.rfile.read1(min(left, 65536))
                    if not chunk:
                        break
                    left -= len(chunk)
            except OSError:
                pass

    return Handler

