"""Self-play: one game, a chunk of games, and whole (parallel, paired) runs.

Game `i` of a run with seed `S` is dealt with `game_seed(S, i)` and its bots draw from
`random.Random(bot_seed(S, i))`, for every variant alike: variants in one comparison play
the same deals (paired comparison).  Work is split into chunks of consecutive games; each
chunk yields a `Stats` and chunks are merged in game order, so any `--jobs` gives the same
figures.
"""

from __future__ import annotations

import random

from durakc.loading.engines import load_engine
from durakc.sim.bots import get_bot
from durakc.sim.catching import out_of_turn_step
from durakc.sim.executors import DASK_TIMEOUT, iter_tasks
from durakc.sim.paired import PairStats
from durakc.sim.results import record as scored
from durakc.sim.results import scores, wanted
from durakc.sim.seeds import (
    MAX_ACTIONS,
    REPEAT_LIMIT,
    bot_seed,
    game_seed,
    match_seed,
    seat_bots,
)

MAX_MATCH_GAMES = 1000
"""A match not over after this many games is counted unfinished (`play_match`)."""
from durakc.sim.stats import Stats


def position_key(game) -> tuple:
    """The state at the start of a round, from contract members only.

    With an empty table this is everything `from_position` takes (hands, stock, attacker;
    the discard is the rest of the deck) plus who has left and the structural members that
    can change during a game.
    """
    return (tuple(map(tuple, game.hands)), tuple(game.stock), game.attacker, game.defender,
            tuple(game.out), game.trump, getattr(game, "hidden_trump", None),
            tuple(getattr(game, "swaps_left", None) or ()))


class RoundStarts:
    """Counts how often each round-start position has occurred in one game, cheaply.

    Only a round that ends in a take can lead back to an earlier position: one whose cards
    are discarded makes the game new for good (the discard only grows).  So positions are
    compared only at round starts after a take, and forgotten after any other round; a
    return to the first position after a discard is noticed one round later.  A draw
    after a take needs no check of its own: the stock only shrinks, so the position's key
    (which holds the stock) is then new.
    """

    def __init__(self):
        self.seen: dict = {}
        self.took = False          # the runner sets it when the current round has a take

    def count(self, game) -> int:
        """Occurrences of the position `game` starts a round in (1 when it is new)."""
        took, self.took = self.took, False
        if not took:
            self.seen.clear()
            return 1
        key = position_key(game)
        n = self.seen[key] = self.seen.get(key, 0) + 1
        return n


def play_game(engine, players: int, seed: int, bots: list, rng: random.Random,
              results: bool = False, matches: bool = False, options: dict | None = None) -> dict:
    """Play one game; `bots[s]` plays seat s.  Returns the record `Stats.add` counts; with
    `results`, a finished game's record has the first seat out, the places and the points
    too (`durakc.sim.results.record`), and with `matches`, in a variant with a match rule
    (`match.*`), the match it begins, played on (`play_match`: "match").

    At every round start the position is counted (`RoundStarts`).  A bot is told when the
    round began from a position seen before (`repeated`), and the game is stopped as
    unfinished ("cycle") when one is reached for the REPEAT_LIMIT-th time; MAX_ACTIONS
    stops it as "cap".  `options`: the table settings the game starts with (a spec's
    `options:`; None: the engine's defaults, and no `options` argument).
    """
    game = (engine.new_game(players, seed) if options is None
            else engine.new_game(players, seed, options=options))
    first = game.attacker
    actions, counts, unfinished = _play(game, bots, rng)
    loser = game.loser
    rec = {"unfinished": unfinished, "draw": bool(game.is_draw),
           "loser": loser, "loser_offset": None if loser is None else (loser - first) % players,
           "actions": actions, "rounds": counts["attack"], "takes": counts["take"],
           "transfers": counts["transfer"], "shows": counts["show"],
           "teams": getattr(game, "teams", None), "losing_team": getattr(game, "losing_team", None)}
    if results and unfinished is None:
        rec.update(scored(game, first, players))
        if matches and scores(engine)["match"]:
            rec["match"] = play_match(game, first, players, seed, bots, rng)
    return rec


