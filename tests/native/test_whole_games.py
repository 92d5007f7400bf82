"""Whole games in C give the simulator's and the bench's figures exactly.

A native chunk of the runner (whole games in C with the C random and greedy bots, cycle
detection and the action cap; the C engines driven through `play_game` for other bots) must
count what a Python chunk counts; `durakc simulate|compare --backend native`
must print byte for byte what `--backend python` prints; the C bench loop must play the
very games the Python bench loop plays."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from native_support import ROOT, c_variants, native, needs_cc, python_engine, variant_players

from durakc.bench import bench, bench_native
from durakc.native import load_native_spec
from durakc.native.build import NativeUnavailable, build_extension
from durakc.sim.bots import BOTS, BotKind, playable
from durakc.sim.native_games import run_native_chunk
from durakc.sim.runner import run_chunk

pytestmark = needs_cc


@pytest.mark.parametrize("name", c_variants())
def test_c_chunks_count_what_the_python_runner_counts(name):
    py = python_engine(name)
    players = max(py.PLAYERS_MIN, min(3, py.PLAYERS_MAX))
    for bots, start, stop, rotate in ((["random"], 0, 25, False), (["greedy"], 40, 60, True),
                                      (["greedy", "random"], 60, 80, True)):
        seats = (bots * players)[:players]
        task = ([name], players, seats, 7, start, stop, rotate)
        in_c = run_native_chunk(task)
        if hasattr(py.Game, "actors"):  # out-of-turn catches (HR34): the runner's schedule
            assert in_c is None
        else:
            assert in_c is not None  # whole games in C, not the Python loop
        assert run_chunk((*task, "native")) == run_chunk((*task, "python"))


@pytest.mark.parametrize("name", ["cx-wild-wide", "cx-wild-siege", "cx-hidden-teams",
                                  "cx-jokers-transfer"])
def test_c_chunks_of_user_specs_count_what_the_python_runner_counts(name, tmp_path):
    """The C greedy bot values wild cards (W2) and reads the stock without the hidden card
    (CT1) as the Python one does: whole games in C count what the runner counts."""
    from test_user_specs import SPECS
    path = tmp_path / f"{name}.yaml"
    path.write_text(SPECS[name], encoding="utf-8")
    py = load_native_spec(str(path)).PYTHON_ENGINE
    for players, bots, seed in ((4, ["greedy"], 3), (2, ["greedy", "random"], 11),
                                (3, ["random", "greedy"], 5)):
        players = max(py.PLAYERS_MIN, min(players, py.PLAYERS_MAX))
        seats = (bots * players)[:players]
        task = ([str(path)], players, seats, seed, 0, 60, True)
        in_c = run_native_chunk(task)
        assert in_c is not None
        assert in_c == run_chunk((*task, "python"))


@pytest.mark.parametrize("name, players, bots, start, stop", [
    ("transfer", 6, ["greedy", "random"], 100, 120),  # one does
    ("podkidnoy-left", 5, ["greedy"], 9580, 9600),    # one does
])
def test_c_games_stop_in_a_cycle_where_the_runner_does(name, players, bots, start, stop):
    task = ([name, "podkidnoy"], players, (bots * players)[:players], 1, start, stop, False)
    got, want = run_native_chunk(task), run_chunk((*task, "python"))
    assert want["variants"][name]["cycles"] > 0
    assert got == want


def _first_bot(game, seat, rng, repeated=False):
    """A bot only Python has: the first playable action."""
    return playable(game.legal_actions())[0]


def test_bots_not_in_c_use_the_runner_over_the_c_engines(monkeypatch):
    # every bundled bot is in C now (random, greedy, mcts, search): a bot registered only
    # in Python has the runner drive the C engines
    monkeypatch.setitem(BOTS, "first", BotKind(lambda _: _first_bot))
    task = (["transfer"], 2, ["first", "greedy"], 5, 0, 2, False)
    assert run_native_chunk(task) is None
    assert run_chunk((*task, "native")) == run_chunk((*task, "python"))


@pytest.mark.parametrize(("name", "players"), variant_players())
def test_the_c_bench_loop_plays_the_python_bench_games(name, players):
    # Every variant at every count: the C loop's shortcuts (openings and throw-ins chosen
    # without a list) must list exactly what legal() lists, wild cards and jokers included.
    want = bench(python_engine(name), players, 30, seed=11)
    got = bench_native(native(name), players, 30, seed=11)
    assert got.actions == want.actions
    driven = bench(native(name), players, 30, seed=11)  # the Python loop over the C engine
    assert driven.actions == want.actions


def _durakc(*args, env=None):
    return subprocess.run([sys.executable, "-m", "durakc", *args], capture_output=True,
                          text=True, cwd=ROOT, env=env)


@pytest.mark.parametrize("command", [
    ["simulate", "kyiv", "--players", "4", "--games", "300", "--seed", "3"],
    ["compare", "transfer", "podkidnoy", "proyezdnoy", "--players", "3", "--games", "200",
     "--format", "json"],
    ["compare", "transfer", "siberian", "--players", "2", "--games", "40", "--bots", "greedy,random",
     "--rotate"],
    ["simulate", "epaulettes", "--players", "3", "--games", "250", "--format", "stats",
     "--start", "100"],
    ["compare", "transfer", "podkidnoy", "proyezdnoy", "kyiv", "--players", "3", "--games", "150",
     "--bots", "greedy"],
    ["simulate", "proyezdnoy", "--players", "2", "--games", "60", "--start", "200", "--seed", "1",
     "--bots", "greedy", "--jobs", "2"],
    # the structural capabilities: teams (loss rate per team), seat trumps, a hidden trump,
    # siege and wild cards
    ["simulate", "pairs", "--players", "4", "--games", "150", "--bots", "greedy"],
    ["compare", "svoi-kozyri", "changeable-trump", "siege", "weli", "--players", "3", "--games",
     "120", "--bots", "greedy,random,greedy"],
])
def test_native_output_is_byte_identical(command):
    python = _durakc(*command, "--backend", "python")
    nat = _durakc(*command, "--backend", "native")
    assert python.returncode == 0, python.stderr
    assert nat.returncode == 0, nat.stderr
    assert nat.stdout == python.stdout
    assert "games" in nat.stdout


def test_without_a_compiler_the_native_backend_says_it_is_unavailable(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("CC", raising=False)
    with pytest.raises(NativeUnavailable, match=r"native backend unavailable: no C compiler \(cc\) found"):
        build_extension("transfer", "int x;", "")
    env = dict(os.environ, PATH=str(tmp_path), DURAKC_NATIVE_CACHE=str(tmp_path / "cache"))
    done = subprocess.run([sys.executable, "-m", "durakc", "simulate", "transfer", "--games", "5",
                           "--backend", "native"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 2
    assert "native backend unavailable: no C compiler (cc) found" in done.stderr
    assert "Traceback" not in done.stderr
    done = subprocess.run([sys.executable, "-m", "durakc", "bench", "transfer", "--games", "5",
                           "--backend", "native"], capture_output=True, text=True, cwd=ROOT, env=env)
    assert done.returncode == 2
    assert "native backend unavailable: no C compiler (cc) found" in done.stderr
