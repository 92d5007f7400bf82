"""Where the chunks of a run are played: this process, a process pool, or a Dask cluster.

`run_tasks(func, tasks, ...)` returns `[func(t) for t in tasks]`, in task order, whichever
executor ran them; `on_done(k)` is called as task `k` finishes (in any order), for progress.
The simulator's results are merged from these in task order, so every executor gives the
same output.
"""

from __future__ import annotations

from concurrent.futures import ProcessPoolExecutor, as_completed

EXECUTORS = ("local", "dask")
DASK_MISSING = ("--executor dask needs dask.distributed, which is not installed: "
                "pip install 'durakc[dask]'")


class ExecutorUnavailable(RuntimeError):
    """The chosen executor can not run here (a missing package, an unreachable scheduler)."""


def have_dask() -> bool:
    """Whether dask.distributed can be imported."""
    try:
        import dask.distributed  # noqa: F401
    except ImportError:
        return False
    return True


def run_tasks(func, tasks: list, executor: str = "local", jobs: int = 1,
              scheduler: str | None = None, on_done=None) -> list:
    """`func` applied to every task, results in task order."""
    if executor == "dask":
        return _run_dask(func, tasks, jobs, scheduler, on_done)
    if executor != "local":
        raise ValueError(f"unknown executor {executor!r} (known: {', '.join(EXECUTORS)})")
    if jobs <= 1:
        results = []
        for k, task in enumerate(tasks):
            results.append(func(task))
            if on_done:
                on_done(k)
        return results
    results = [None] * len(tasks)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(func, t): k for k, t in enumerate(tasks)}
        for fut in as_completed(futures):
            k = futures[fut]
            results[k] = fut.result()
            if on_done:
                on_done(k)
    return results


def _run_dask(func, tasks: list, jobs: int, scheduler: str | None, on_done) -> list:
    """Submit every task to a dask.distributed cluster (a local one without `scheduler`)."""
    try:
        from dask.distributed import Client, LocalCluster
        from dask.distributed import as_completed as dask_completed
    except ImportError as exc:
        raise ExecutorUnavailable(DASK_MISSING) from exc
    cluster = None
    try:
        if scheduler:
            client = Client(scheduler, timeout="10s")
        else:
            # one job: a worker thread here (the same speed, no process to start)
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1,
                                   processes=jobs > 1, dashboard_address=":0")
            client = Client(cluster)
    except (OSError, TimeoutError) as exc:
        raise ExecutorUnavailable(f"can not reach the dask scheduler {scheduler}: {exc}") from exc
    try:
        futures = [client.submit(func, t, pure=False) for t in tasks]
        index = {f.key: k for k, f in enumerate(futures)}
        for fut in dask_completed(futures):
            if on_done:
                on_done(index[fut.key])
        return client.gather(futures)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
