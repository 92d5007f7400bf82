"""Issue 13 §3: `--executor dask` gives output byte-identical to `--jobs 1`."""

import pytest
from sim_support import FAKE, durakc, fake_variant

from durakc.sim import command, executors


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