def play_match(game, first: int, players: int, seed: int, bots: list,
               rng: random.Random) -> dict:
    """The rest of the match that finished game `game` (dealt with `seed`, first attacker
    `first`) begins: its next games (`next_game`, dealt with `match_seed`) played by the
    same bots until `match_over`.  Returns {"unfinished", "games"} and, for a match that
    ended, the first and the last of its `standings` as offsets from `first` ("winner",
    "loser").  A game left unfinished, or MAX_MATCH_GAMES games, leave the match unfinished."""
    games = 1
    while not game.match_over:
        if games >= MAX_MATCH_GAMES:
            return {"unfinished": True, "games": games}
        games += 1
        game = game.next_game(seed=match_seed(seed, games))
        if _play(game, bots, rng)[2] is not None:
            return {"unfinished": True, "games": games}
    standings = game.standings
    return {"unfinished": False, "games": games, "winner": (standings[0] - first) % players,
            "loser": (standings[-1] - first) % players}


def _play(game, bots: list, rng: random.Random) -> tuple[int, dict, str | None]:
    """Play `game` to its end (see `play_game`): (actions, counts by kind, unfinished)."""
    counts = {"attack": 0, "take": 0, "transfer": 0, "show": 0}
    starts = RoundStarts()
    actions, repeated, unfinished = 0, False, None
    out_of_turn = hasattr(game, "actors")  # HR34: a variant with out-of-turn actions
    while not game.is_over:
        seat = game.to_move
        if seat == game.attacker and not game.table:
            seen = starts.count(game)
            if seen >= REPEAT_LIMIT:
                unfinished = "cycle"
                break
            repeated = seen > 1
        if actions >= MAX_ACTIONS:
            unfinished = "cap"
            break
        caught = out_of_turn_step(game) if out_of_turn else None  # HR34: asked first
        if caught is not None:
            game.apply(caught)
            actions += 1
            continue
        action = bots[seat](game, seat, rng, repeated)
        kind = str(action).split(" ", 1)[0]
        if kind in counts:
            counts[kind] += 1
            starts.took = starts.took or kind == "take"
        game.apply(action)
        actions += 1
    return actions, counts, unfinished


