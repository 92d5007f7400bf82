"""A simulation's memory is flat in the number of games (issue 19, 6a): chunk results are
merged as they arrive, not kept until the end (1,000 games held 33 MB, a million 83 MB)."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from sim_support import ROOT

from durakc.sim import executors

MEASURE = """
import sys
from durakc.cli import main
code = main(sys.argv[1:])
# VmHWM, this process's peak: getrusage's ru_maxrss would also count the (pytest) process
# that forked it, which Linux carries over exec
status = open("/proc/self/status").read().split("VmHWM:")[1]
print(status.split()[0], file=sys.stderr)
sys.exit(code)
"""


def _max_rss_kb(*args: str) -> int:
    done = subprocess.run([sys.executable, "-c", MEASURE, *args], capture_output=True, text=True,
                          cwd=ROOT, env=dict(os.environ, PYTHONHASHSEED="0"), timeout=600)
    assert done.returncode == 0, done.stderr
    return int(done.stderr.strip().splitlines()[-1])


def test_max_rss_does_not_grow_with_the_games():
    from durakc.native.build import unavailable_reason
    if not os.path.exists("/proc/self/status"):
        pytest.skip("the peak memory is read from /proc/self/status (Linux)")
    if unavailable_reason():
        pytest.skip(unavailable_reason())
    run = ("simulate", "transfer", "--backend", "native", "--format", "stats")
    _max_rss_kb(*run, "--games", "10")  # builds the native engine once, outside the figures
    small = _max_rss_kb(*run, "--games", "10000")
    large = _max_rss_kb(*run, "--games", "200000")  # 800 chunks: +9 MB when they were all kept
    assert large <= small * 1.10, (small, large)


def test_results_come_in_task_order_while_the_tasks_run():
    """iter_tasks hands each result on before the next task runs (one job), and in task order
    from a pool whose tasks finish in any order."""
    ran = []

    def task(x):
        ran.append(x)
        return -x

    stream = executors.iter_tasks(task, [1, 2, 3])
    assert next(stream) == -1 and ran == [1]
    assert list(stream) == [-2, -3]
    assert list(executors._in_order(iter([(2, "c"), (0, "a"), (1, "b"), (3, "d")]))) == list("abcd")
    done = []
    assert executors.run_tasks(abs, list(range(-40, 0)), jobs=2, on_done=done.append) == \
        list(range(40, 0, -1))
    assert sorted(done) == list(range(40))
