"""Issue 29, 1a: Ctrl-C stops every long command within about a second, exit 130.

The native loops (`play_games`, `bench_random`, the search bots) used to run to their end
with the GIL released, so SIGINT waited for them (29 s for `bench`, 52 s for `simulate
--bots search`), and a process pool played every submitted chunk before it let go (80 s for
`report --jobs 2`).  Each command here is started for far longer than the test, interrupted
after ~2 s (the process alone, as `kill -INT` does, or its whole process group, as a
terminal's Ctrl-C does), and must end with exit 130 within two seconds, writing no file.
The signal is sent once the command has used two seconds of CPU, past its start-up.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from durakc.native.build import unavailable_reason

pytestmark = pytest.mark.skipif(unavailable_reason() is not None or os.name != "posix",
                                reason="needs the native backend and POSIX signals")

COMMANDS = {
    "bench": ["bench", "transfer", "--backend", "native", "--games", "50000000", "-p", "2"],
    "simulate": ["simulate", "transfer", "--backend", "native", "--games", "20000000"],
    "simulate-search": ["simulate", "transfer", "--backend", "native", "--bots", "search",
                        "--games", "100000"],
    "compare-jobs": ["compare", "transfer", "podkidnoy", "--backend", "native",
                     "--games", "20000000", "--jobs", "2"],
    "report-jobs": ["report", "transfer", "--games", "5000000", "--strong-games", "0",
                    "--jobs", "2", "--out", "report.md"],
}


@pytest.fixture(scope="module")
def built():
    """The native engines built before the clock starts (the first build takes seconds)."""
    from durakc.native.sim import load
    for name in ("transfer", "podkidnoy"):
        load(name)


def _cpu_seconds(pid: int) -> float:
    """CPU time of process `pid` and its child processes (a pool's workers), from /proc."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    fields = stat.rsplit(")", 1)[1].split()
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(_cpu_seconds(int(child)) for child in children)


def _wait_until_busy(proc, cpu: float = 2.0, most: float = 60.0) -> None:
    """Until the command has run `cpu` seconds of CPU (past its start-up: imports take about
    half a second of it), however loaded the machine is."""
    deadline = time.monotonic() + most
    while _cpu_seconds(proc.pid) < cpu and time.monotonic() < deadline:
        assert proc.poll() is None, "the command ended before it was interrupted"
        time.sleep(0.1)


def _interrupt(args, cwd, group: bool) -> tuple[int, float, str]:
    proc = subprocess.Popen([sys.executable, "-m", "durakc", *args], cwd=cwd,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    try:
        _wait_until_busy(proc)
        assert proc.poll() is None, "the command ended before it was interrupted"
        if group:
            os.killpg(proc.pid, signal.SIGINT)
        else:
            proc.send_signal(signal.SIGINT)
        start = time.monotonic()
        _, err = proc.communicate(timeout=30)
        return proc.returncode, time.monotonic() - start, err
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.parametrize("group", [False, True], ids=["process", "group"])
@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_ctrl_c_stops_a_long_command(built, tmp_path, command, group):
    code, seconds, err = _interrupt(COMMANDS[command], tmp_path, group)
    assert code == 130, err
    assert seconds < 2.0, f"{seconds:.1f} s after SIGINT"
    assert err.endswith("interrupted\n") and "Traceback" not in err, err
    assert list(tmp_path.iterdir()) == []  # no report, no half-written temporary file


def test_an_interrupted_native_call_raises_and_the_next_one_runs_whole(built):
    """In-process: SIGINT during `play_games` is KeyboardInterrupt at once, and the engine's
    stop flag does not outlive the call (the next call plays every game)."""
    import threading

    from durakc.native.sim import load
    from durakc.sim.native_games import Games, play_records

    engine = load("transfer")
    many = Games(0, 0, 300_000, ["random", "random"], False)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    start = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        play_records(engine, 2, many)
    timer.join()
    assert time.monotonic() - start < 2.0
    few = Games(0, 0, 5, ["random", "random"], False)
    assert len(play_records(engine, 2, few)) == 5