def run_chunk(task: tuple) -> dict:
    """Play games [start, stop) of every variant in `refs`; picklable raw counts.

    Returns {"variants": {ref: Stats.to_dict()}, "pairs": {ref: PairStats.to_dict()}}, a
    pair for every variant after the first, against the first (game i of both).  An optional
    eighth element "native" plays on the C engines: whole games in C with the random and
    greedy bots (`durakc.sim.native_games`), else driven decision by decision through
    `play_game` (`durakc.native.sim.load`): the same games, the same figures.  When a
    variant scores a winner, points or a match, every game records its results
    (`durakc.sim.results`).  An optional ninth element "matches" plays each match variant's
    game on to the end of its match (`play_match`; on the C engines decision by decision).
    An optional tenth element maps a ref to the table settings (`options:`) its games start
    with.
    """
    refs, players, bots, seed, start, stop, rotate = task[:7]
    options = task[9] if len(task) > 9 else {}
    if len(task) > 7 and task[7] == "native":
        from durakc.sim.native_games import run_native_chunk  # the C backend, only when asked
        done = run_native_chunk(task)
        if done is not None:
            return done
        from durakc.native.sim import load
        engines = [load(ref) for ref in refs]
    else:
        engines = [load_engine(ref) for ref in refs]
    results = wanted(engines)
    matches = len(task) > 8 and task[8] == "matches"
    funcs = [get_bot(b) for b in bots]
    stats = [Stats(players) for _ in refs]
    pairs = [PairStats(players) for _ in refs[1:]]
    for i in range(start, stop):
        order = seat_bots(bots, i, rotate)
        records = []
        for ref, engine, st in zip(refs, engines, stats):
            record = play_game(engine, players, game_seed(seed, i), [funcs[j] for j in order],
                               random.Random(bot_seed(seed, i)), results, matches,
                               options.get(ref))
            if record["loser"] is not None:
                record["loser_bot"] = order[record["loser"]]
            st.add(record)
            records.append(record)
        for pair, record in zip(pairs, records[1:]):
            pair.add(records[0], record)
    return {"variants": {ref: st.to_dict() for ref, st in zip(refs, stats)},
            "pairs": {ref: pair.to_dict() for ref, pair in zip(refs[1:], pairs)}}


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
             executor: str = "local", scheduler: str | None = None, backend: str = "python",
             dask_timeout: float = DASK_TIMEOUT, matches: bool = False,
             options: dict[str, dict] | None = None
             ) -> tuple[dict[str, Stats], dict[str, PairStats]]:
    """Stats per variant ref, and paired statistics of each later variant against the first.

    Every variant plays the same seeded deals: games start .. start+games-1 (a shard of a
    larger run when start > 0).  `bots` has one bot name per seat, or one name for all.
    Chunks of games run on `executor` ("local": `jobs` processes; "dask": a dask.distributed
    cluster at `scheduler`, or a local one) and are merged in game order, so the result does
    not depend on where they ran.  `progress(n)` is called with the games each chunk played.
    `backend` "native" plays on the C engines (`durakc.native`): the same output.
    `dask_timeout` bounds the wait for a Dask cluster without workers or scheduler
    (`executors.ClusterLost`).  `matches` plays every match variant's games on to the end
    of their matches (match won and lost, games per match).  `options` maps a ref to the
    table settings its games start with (a spec's `options:`).
    """
    bots = expand_bots(bots, players)
    ranges = chunk_ranges(games)
    tasks = simulate_tasks(refs, players, games, bots, seed, rotate, start, backend, matches,
                           options)
    done = (lambda k: progress((ranges[k][1] - ranges[k][0]) * len(refs))) if progress else None
    results = iter_tasks(run_chunk, tasks, executor=executor, jobs=jobs, scheduler=scheduler,
                         on_done=done, timeout=dask_timeout)
    return merge_chunks(results)


def simulate_tasks(refs: list[str], players: int, games: int, bots: list[str], seed: int,
                   rotate: bool = False, start: int = 0, backend: str = "python",
                   matches: bool = False, options: dict[str, dict] | None = None) -> list[tuple]:
    """The `run_chunk` tasks of a run (what `simulate` sends to its executor)."""
    if options:  # every optional element, so that the options are the tenth
        return [(list(refs), players, bots, seed, start + a, start + b, rotate, backend,
                 "matches" if matches else "", options) for a, b in chunk_ranges(games)]
    return [(list(refs), players, bots, seed, start + a, start + b, rotate)
            + ((backend,) if backend != "python" or matches else ())
            + (("matches",) if matches else ())
            for a, b in chunk_ranges(games)]


def merge_chunks(results) -> tuple[dict[str, Stats], dict[str, PairStats]]:
    """The `run_chunk` results of a run (any iterable, consumed as they arrive) merged in their
    (game) order: Stats per variant ref, PairStats per later ref."""
    out: dict[str, Stats] = {}
    pairs: dict[str, PairStats] = {}
    for raw in results:  # merged in game order as each chunk arrives: memory flat in `games`
        for ref, d in raw["variants"].items():
            s = Stats.from_dict(d)
            out[ref] = out[ref].merge(s) if ref in out else s
        for ref, d in raw["pairs"].items():
            p = PairStats.from_dict(d)
            pairs[ref] = pairs[ref].merge(p) if ref in pairs else p
    return out, pairs
