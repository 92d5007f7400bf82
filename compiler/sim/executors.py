"""Where the chunks of a run are played: this process, a process pool, or a Dask cluster.

`run_tasks(func, tasks, ...)` returns `[func(t) for t in tasks]`, in task order, whichever
executor ran them; `on_done(k)` is called as task `k` finishes (in any order), for progress.
`iter_tasks` yields the same results one by one, in task order, as they arrive: at most
`WINDOW` tasks a job are in flight and a result is dropped once yielded, so a caller that
merges as it goes (the simulator) holds memory flat in the number of tasks (issue 19, 6a).
The simulator merges them in task order, so every executor gives the same output.

On Dask a run that can not go on ends with `ClusterLost` within `timeout` seconds: when the
cluster has had no worker, or the client no scheduler, for that long (every worker killed,
the scheduler gone), or when a chunk's workers kept dying (dask's KilledWorker).  The CLI
reports it in one line with exit code `CLUSTER_LOST` (3).
"""

from __future__ import annotations

import itertools
import logging
import signal
import time
from concurrent.futures import FIRST_COMPLETED, CancelledError, ProcessPoolExecutor, wait
from contextlib import contextmanager, suppress

EXECUTORS = ("local", "dask")
DASK_MISSING = ("--executor dask needs dask.distributed, which is not installed: "
                "pip install 'durakc[dask]'")


DASK_TIMEOUT = 60.0
"""Seconds a Dask run waits with no worker or no scheduler before it gives up (--dask-timeout)."""

CLUSTER_LOST = 3
"""The exit code of a run its Dask cluster could not finish (README, compiler/sim/README.md)."""

_POLL = 0.5
"""Seconds between two looks at the cluster while waiting for chunks."""


class ExecutorUnavailable(RuntimeError):
    """The chosen executor can not run here (a missing package, an unreachable scheduler)."""


class ClusterLost(RuntimeError):
    """The Dask cluster stopped running the chunks: no worker or no scheduler for `timeout`
    seconds, or a chunk whose workers kept dying."""


