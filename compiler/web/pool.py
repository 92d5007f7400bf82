"""A bounded pool of worker processes per lane, each task killed at its time limit.

Threads can not be stopped, processes can: every piece of spec-derived work runs in a
worker process (`durakc.web.worker`).  A lane has `workers` processes and admits at most
`workers + queue` requests at once; one more is refused at once (`busy`, 503).  A task that
outlives its time limit (or is cancelled) has its process killed (SIGKILL) and replaced by
a fresh one, so the lane is whole again for the next request; a worker that dies is
replaced too.  Workers are fresh interpreters (no fork of a threaded server) and are only
handed work once they said they are ready, so a replacement's start-up never counts against
anyone's time limit.  POSIX only (socket pairs passed to the child; Linux, macOS).
"""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
import threading
import time
from dataclasses import asdict
from multiprocessing.connection import Connection

from durakc.web.errors import ApiError, bad_request, busy
from durakc.web.limits import Limits
from durakc.web.worker import engine_folder

_READY_TIMEOUT = 120.0     # seconds a new worker may take to import durakc


class _Worker:
    """One worker process (`python -m durakc.web.worker`) and the server's end of its socket.

    A fresh interpreter, not a fork of the threaded server nor multiprocessing's "spawn"
    (which runs the parent's main script again in the child): it imports only durakc.  It
    runs in a session of its own, so a Ctrl-C in the terminal reaches the server alone, which
    stops its workers; if the server dies, a worker reads the end of its socket and exits.
    """

    def __init__(self, folder: str, limits: Limits):
        mine, theirs = socket.socketpair()
        command = [sys.executable, "-m", "durakc.web.worker", str(theirs.fileno()), folder,
                   json.dumps(asdict(limits))]
        try:
            self.process = subprocess.Popen(command, pass_fds=(theirs.fileno(),),
                                            stdin=subprocess.DEVNULL,
                                            stdout=subprocess.DEVNULL, start_new_session=True)
        finally:
            theirs.close()
        self.conn = Connection(mine.detach())
        self.folder = folder
        self.tasks = 0
        self.replaced = False
        self.pid = self.process.pid

    def wait_ready(self) -> bool:
        """True once the worker said it is ready (False: it died or took too long)."""
        try:
            if self.conn.poll(_READY_TIMEOUT):
                return self.conn.recv()[0] == "ready"
        except (EOFError, OSError):
            pass
        return False

    def kill(self) -> None:
        """Stop the process now (SIGKILL) and reap it; remove its engines."""
        try:
            self.process.kill()
            self.process.wait(5)
        except (OSError, subprocess.TimeoutExpired):
            pass
        self.conn.close()
        shutil.rmtree(engine_folder(self.folder, self.pid), ignore_errors=True)

    def stop(self) -> None:
        """Ask the process to end, then make sure it did."""
        try:
            self.conn.send(None)
            self.process.wait(2)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
        if self.process.poll() is None:
            self.kill()
        else:
            self.conn.close()
            shutil.rmtree(engine_folder(self.folder, self.pid), ignore_errors=True)


