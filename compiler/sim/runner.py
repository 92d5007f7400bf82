"""Self-play: one game, a chunk of games, and whole (parallel, paired) runs.

Game `i` of a run with seed `S` is dealt with `game_seed(S, i)` and its bots draw from
`random.Random(bot_seed(S, i))`, for every variant alike: variants in one comparison play
the same deals (paired comparison).  Work is split into chunks of consecutive games; each
chunk yields a `Stats` and chunks are merged in game order, so any `--jobs` gives the same
figures.
"""

from __future__ import annotations

import hashlib
import random
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed

from compiler.sim.bots import get_bot
from compiler.sim.loader import load_engine
from compiler.sim.stats import Stats

MAX_ACTIONS = 20000   # a game this long is counted as unfinished


def _derive(seed: int, index: int, purpose: str) -> int:
    # 48 bits: exact in JSON readers that use doubles
    digest = hashlib.blake2b(f"{seed}:{index}:{purpose}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game `index` in a run seeded `seed` (the same for every variant)."""
    return _derive(seed, index, "deal")


def bot_seed(seed: int, index: int) -> int:
    """The seed of the bots' random generator in game `index`."""
    return _derive(seed, index, "bots")


def seat_bots(bots: list[str], index: int, rotate: bool) -> list[int]:
    """For each seat, the index in `bots` of the bot playing it in game `index`."""
    n = len(bots)
    return [(s + index) % n if rotate else s for s in range(n)]


def play_game(engine, players: int, seed: int, bots: list, rng: random.Random) -> dict:
    """Play one game; `bots[s]` plays seat s.  Returns the record `Stats.add` counts."""
    game = engine.new_game(players, seed)
    first = game.attacker
    counts = {"attack": 0, "take": 0, "transfer": 0, "show": 0}
    actions = 0
    while not game.is_over and actions < MAX_ACTIONS:
        seat = game.to_move
        action = bots[seat](game, seat, rng)
        kind = str(action).split(" ", 1)[0]
        if kind in counts:
            counts[kind] += 1
        game.apply(action)
        actions += 1
    loser = game.loser
    return {"unfinished": not game.is_over, "draw": bool(game.is_draw),
            "loser": loser, "loser_offset": None if loser is None else (loser - first) % players,
            "actions": actions, "rounds": counts["attack"], "takes": counts["take"],
            "transfers": counts["transfer"], "shows": counts["show"]}


def run_chunk(task: tuple) -> dict:
    """Play games [start, stop) of one variant; returns `Stats.to_dict()` (picklable)."""
    ref, players, bots, seed, start, stop, rotate, backend = task
    if backend == "native":
        from compiler.native.sim import run_chunk as run_native_chunk
        return run_native_chunk(ref, players, bots, seed, start, stop, rotate)
    engine = load_engine(ref)
    funcs = [get_bot(b) for b in bots]
    stats = Stats(players)
    for i in range(start, stop):
        order = seat_bots(bots, i, rotate)
        record = play_game(engine, players, game_seed(seed, i), [funcs[j] for j in order],
                           random.Random(bot_seed(seed, i)))
        if record["loser"] is not None:
            record["loser_bot"] = order[record["loser"]]
        stats.add(record)
    return stats.to_dict()


def expand_bots(bots: list[str], players: int) -> list[str]:
    """One bot name per seat (a single name plays every seat); ValueError when it can't."""
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(f"--bots needs one bot or {players} (one per seat), got {len(bots)}")
    for b in bots:
        get_bot(b)
    return list(bots)


def chunk_ranges(games: int, size: int | None = None) -> list[tuple[int, int]]:
    """Consecutive game ranges; depends only on `games` (never on the number of jobs)."""
    size = size or max(1, min(250, games // 64))
    return [(a, min(games, a + size)) for a in range(0, games, size)]


def simulate(refs: list[str], players: int, games: int, bots: list[str], seed: int,
             jobs: int = 1, rotate: bool = False, progress=None, start: int = 0,
             backend: str = "python") -> dict[str, Stats]:
    """Stats per variant ref; every variant plays the same seeded deals.

    Plays games start .. start+games-1 (a shard of a larger run when start > 0).
    `bots` has one bot name per seat, or one name for all seats.  `backend` "native"
    plays on the C engines (`compiler.native`): the same games, the same figures.
    """
    bots = expand_bots(bots, players)
    ranges = chunk_ranges(games)
    tasks = [(ref, players, bots, seed, start + a, start + b, rotate, backend)
             for ref in refs for a, b in ranges]
    results: list = [None] * len(tasks)
    done = 0
    if jobs <= 1:
        for k, task in enumerate(tasks):
            results[k] = run_chunk(task)
            done += task[5] - task[4]
            if progress:
                progress(done, games * len(refs))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = {pool.submit(run_chunk, t): k for k, t in enumerate(tasks)}
            for fut in as_completed(futures):
                k = futures[fut]
                results[k] = fut.result()
                done += tasks[k][5] - tasks[k][4]
                if progress:
                    progress(done, games * len(refs))
    out: dict[str, Stats] = {}
    for task, raw in zip(tasks, results):  # merge in game order
        stats = Stats.from_dict(raw)
        out[task[0]] = out[task[0]].merge(stats) if task[0] in out else stats
    return out


class ProgressBar:
    """A one-line progress bar on stderr."""

    def __init__(self, stream=sys.stderr, width: int = 30):
        self.stream, self.width, self.last = stream, width, -1

    def __call__(self, done: int, total: int) -> None:
        pct = int(100 * done / total) if total else 100
        if pct == self.last:
            return
        self.last = pct
        fill = self.width * done // total if total else self.width
        self.stream.write(f"\r[{'#' * fill}{'.' * (self.width - fill)}] {done}/{total} games")
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()
