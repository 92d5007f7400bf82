"""The playground's API in one process, with no server: what the static playground's page
runs inside Pyodide (`durakc playground --static`; the README, "Static playground").

`handle(method, path, body)` answers the same requests as `durakc serve` with the same JSON
(`durakc.web.server`): the same validators, the same tasks, the same refusals.  What differs
is only how the work runs: here in the calling thread, one request at a time (a browser's Web
Worker has no processes and no threads), so a comparison is finished when `POST
/api/compare` answers and its job is already done when the page asks for it.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import tempfile
import time
from pathlib import Path

from durakc import __version__
from durakc.web.errors import ApiError, bad_request
from durakc.web.limits import Limits

_JOB_PATH = re.compile(r"^/api/jobs/([A-Za-z0-9_-]{1,40})(/cancel)?$")


def static_meta(limits: Limits | None = None) -> dict:
    """The answer to `GET /api/meta` here (and in the static site's meta.json, written when
    the folder is built so the page starts without Python)."""
    from durakc.loading.engines import bundled_names
    from durakc.web.play import available_bots
    from durakc.web.server import examples

    bots = available_bots()
    return {"version": __version__, "bots": bots,
            "default_bot": "greedy" if "greedy" in bots else bots[0],
            "examples": examples(), "variants": bundled_names(),
            "limits": (limits or Limits()).as_json(), "static": True}


class StandaloneApi:
    """The API's state: the spec folder, the engine cache, the finished comparisons."""

    def __init__(self, limits: Limits | None = None, folder: str | None = None):
        from durakc.loading.engines import CACHE_ENV

        self.limits = limits or Limits()
        self.folder = Path(folder or tempfile.mkdtemp(prefix="durakc-static-"))
        os.environ.setdefault(CACHE_ENV, str(self.folder / "engines"))
        self.meta = static_meta(self.limits)
        self.bots = self.meta["bots"]
        self.jobs: dict[str, dict] = {}
        self.chunks = None
        """The static site's wasm games for comparisons (`use_wasm`), or None."""

    def handle(self, method: str, path: str, body: str | None = None) -> tuple[int, dict]:
        """(HTTP status, JSON body) for one request, as `durakc serve` answers it."""
        try:
            return self._route(method, path.split("?", 1)[0].split("#", 1)[0], body)
        except ApiError as exc:
            return exc.status, exc.body()

    def _route(self, method: str, path: str, body: str | None) -> tuple[int, dict]:
        job = _JOB_PATH.match(path)
        if method == "GET":
            if path == "/api/meta":
                return 200, self.meta
            if job and not job.group(2):
                if job.group(1) not in self.jobs:
                    raise ApiError(404, "no_job", "no such job")
                return 200, self.jobs[job.group(1)]
            raise ApiError(404, "not_found", f"nothing at {path[:200]}")
        if job and job.group(2):
            if job.group(1) not in self.jobs:
                raise ApiError(404, "no_job", "no such job")
            return 200, {"job": job.group(1), "cancelling": True}   # it has already ended
        from durakc.web.validate import VALIDATORS

        kind = path.removeprefix("/api/")
        if not path.startswith("/api/") or kind not in VALIDATORS:
            raise ApiError(404, "not_found", f"nothing to post to at {path[:200]}")
        request = VALIDATORS[kind](_json_object(body, self.limits.max_body), self.limits,
                                   self.bots)
        started = time.perf_counter()
        if kind == "compare":
            return 202, {"job": self._compare(request, started)}
        result = self._run(kind, request)
        result["elapsed_ms"] = round((time.perf_counter() - started) * 1000, 2)
        return 200, result

    def _run(self, kind: str, request: dict, progress=None) -> dict:
        """A task run here, its refusals turned into the ApiError the server's lanes raise."""
        from durakc.web.play import BadRequest
        from durakc.web.source import SpecProblem
        from durakc.web.tasks import TASKS, Context

        try:
            return TASKS[kind](request, Context(self.folder, self.limits, progress,
                                               self.chunks))
        except SpecProblem as exc:
            raise ApiError(422, "spec_errors", str(exc), diagnostics=exc.diagnostics) from None
        except BadRequest as exc:
            raise bad_request(str(exc)) from None

    def _compare(self, request: dict, started: float) -> str:
        """Run a comparison to its end; the id of its (finished) job."""
        job_id = secrets.token_urlsafe(12)
        seen = {"done": 0, "total": 0, "stage": "starting"}

        def progress(done, total, stage):
            seen.update(done=done, total=total, stage=stage)

        job = {"job": job_id}
        if self.chunks is not None:
            self.chunks.used = False
        try:
            job.update(state="done", result=self._run("compare", request, progress))
            if self.chunks is not None:   # which engines played the games (the page says)
                job["result"]["engine"] = "wasm" if self.chunks.used else "python"
        except ApiError as exc:
            job.update(state="failed", error=exc.body())
        job.update(seen, elapsed=round(time.perf_counter() - started, 2))
        while len(self.jobs) >= max(1, self.limits.max_jobs):
            del self.jobs[next(iter(self.jobs))]
        self.jobs[job_id] = job
        return job_id


def _json_object(body: str | None, limit: int) -> dict:
    """The request's JSON object, refused as the server refuses it."""
    from durakc.web.validate import json_object

    if body is None or not body.strip():
        raise bad_request("the request has no JSON body")
    data = body.encode("utf-8", "surrogatepass")
    if len(data) > limit:
        raise ApiError(413, "too_large", f"the request body is {len(data)} bytes; the limit is "
                                         f"{limit}")
    return json_object(data)


_API: StandaloneApi | None = None


def use_wasm(play, index_json: str) -> None:
    """Play comparisons of bundled variants inside the site's wasm modules: `play` is the
    worker's playGames (static_site/wasmgames.js), `index_json` the text of wasm/index.json
    (`durakc.web.wasm_games`)."""
    global _API
    from durakc.web.wasm_games import chunks_from_index

    if _API is None:
        _API = StandaloneApi()
    _API.chunks = chunks_from_index(play, index_json)


def handle(method: str, path: str, body: str | None = None) -> str:
    """The page's entry point: one request in, `{"status", "body"}` as JSON text out (the
    API is made on the first call)."""
    global _API
    if _API is None:
        _API = StandaloneApi()
    status, answer = _API.handle(method, path, body)
    return json.dumps({"status": status, "body": answer})
