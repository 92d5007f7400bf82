"""`durakc bench --limit`: the native engines timed beside the C speed reference
(issue 33, item 4), and a clear error when the reference is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest
from native_support import compile_c, needs_cc

from durakc.bench_limit import CASES, DEFAULT_PATH, bench_limit, resource, run_reference

pytestmark = needs_cc

CLI = "import sys; from durakc.cli import main; sys.exit(main(sys.argv[1:]))"

SLEEPER = """\
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <time.h>

int main(void)
{
    struct timespec pause = { 1, 0 };  /* 1 s asleep: wall time, no CPU time */
    volatile long busy = 0;
    while (busy < 5000000) {  /* a few ms of CPU time, so that there is some to measure */
        busy++;
    }
    nanosleep(&pause, NULL);
    printf("games_per_s=3333 actions_per_s=293333 avg_actions_per_game=88.000\\n");
    return 0;
}
"""


@pytest.mark.skipif(not DEFAULT_PATH.is_file(), reason=f"no C speed reference at {DEFAULT_PATH}")
def test_limit_times_every_case_beside_the_reference():
    (ref_games, ref_actions), rows = bench_limit(DEFAULT_PATH, games=200)
    assert ref_games > 0 and ref_actions > ref_games  # a podkidnoy game has many actions
    assert [(r.variant, r.players) for r in rows] == list(CASES)
    for row in rows:
        assert row.actions_ratio == pytest.approx(row.actions_per_s / ref_actions)
        # only 2-player podkidnoy is the reference's own game, so only it has a games ratio
        assert (row.games_ratio is not None) == (row.variant == "podkidnoy" and row.players == 2)


@pytest.mark.skipif(not DEFAULT_PATH.is_file(), reason=f"no C speed reference at {DEFAULT_PATH}")
def test_limit_with_rounds_gives_each_case_its_median_round():
    (ref_games, ref_actions), rows = bench_limit(DEFAULT_PATH, games=100, rounds=3)
    assert ref_games > 0 and ref_actions > ref_games
    assert [(r.variant, r.players) for r in rows] == list(CASES)
    # each ratio is taken within its own round: actions/s over that round's reference
    assert all(row.actions_ratio > 0 for row in rows)
    assert rows[0].games_ratio is not None and rows[0].games_ratio > 0


def test_the_reference_is_timed_in_cpu_time(tmp_path):
    """A reference that sleeps most of its run: its wall time is long (1 s), its CPU time is
    not, so the figures taken from its CPU time are far above the ones it prints."""
    if resource is None:
        pytest.skip("no CPU time of a child process here (the printed figures are used)")
    fake = tmp_path / "fake.c"
    fake.write_text(SLEEPER)
    program = tmp_path / "fake"
    done = compile_c([fake], program)
    assert done.returncode == 0, done.stderr
    games, actions = run_reference(program, 1000, 0)
    assert games > 10 * 1000 / 1.0 and actions == pytest.approx(games * 88.0)


def test_missing_reference_is_a_usage_error(tmp_path):
    done = subprocess.run([sys.executable, "-c", CLI, "bench", "--limit", str(tmp_path / "no.c")],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "C speed reference not found" in done.stderr and "Traceback" not in done.stderr
