"""Long work (a comparison) as a job: started by one request, polled for progress by others.

`Jobs.start(work)` runs `work(progress, cancel)` in a thread and returns the job's id at
once; `get(id)` says how far it is (`done`/`total`, a stage) and, once it ended, its result
or its error.  At most `max_jobs` are kept: a finished job is dropped after `ttl` seconds or
when room is needed, a running one never (the lane's admission bounds how many run).
"""

from __future__ import annotations

import secrets
import sys
import threading
import time
import traceback

from durakc.web.errors import ApiError, busy


class _Job:
    def __init__(self):
        self.state = "running"
        self.done = 0
        self.total = 0
        self.stage = "starting"
        self.result = None
        self.error: dict | None = None
        self.started = time.monotonic()
        self.ended: float | None = None
        self.cancel = threading.Event()

    def as_json(self, job_id: str) -> dict:
        out = {"job": job_id, "state": self.state, "done": self.done, "total": self.total,
               "stage": self.stage,
               "elapsed": round((self.ended or time.monotonic()) - self.started, 2)}
        if self.state == "done":
            out["result"] = self.result
        elif self.state in ("failed", "cancelled"):
            out["error"] = self.error
        return out


class Jobs:
    """The jobs of one server."""

    def __init__(self, max_jobs: int, ttl: float):
        self.max_jobs = max_jobs
        self.ttl = ttl
        self._jobs: dict[str, _Job] = {}
        self._lock = threading.Lock()

    def _prune(self) -> None:
        now = time.monotonic()
        for job_id, job in list(self._jobs.items()):
            if job.ended is not None and now - job.ended > self.ttl:
                del self._jobs[job_id]
        finished = sorted((j.ended, k) for k, j in self._jobs.items() if j.ended is not None)
        while len(self._jobs) >= self.max_jobs and finished:
            del self._jobs[finished.pop(0)[1]]

    def start(self, work) -> str:
        """Run `work(progress, cancel)` in a thread; the job's id.  `busy` when full."""
        with self._lock:
            self._prune()
            if len(self._jobs) >= self.max_jobs:
                raise busy(f"{self.max_jobs} comparisons are running: try again later")
            job_id = secrets.token_urlsafe(12)
            job = self._jobs[job_id] = _Job()

        def progress(done, total, stage):
            job.done, job.total, job.stage = done, total, stage

        def body():
            try:
                result = work(progress, job.cancel)
            except ApiError as exc:
                job.error, job.state = exc.body(), (
                    "cancelled" if exc.code == "cancelled" else "failed")
            except Exception as exc:  # noqa: BLE001 - a job's bug is its error, not the server's
                traceback.print_exc(file=sys.stderr)
                job.error = {"error": {"code": "failed",
                                       "message": f"internal error ({type(exc).__name__})"}}
                job.state = "failed"
            else:
                job.result, job.state = result, "done"
            job.ended = time.monotonic()

        threading.Thread(target=body, daemon=True, name=f"job-{job_id}").start()
        return job_id

    def get(self, job_id: str) -> dict | None:
        """The job's state as JSON, or None when there is no such job."""
        with self._lock:
            job = self._jobs.get(job_id)
        return None if job is None else job.as_json(job_id)

    def cancel(self, job_id: str) -> bool:
        """Ask a job to stop (its worker is killed); False when there is no such job."""
        with self._lock:
            job = self._jobs.get(job_id)
        if job is None:
            return False
        job.cancel.set()
        return True
