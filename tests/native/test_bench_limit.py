"""`durakc bench --limit`: the native engines timed beside the C speed reference
(issue 33, item 4), and a clear error when the reference is missing."""

from __future__ import annotations

import subprocess
import sys

import pytest
from native_support import needs_cc

from durakc.bench_limit import CASES, DEFAULT_PATH, bench_limit

pytestmark = needs_cc

CLI = "import sys; from durakc.cli import main; sys.exit(main(sys.argv[1:]))"


@pytest.mark.skipif(not DEFAULT_PATH.is_file(), reason=f"no C speed reference at {DEFAULT_PATH}")
def test_limit_times_every_case_beside_the_reference():
    (ref_games, ref_actions), rows = bench_limit(DEFAULT_PATH, games=200)
    assert ref_games > 0 and ref_actions > ref_games  # a podkidnoy game has many actions
    assert [(r.variant, r.players) for r in rows] == list(CASES)
    for row in rows:
        assert row.actions_ratio == pytest.approx(row.actions_per_s / ref_actions)
        # only 2-player podkidnoy is the reference's own game, so only it has a games ratio
        assert (row.games_ratio is not None) == (row.variant == "podkidnoy" and row.players == 2)


def test_missing_reference_is_a_usage_error(tmp_path):
    done = subprocess.run([sys.executable, "-c", CLI, "bench", "--limit", str(tmp_path / "no.c")],
                          capture_output=True, text=True)
    assert done.returncode == 2
    assert "C speed reference not found" in done.stderr and "Traceback" not in done.stderr
