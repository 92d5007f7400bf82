"""The frozen-engine benchmark (tests/perf/frozen_bench.py) still compares like with like.

Its ratio means something only while today's engines play the same games as the frozen
copies (the same deal, the same legal actions in the same order); this runs it on a few
games, untimed: the figures themselves are for a person to read, not for CI.
"""

from __future__ import annotations

import frozen_bench


def test_the_frozen_engines_play_todays_games_and_the_ratio_is_printed(capsys):
    assert [name for name, _ in frozen_bench.frozen_engines()] == ["podkidnoy", "transfer"]
    assert frozen_bench.main(["--games", "3", "--rounds", "1", "--players", "2",
                              "--players", "6"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 1 + 2 * 2
    assert all(float(line.split()[-1]) > 0 for line in lines[1:])
