"""Whole games in C with chosen table settings (issue 32 item 4, `options:`).

`play_games` and `bench_random` of a spec with options take the settings every game starts
with, so `simulate`/`compare`/`bench --option ...` on the native backend play whole games in
C: a native chunk of the runner counts what the Python runner counts for several settings
(and is not handed back to the decision-by-decision loop), the C bench loop plays the very
games of the Python bench loop, and an engine without options refuses settings.
"""

from __future__ import annotations

import pytest
from native_support import native, needs_cc, python_engine

from durakc.bench import bench, bench_native
from durakc.sim.native_games import run_native_chunk
from durakc.sim.runner import run_chunk

pytestmark = needs_cc

SETTINGS = [
    (2, {"deck": 52, "transfer": False}),
    (4, {"deck": 24, "neighbours": True, "first_limit": 5}),
    (3, {"transfer": False, "neighbours": True}),
]


@pytest.mark.parametrize(("players", "options"), SETTINGS)
def test_a_c_chunk_with_settings_counts_what_the_python_runner_counts(players, options):
    task = (["table", "transfer"], players, (["greedy", "random"] * players)[:players], 5, 0, 30, True,
            "", "", {"table": options})
    in_c = run_native_chunk(task)
    assert in_c is not None  # whole games in C, not the Python loop
    assert in_c == run_chunk((*task[:7], "python", *task[8:]))


def test_the_settings_change_the_c_games():
    """The settings reach the C games: a 24-card deck plays shorter games than the default."""
    base = (["table"], 2, ["random", "random"], 3, 0, 40, False, "", "")
    default = run_native_chunk((*base, {}))["variants"]["table"]
    small = run_native_chunk((*base, {"table": {"deck": 24}}))["variants"]["table"]
    assert small != default
    assert small == run_chunk((*base[:7], "python", "", {"table": {"deck": 24}}))["variants"]["table"]


@pytest.mark.parametrize(("players", "options"), SETTINGS)
def test_the_c_bench_loop_plays_the_python_bench_games_with_settings(players, options):
    want = bench(python_engine("table"), players, 25, seed=4, options=options)
    got = bench_native(native("table"), players, 25, seed=4, options=options)
    assert got.actions == want.actions
    assert got.actions != bench(python_engine("table"), players, 25, seed=4).actions


def test_a_bad_setting_is_refused_before_the_c_loop():
    with pytest.raises(ValueError, match="option deck is"):
        bench_native(native("table"), 2, 5, options={"deck": 40})


def test_an_engine_without_options_refuses_settings_in_whole_games():
    ext = native("transfer").EXTENSION
    with pytest.raises(TypeError, match="no table settings"):
        ext.bench_random(2, 0, 3, 0, (36,))
    with pytest.raises(TypeError, match="no table settings"):
        ext.play_games(2, [1], [2], bytes(2), [0, 0], (36,))
    assert ext.bench_random(2, 0, 3, 0, None) == ext.bench_random(2, 0, 3, 0)


def test_bench_native_with_an_option_plays_whole_games_in_c():
    """`durakc bench table --option deck=52 --backend native` prints the actions per game
    of the Python bench loop with the same option."""
    import subprocess
    import sys

    def row(*args):
        done = subprocess.run([sys.executable, "-m", "durakc", "bench", "table", "--option",
                               "deck=52", "--games", "30", "--players", "2", *args],
                              capture_output=True, text=True, check=False, timeout=120)
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()[1].split()
    assert row("--backend", "native")[-1] == row()[-1]
