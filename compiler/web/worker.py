"""The main loop of a worker process: receive a task, run it, send its result.

Messages from the server: ``(kind, request)``, or None to stop.  Messages to it:
``("ready", pid)`` once, then per task any number of ``("progress", done, total, stage)``
and one of ``("done", result)``, ``("problem", message, diagnostics)`` (a spec with errors),
``("bad", message)`` (a request that can not be played) or ``("failed", message)`` (a bug:
its traceback goes to this process's stderr, never to the browser).

A worker ignores Ctrl-C (the server stops it) and, on Linux, limits its address space
(`Limits.max_memory`), so a runaway task fails with MemoryError instead of taking the
machine; the server kills it at its time limit.
"""

from __future__ import annotations

import json
import os
import signal
import sys
import traceback
from pathlib import Path


def _limit_memory(limit: int) -> None:
    if not limit:
        return
    try:
        import resource
        _soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        if hard != resource.RLIM_INFINITY:
            limit = min(limit, hard)
        resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
    except (ImportError, ValueError, OSError):   # not Linux, or not allowed: no limit
        pass


def _warm_up(ctx) -> None:
    """Check one bundled spec, so the parsers are built before the first request."""
    from durakc.spec import bundled_names
    from durakc.web.tasks import check

    names = bundled_names()
    if not names:
        return
    try:
        from durakc.spec import load_spec
        text = load_spec(names[0]).path.read_text(encoding="utf-8")
        check({"spec": text}, ctx)
    except Exception as exc:  # noqa: BLE001 - a failed warm-up only slows the first check
        print(f"durakc serve: warm-up failed ({type(exc).__name__}: {exc})", file=sys.stderr)


def engine_folder(folder: str, pid: int) -> Path:
    """The engine cache of worker `pid` of a server whose spec folder is `folder`: its own,
    pruned to `Limits.max_engines` after each task, removed with the worker (`durakc.web.pool`)
    and with the server's folder."""
    return Path(folder) / "engines" / str(pid)


def main(argv: list[str]) -> None:
    """`python -m durakc.web.worker FD FOLDER LIMITS-JSON`: serve tasks on socket FD."""
    from multiprocessing.connection import Connection

    from durakc.web.limits import Limits

    fd, folder, limits = argv
    worker_main(Connection(int(fd)), folder, Limits(**json.loads(limits)))


def worker_main(conn, folder: str, limits) -> None:
    """Run tasks from `conn` until told to stop (or the server goes away)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _limit_memory(limits.max_memory)
    from durakc.loading.engines import CACHE_ENV
    from durakc.web.play import BadRequest
    from durakc.web.source import SpecProblem, prune_engines
    from durakc.web.tasks import TASKS, Context

    engines = engine_folder(folder, os.getpid())     # engines of this worker only, bounded
    os.environ[CACHE_ENV] = str(engines)

    def progress(done, total, stage):
        conn.send(("progress", done, total, stage))

    ctx = Context(Path(folder), limits, progress)
    _warm_up(ctx)
    conn.send(("ready", os.getpid()))
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        kind, request = message
        try:
            reply = ("done", TASKS[kind](request, ctx))
        except SpecProblem as exc:
            reply = ("problem", str(exc), exc.diagnostics)
        except BadRequest as exc:
            reply = ("bad", str(exc))
        except MemoryError:
            reply = ("failed", "the work ran out of memory")
        except Exception as exc:  # noqa: BLE001 - any bug is reported, the worker goes on
            traceback.print_exc(file=sys.stderr)
            reply = ("failed", f"internal error ({type(exc).__name__}; logged by the server)")
        if kind in ("play", "compare"):
            prune_engines(engines, limits.max_engines)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


if __name__ == "__main__":
    main(sys.argv[1:])