def have_dask() -> bool:
    """Whether dask.distributed can be imported."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        return False
    return True


WINDOW = 4
"""Tasks in flight per job: enough to keep every worker busy, few to hold in memory."""


def run_tasks(func, tasks: list, executor: str = "local", jobs: int = 1,
              scheduler: str | None = None, on_done=None, timeout: float = DASK_TIMEOUT) -> list:
    """`func` applied to every task, results in task order.

    On Dask, `timeout` bounds how long the run waits while the cluster has no worker or the
    client no scheduler (`ClusterLost` then).
    """
    return list(iter_tasks(func, tasks, executor, jobs, scheduler, on_done, timeout))


def iter_tasks(func, tasks: list, executor: str = "local", jobs: int = 1,
               scheduler: str | None = None, on_done=None, timeout: float = DASK_TIMEOUT):
    """`func(task)` of every task, yielded in task order as soon as the results before it are
    in (`run_tasks`'s arguments); only a window of tasks runs or waits at a time."""
    if executor == "dask":
        return _in_order(_run_dask(func, tasks, jobs, scheduler, on_done, timeout))
    if executor != "local":
        raise ValueError(f"unknown executor {executor!r} (known: {', '.join(EXECUTORS)})")
    if jobs <= 1:
        return _serial(func, tasks, on_done)
    return _in_order(_run_pool(func, tasks, jobs, on_done))


def _serial(func, tasks: list, on_done):
    for k, task in enumerate(tasks):
        result = func(task)
        if on_done:
            on_done(k)
        yield result


def _in_order(finished):
    """The results of `finished`, (k, result) pairs in any order, in the order of k: those that
    arrive early wait (a window of them at most, since no more run at once)."""
    early: dict = {}
    want = 0
    for k, result in finished:
        early[k] = result
        while want in early:
            yield early.pop(want)
            want += 1


def _run_pool(func, tasks: list, jobs: int, on_done):
    """(k, result) as the tasks finish in a process pool, WINDOW * jobs of them submitted at once.

    A run that ends early (Ctrl-C, an error, a caller that stops reading) stops the pool at
    once: the waiting tasks are cancelled and the workers ended, where the pool's own exit
    would play every submitted task first (issue 29, 1a).
    """
    pool = ProcessPoolExecutor(max_workers=jobs, initializer=_leave_ctrl_c_to_the_parent)
    _POOLS.add(pool)
    try:
        queue = iter(enumerate(tasks))
        running = {}
        for k, task in itertools.islice(queue, WINDOW * jobs):
            running[pool.submit(func, task)] = k
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for fut in done:
                k = running.pop(fut)
                for k_next, task in itertools.islice(queue, 1):
                    running[pool.submit(func, task)] = k_next
                if on_done:
                    on_done(k)
                yield k, fut.result()
    except BaseException:
        _stop_pool(pool)
        raise
    finally:
        _POOLS.discard(pool)
    pool.shutdown()


_POOLS: set = set()
"""The process pools running now (`stop_pools`)."""


def stop_pools() -> None:
    """Stop every running pool at once (the CLI on Ctrl-C): a generator interrupted outside
    its own frame is closed only when collected, maybe after Python's exit hooks have met
    its pool still running (a traceback from concurrent.futures)."""
    for pool in list(_POOLS):
        _stop_pool(pool)
        _POOLS.discard(pool)


def _leave_ctrl_c_to_the_parent() -> None:
    """In a pool's worker: ignore SIGINT.  A terminal's Ctrl-C reaches every process of the
    group; the parent stops the pool (`_stop_pool`), and workers that raised
    KeyboardInterrupt themselves would each print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _stop_pool(pool: ProcessPoolExecutor) -> None:
    """Cancel the pool's waiting tasks and end its workers without waiting for their tasks.

    No public way before Python 3.14 (`terminate_workers`): the workers and the pool's
    manager thread are the executor's own attributes, read with a fallback.
    """
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with suppress(Exception):  # already gone: nothing to end
            process.terminate()
    for process in processes:
        with suppress(Exception):
            process.join(timeout=1)
    if manager is not None:  # it sees its workers gone and ends; joined, or Python's exit
        manager.join(timeout=2)  # hook writes to its closed pipe (a traceback)


def _run_dask(func, tasks: list, jobs: int, scheduler: str | None, on_done,
              timeout: float = DASK_TIMEOUT):
    """(k, result) as the tasks finish on a dask.distributed cluster (a local one without
    `scheduler`)."""
    try:
        from dask.distributed import Client, LocalCluster
    except ImportError as exc:
        raise ExecutorUnavailable(DASK_MISSING) from exc
    cluster = None
    with _quiet_distributed():
        try:
            if scheduler:
                client = Client(scheduler, timeout="10s")
            else:
                # one job: a worker thread here (the same speed, no process to start)
                cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1,
                                       processes=jobs > 1, dashboard_address=":0")
                client = Client(cluster)
        except (OSError, TimeoutError) as exc:
            raise ExecutorUnavailable(f"can not reach the dask scheduler {scheduler}: {exc}"
                                      ) from exc
        try:
            yield from _gather(client, func, tasks, on_done, timeout, scheduler or "local")
        except CancelledError:
            raise ClusterLost(f"the dask cluster ({scheduler or 'local'}) cancelled the run: "
                              "the connection to its scheduler was lost") from None
        finally:
            _close(client, cluster)


@contextmanager
def _quiet_distributed():
    """dask.distributed's own log records silenced (its tracebacks of a lost connection, some
    through tornado's callback errors): a cluster that stops is said once, by `ClusterLost`."""
    names = ["distributed", "tornado.application"] + [
        n for n in logging.root.manager.loggerDict if n.startswith("distributed.")]
    loggers = [logging.getLogger(n) for n in names]
    levels = [lg.level for lg in loggers]
    for lg in loggers:
        lg.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for lg, level in zip(loggers, levels):
            lg.setLevel(level)


def _gather(client, func, tasks: list, on_done, timeout: float, where: str):
    """(k, result) of every task as it finishes on the cluster, a window of them submitted at
    once (WINDOW per worker, at least WINDOW * 16), watching the cluster while they run:
    `ClusterLost` once it has had no worker, or the client no scheduler, for `timeout` seconds."""
    from dask.distributed import wait

    queue = iter(enumerate(tasks))
    try:
        workers = len(client.scheduler_info().get("workers", {}))
    except Exception:  # noqa: BLE001 - no answer now: the health checks below will say so
        workers = 0
    window = WINDOW * max(16, workers)
    index: dict = {}
    finished = 0

    def submit(count: int) -> None:
        for k, task in itertools.islice(queue, count):
            fut = client.submit(func, task, pure=False)
            index[fut.key] = k
            pending.add(fut)

    pending: set = set()
    submit(window)
    unhealthy_since = None
    while pending:
        try:
            done, pending = wait(pending, timeout=_POLL, return_when="FIRST_COMPLETED")
        except TimeoutError:
            done = set()
        for fut in done:
            _check(fut, where)
            k = index.pop(fut.key)
            finished += 1
            if on_done:
                on_done(k)
            yield k, fut.result()
            fut.release()  # the cluster may forget the result: it has been merged
        submit(len(done))
        problem = None if done else _health(client)
        if problem is None:
            unhealthy_since = None
        elif unhealthy_since is None:
            unhealthy_since = time.monotonic()
        elif time.monotonic() - unhealthy_since >= timeout:
            raise ClusterLost(f"the dask cluster ({where}) stopped: {problem} for {timeout:g} s "
                              f"({len(tasks) - finished} of {len(tasks)} chunks unfinished; "
                              "--dask-timeout sets how long to wait)")


def _check(fut, where: str) -> None:
    """ClusterLost for a chunk the cluster gave up on; a chunk's own error is raised as is."""
    if fut.status == "cancelled":
        raise CancelledError(fut.key)
    if fut.status == "error":
        exc = fut.exception()
        if type(exc).__name__ == "KilledWorker":
            raise ClusterLost(f"the dask cluster ({where}) stopped: the workers running a chunk "
                              f"kept dying ({exc})") from None
        fut.result()


def _health(client) -> str | None:
    """What keeps the cluster from running chunks now, or None when it has a worker."""
    if client.status != "running":
        return "no connection to the scheduler"
    try:
        workers = client.scheduler_info().get("workers", {})
    except Exception:  # noqa: BLE001 - any failure to ask means no answer from the scheduler
        return "no answer from the scheduler"
    return None if workers else "no worker"


def _close(client, cluster) -> None:
    """Close the client (and a local cluster) without waiting long for a scheduler that is gone."""
    with suppress(Exception):  # closing after a lost cluster may fail: nothing left to do
        client.close(timeout=5)
    if cluster is not None:
        with suppress(Exception):
            cluster.close()