class Lane:
    """Worker processes for one lane of work (edit, play or compare)."""

    def __init__(self, name: str, folder: str, limits: Limits):
        self.name = name
        self.folder = folder
        self.limits = limits
        self._lock = threading.Condition()
        self._idle: list[_Worker] = []
        self._all: set[_Worker] = set()
        self._admitted = 0
        self._closed = False
        self.kills = 0
        """Workers killed at a time limit or a cancel (for tests and the log)."""

    # -- workers ----------------------------------------------------------------------------
    def start(self) -> None:
        """Start the lane's workers (each becomes usable when ready)."""
        for _ in range(self.limits.workers):
            self._spawn()

    def _spawn(self, replacing: _Worker | None = None) -> None:
        """Start one worker in the background; it joins the idle list when ready, and then
        `replacing` (a worker being recycled, still serving meanwhile) leaves the lane."""
        def bring_up():
            for _attempt in range(3):
                if self._closed:
                    return
                worker = _Worker(self.folder, self.limits)
                if worker.wait_ready():
                    with self._lock:
                        if self._closed:
                            break
                        self._all.add(worker)
                        self._idle.append(worker)
                        retired = self._retire(replacing)
                        self._lock.notify()
                    if retired is not None:
                        retired.stop()
                    return
                worker.kill()
                print(f"durakc serve: a {self.name} worker did not start", file=sys.stderr)
                time.sleep(1)
            if self._closed:
                worker.kill()
        threading.Thread(target=bring_up, daemon=True, name=f"spawn-{self.name}").start()

    def _retire(self, worker: _Worker | None) -> _Worker | None:
        """(Lock held.) Mark a recycled worker replaced; it, when idle, to stop now."""
        if worker is None:
            return None
        worker.replaced = True
        if worker in self._idle:
            self._idle.remove(worker)
            self._all.discard(worker)
            return worker
        return None            # busy: it is stopped when it gives its task back

    def _replace(self, worker: _Worker, kill: bool) -> None:
        """Take `worker` out of the lane and start another.  A kill is done before this
        returns (SIGKILL, then the process is reaped); a polite stop in the background."""
        with self._lock:
            self._all.discard(worker)
        if kill:
            worker.kill()
        else:
            threading.Thread(target=worker.stop, daemon=True).start()
        self._spawn()

    def ready_workers(self) -> int:
        """Workers alive and started (idle or busy)."""
        with self._lock:
            return len(self._all)

    def pids(self) -> list[int]:
        """Process ids of the lane's workers."""
        with self._lock:
            return sorted(w.pid for w in self._all)

    def close(self) -> None:
        """Stop every worker."""
        with self._lock:
            self._closed = True
            workers = list(self._all)
            self._all.clear()
            self._idle.clear()
            self._lock.notify_all()
        for worker in workers:
            worker.stop()

    # -- admission ----------------------------------------------------------------------------
    def admit(self) -> None:
        """Take a place in the lane, or `busy` (503) when workers and queue are all taken."""
        with self._lock:
            if self._closed:
                raise busy("the server is shutting down")
            if self._admitted >= self.limits.workers + self.limits.queue:
                raise busy(f"the {self.name} workers are all busy and {self.limits.queue} "
                           "requests are waiting: try again in a moment")
            self._admitted += 1

    def leave(self) -> None:
        """Give back the place `admit` took."""
        with self._lock:
            self._admitted -= 1

    def _take(self) -> _Worker:
        deadline = time.monotonic() + self.limits.queue_wait
        with self._lock:
            while not self._idle:
                left = deadline - time.monotonic()
                if self._closed or left <= 0:
                    raise busy(f"no {self.name} worker became free in "
                               f"{self.limits.queue_wait:g} s: try again")
                self._lock.wait(left)
            return self._idle.pop()

    def _give_back(self, worker: _Worker) -> None:
        """Back to the idle list after a task.  After `recycle_after` tasks (a worker keeps
        the engines it loaded) a replacement is started and the worker serves on until the
        replacement is ready, so the lane is never without a worker meanwhile."""
        worker.tasks += 1
        recycle = False
        with self._lock:
            if self._closed or worker.replaced:
                self._all.discard(worker)
                threading.Thread(target=worker.stop, daemon=True).start()
                return
            if worker.tasks == self.limits.recycle_after:
                recycle = True
            self._idle.append(worker)
            self._lock.notify()
        if recycle:
            self._spawn(replacing=worker)

    # -- running ------------------------------------------------------------------------------
    def run(self, kind: str, request: dict, on_progress=None, cancel=None,
            admitted: bool = False) -> dict:
        """Run one task on a worker; its result, or ApiError (busy, time limit, cancelled,
        a spec with errors, a bad request, a failure).  `admitted`: `admit` was called."""
        if not admitted:
            self.admit()
        try:
            worker = self._take()
            if cancel is not None and cancel.is_set():     # cancelled while it waited
                self._give_back(worker)
                raise ApiError(409, "cancelled", "cancelled")
            return self._run_on(worker, kind, request, on_progress, cancel)
        finally:
            self.leave()

    def _run_on(self, worker: _Worker, kind: str, request: dict, on_progress, cancel) -> dict:
        limit = self.limits.time_limit(kind)
        try:
            worker.conn.send((kind, request))
        except (OSError, ValueError):
            self._replace(worker, kill=True)
            raise ApiError(500, "worker_failed", "a worker process failed: try again") from None
        deadline = time.monotonic() + limit
        while True:
            if cancel is not None and cancel.is_set():
                self._kill(worker)
                raise ApiError(409, "cancelled", "cancelled")
            left = deadline - time.monotonic()
            if left <= 0:
                self._kill(worker)
                raise ApiError(504, "time_limit",
                               f"stopped at the time limit of {limit:g} s for {kind}: "
                               "the work was killed (fewer games or faster bots may fit)")
            try:
                if not worker.conn.poll(min(left, 0.1)):
                    continue
                message = worker.conn.recv()
            except (EOFError, OSError):
                self._replace(worker, kill=True)
                raise ApiError(500, "worker_failed",
                               "the worker process died (out of memory?); it was replaced"
                               ) from None
            if message[0] == "progress":
                if on_progress is not None:
                    on_progress(*message[1:])
                continue
            self._give_back(worker)
            return _outcome(message)

    def _kill(self, worker: _Worker) -> None:
        self.kills += 1
        self._replace(worker, kill=True)


def _outcome(message: tuple) -> dict:
    """The result of a finished task, or the ApiError it ended in."""
    tag = message[0]
    if tag == "done":
        return message[1]
    if tag == "problem":
        raise ApiError(422, "spec_errors", message[1], diagnostics=message[2])
    if tag == "bad":
        raise bad_request(message[1])
    raise ApiError(500, "failed", message[1])


class Pool:
    """One `Lane` per lane name (`durakc.web.limits.LANES`)."""

    def __init__(self, folder: str, limits: Limits, lanes=("edit", "play", "compare")):
        self.lanes = {name: Lane(name, folder, limits) for name in lanes}

    def start(self) -> None:
        for lane in self.lanes.values():
            lane.start()

    def wait_ready(self, timeout: float = 120.0) -> bool:
        """Wait until every lane has all its workers (True) or `timeout` passed (False)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if all(lane.ready_workers() >= lane.limits.workers for lane in self.lanes.values()):
                return True
            time.sleep(0.05)
        return False

    def close(self) -> None:
        for lane in self.lanes.values():
            lane.close()
