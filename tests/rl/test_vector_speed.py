"""`durakc bench --env`: the single and the vector environment's steps/s side by side."""

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from durakc.cli import main
from durakc.native.build import unavailable_reason
from durakc.rl.vector_speed import random_legal

REASON = unavailable_reason()
needs_cc = pytest.mark.skipif(REASON is not None, reason=str(REASON))


def test_random_legal_picks_every_legal_action_and_only_those():
    masks = np.zeros((3, 10), np.int8)
    masks[0, [2, 5, 7]] = 1
    masks[1, 9] = 1  # row 2: no legal action at all
    rng = np.random.default_rng(0)
    picks = np.array([random_legal(masks, rng) for _ in range(600)])
    assert set(picks[:, 0]) == {2, 5, 7} and set(picks[:, 1]) == {9} and set(picks[:, 2]) == {0}
    counts = np.bincount(picks[:, 0], minlength=10)[[2, 5, 7]]
    assert counts.min() > 150  # about 200 each: uniform


@needs_cc
def test_bench_env_prints_both_rates_and_their_ratio(capsys):
    assert main(["bench", "--env", "transfer", "--envs", "8", "--seconds", "0.2"]) == 0
    header, line = capsys.readouterr().out.strip().splitlines()
    assert "single steps/s" in header and "vector steps/s" in header
    cells = line.split()
    single, vector = (float(c.replace(",", "")) for c in cells[4:6])
    assert cells[:4] == ["transfer", "2", "greedy", "8"] and single > 0 and vector > 0
    assert cells[6] == f"{vector / single:.1f}x" and cells[7] == "C"


@needs_cc
def test_bench_env_times_the_python_vector_env_where_c_does_not_step_the_games(capsys):
    """jokers: the C loop does not cover it, so its vector column is PythonVectorEnv's,
    said in the row and once on stderr."""
    assert main(["bench", "--env", "jokers", "--envs", "4", "--seconds", "0.1"]) == 0
    captured = capsys.readouterr()
    cells = captured.out.strip().splitlines()[1].split()
    assert cells[0] == "jokers" and cells[-1] == "python"
    assert captured.err.count("warning") == 1 and "jokers" in captured.err


@needs_cc
@pytest.mark.parametrize("args,words", [(["transfer", "-p", "9"], "9"),
                                        (["nosuch"], "no bundled variant"),
                                        (["--envs", "0"], "--envs")])
def test_bench_env_refusals_are_usage_errors(args, words, capsys):
    assert main(["bench", "--env", *args, "--seconds", "0.1"]) == 2
    captured = capsys.readouterr()
    assert words in captured.err and captured.out == ""
