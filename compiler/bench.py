"""Random-playout benchmark of generated engines (`durakc bench`).

The loop is the one every simulation runs: one `legal_actions()` call per
decision, a random choice, `apply`.  Nothing else is timed.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import dataclass


@dataclass
class BenchResult:
    """Figures of one benchmark run."""

    variant: str
    players: int
    games: int
    actions: int
    seconds: float

    @property
    def games_per_s(self) -> float:
        return self.games / self.seconds

    @property
    def actions_per_s(self) -> float:
        return self.actions / self.seconds


def playout(engine, players: int, seed: int, rand, options: dict | None = None) -> int:
    """Play game `seed` to the end, choosing with `rand()`; the number of actions.  `options`:
    the table settings the game starts with (a spec's `options:`; None: the defaults)."""
    game = (engine.new_game(players, seed) if options is None
            else engine.new_game(players, seed, options=options))
    while game.to_move is not None:
        legal = game.legal_actions()
        game.apply(legal[int(rand() * len(legal))])  # a uniform random legal action
    return len(game.history)


def bench(engine, players: int, games: int, seed: int = 0, clock=time.perf_counter,
          options: dict | None = None) -> BenchResult:
    """Time `games` random playouts with `players` players (games seed .. seed + games - 1),
    each started with the table settings `options` (None: the defaults).

    One generator makes every choice of the run, so timing includes no extra seeding:
    the engine's own shuffle is the only `random.Random(seed)` per game.  `clock` is wall
    time by default; time.process_time counts this process's CPU time only.
    """
    rand = random.Random(seed).random
    start = clock()
    actions = 0
    for i in range(games):
        actions += playout(engine, players, seed + i, rand, options)
    seconds = clock() - start
    return BenchResult(engine.VARIANT["name"], players, games, actions, seconds)


def bench_pair(engine, other, players: int, games: int, rounds: int = 5,
               seed: int = 0) -> tuple[BenchResult, BenchResult]:
    """The median of `rounds` CPU-time runs of `bench` for each engine, the runs interleaved
    (in turn first) so that both see the same load; `engine`'s result first.

    The ratio of their games/s compares two engines far more steadily than figures taken
    apart on a noisy machine.  Both play the same seeds and choices, so equal action counts
    show they played the same games.
    """
    runs: tuple[list[BenchResult], list[BenchResult]] = ([], [])
    for r in range(rounds):
        order = (0, 1) if r % 2 == 0 else (1, 0)
        for which in order:
            runs[which].append(bench((engine, other)[which], players, games, seed,
                                     clock=time.process_time))
    first, second = (sorted(rs, key=lambda run: run.games_per_s)[len(rs) // 2] for rs in runs)
    return first, second


def bytecodes_per_decision(engine, players: int, games: int = 40, seed: int = 0,
                           options: dict | None = None) -> float:
    """Bytecodes the engine itself executes per decision of the bench loop.

    Unlike games/s this does not depend on machine load: the count is the same on every
    run of one CPython minor version.  The engine's lazily built tables are warmed first
    (300 untraced games), so the figure is the steady state a long simulation sees.
    """
    rand = random.Random(seed).random
    for i in range(300):
        playout(engine, players, 1_000_000 + seed + i, rand, options)
    count = 0
    engine_file = engine.__file__

    def trace(frame, event, arg):
        nonlocal count
        if frame.f_code.co_filename != engine_file:
            return None  # the loop itself and the standard library are not counted
        frame.f_trace_opcodes = True
        if event == "opcode":
            count += 1
        return trace

    decisions = 0
    previous = sys.gettrace()
    sys.settrace(trace)
    try:
        for i in range(games):
            decisions += playout(engine, players, seed + i, rand, options)
    finally:
        sys.settrace(previous)
    return count / decisions


def bench_native(engine, players: int, games: int, seed: int = 0,
                 clock=time.perf_counter, options: dict | None = None) -> BenchResult:
    """The same games as `bench`, played whole in the native engine's C loop.

    The same seeds, and every choice from one random.Random(seed) stream as in `bench`,
    so both play exactly the same games (the action counts agree).  `clock` and `options`
    (checked by the Python engine: InvalidGame for a bad one) as in `bench`.
    """
    chosen = () if not options else (engine.PYTHON_ENGINE._options(options),)
    start = clock()
    actions = engine.bench_random(players, seed, games, seed, *chosen)
    seconds = clock() - start
    return BenchResult(engine.VARIANT["name"], players, games, actions, seconds)
