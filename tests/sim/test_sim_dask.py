"""Issue 13 §3: `--executor dask` gives output byte-identical to `--jobs 1`."""

import json
import subprocess
import sys
import time

import pytest
from sim_support import FAKE, ROOT, durakc, fake_variant

from durakc.commands import simulation as command
from durakc.sim import executors


@pytest.fixture(scope="module")
def scheduler():
    """A small dask cluster in this process (one thread worker) that the CLI, run in a
    subprocess, reaches over TCP as it would a real one; its scheduler's address."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.mark.parametrize("fmt", ["table", "stats"])  # the others are made from the same counts
def test_dask_output_is_byte_identical_to_one_job(tmp_path, scheduler, fmt):
    other = fake_variant(tmp_path)
    args = ("compare", FAKE, other, "--games", "70", "--seed", "8", "--bots", "greedy,random",
            "--rotate", "--format", fmt)
    local = durakc(*args, "--jobs", "1")
    remote = durakc(*args, "--executor", "dask", "--scheduler", scheduler)
    assert local.returncode == 0 == remote.returncode, remote.stderr
    assert remote.stdout == local.stdout


def test_dask_team_counts_are_byte_identical_to_one_job(scheduler):
    """Loss rate per team (PR5) and its paired differences travel and merge like the rest."""
    args = ("compare", "pairs", "podkidnoy", "--players", "4", "--games", "40", "--seed", "3",
            "--format", "json")
    local = durakc(*args, "--jobs", "1")
    remote = durakc(*args, "--executor", "dask", "--scheduler", scheduler)
    assert local.returncode == 0 == remote.returncode, remote.stderr
    assert remote.stdout == local.stdout and '"loss_rate_by_team"' in local.stdout


def test_run_tasks_keeps_task_order_on_dask(scheduler):
    done = []
    results = executors.run_tasks(abs, [-3, 1, -2, 5], executor="dask", scheduler=scheduler,
                                  on_done=done.append)
    assert results == [3, 1, 2, 5] and sorted(done) == [0, 1, 2, 3]


def test_without_a_scheduler_a_local_cluster_runs_the_chunks():
    pytest.importorskip("dask.distributed")
    from durakc.sim.runner import simulate
    args = ([FAKE], 2, 30, ["greedy", "random"], 5)
    local, _ = simulate(*args)
    remote, _ = simulate(*args, executor="dask", jobs=1)
    assert remote[FAKE].to_dict() == local[FAKE].to_dict()


def test_scheduler_without_dask_executor_is_a_usage_error():
    proc = durakc("simulate", FAKE, "--games", "5", "--scheduler", "tcp://127.0.0.1:1")
    assert proc.returncode == 2 and "--scheduler needs --executor dask" in proc.stderr


def test_missing_dask_names_the_extra(monkeypatch, capsys):
    monkeypatch.setattr(command, "have_dask", lambda: False)
    from durakc.cli import main
    assert main(["simulate", FAKE, "--games", "5", "--executor", "dask"]) == 2
    assert "pip install 'durakc[dask]'" in capsys.readouterr().err


def test_unreachable_scheduler_is_a_clear_error():
    pytest.importorskip("dask.distributed")
    proc = durakc("simulate", FAKE, "--games", "5", "--executor", "dask",
                  "--scheduler", "tcp://127.0.0.1:9", timeout=120)
    assert proc.returncode == 2, proc.stderr
    assert "can not reach the dask scheduler tcp://127.0.0.1:9" in proc.stderr
    assert "Traceback" not in proc.stderr


# ---------------------------------------------------------------------------
# Issue 19 3h: a cluster that stops ends the run with one clear line and exit code 3
# ---------------------------------------------------------------------------
class Cluster:
    """A scheduler and one worker (no nanny, so a killed worker stays dead) in processes of
    their own, as `dask scheduler` and `dask worker` start them on real machines."""

    def __init__(self, folder):
        distributed = pytest.importorskip("dask.distributed")
        self.distributed = distributed
        info = folder / "scheduler.json"
        quiet = {"stdout": subprocess.DEVNULL, "stderr": subprocess.DEVNULL}
        self.scheduler = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_scheduler", "--scheduler-file",
             str(info), "--port", "0", "--dashboard-address", ":0"], **quiet)
        self.worker = None
        deadline = time.monotonic() + 60
        while not (info.is_file() and info.read_text().strip()):
            assert time.monotonic() < deadline and self.scheduler.poll() is None
            time.sleep(0.2)
        self.address = json.loads(info.read_text())["address"]
        self.worker = subprocess.Popen(
            [sys.executable, "-m", "distributed.cli.dask_worker", self.address, "--nthreads",
             "1", "--no-nanny", "--dashboard-address", ":0"], **quiet)
        with distributed.Client(self.address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=60)

    def wait_for_tasks(self, timeout=60):
        """Until a client (the CLI) has submitted chunks to the scheduler."""
        with self.distributed.Client(self.address, timeout="30s") as client:
            deadline = time.monotonic() + timeout
            while not client.run_on_scheduler(lambda dask_scheduler: len(dask_scheduler.tasks)):
                assert time.monotonic() < deadline
                time.sleep(0.2)

    def stop(self):
        for proc in (self.worker, self.scheduler):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait(timeout=30)


@pytest.fixture
def cluster(tmp_path):
    started = Cluster(tmp_path)
    yield started
    started.stop()


@pytest.mark.parametrize("kill", ["worker", "scheduler"])
def test_a_cluster_that_stops_ends_the_run_clearly_in_bounded_time(cluster, kill):
    """Every worker killed: the run waited for ever.  The scheduler killed: a 64-line
    traceback and exit 1 (the spec-error code).  Now one line and exit 3 within the timeout."""
    run = subprocess.Popen([sys.executable, "-m", "durakc", "simulate", "transfer", "--games",
                            "200000", "--bots", "greedy", "--executor", "dask", "--scheduler",
                            cluster.address, "--dask-timeout", "3"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        cluster.wait_for_tasks()
        started = time.monotonic()
        victim = cluster.worker if kill == "worker" else cluster.scheduler
        victim.kill()
        victim.wait(timeout=30)
        out, err = run.communicate(timeout=90)
    finally:
        if run.poll() is None:
            run.kill()
            run.communicate()
    assert run.returncode == executors.CLUSTER_LOST == 3, err
    assert time.monotonic() - started < 60  # the 3 s timeout, plus start and close
    assert out == "" and len(err.splitlines()) == 1 and "Traceback" not in err
    expected = ("no worker for 3 s" if kill == "worker"
                else "the connection to its scheduler was lost")
    assert err.startswith(f"durakc: error: the dask cluster ({cluster.address}) ") and expected in err, err


def test_the_exit_code_of_a_lost_cluster_is_documented():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    sim_readme = (ROOT / "compiler" / "sim" / "README.md").read_text(encoding="utf-8")
    assert "3 a run whose Dask cluster stopped" in " ".join(readme.split())
    assert "--dask-timeout" in sim_readme and "exit code 3" in sim_readme


def test_dask_timeout_must_be_positive():
    proc = durakc("simulate", FAKE, "--games", "5", "--dask-timeout", "0")
    assert proc.returncode == 2 and "--dask-timeout must be more than 0 seconds" in proc.stderr
