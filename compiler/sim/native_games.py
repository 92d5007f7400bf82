"""Whole games in C for the simulator: a chunk of `durakc.sim.runner` played inside C.

`run_native_chunk(task)` plays a runner task (`runner.run_chunk`'s tuple) with the C
engines' `play_games`: the random, greedy, search and mcts bots are ported to C and decide exactly as
`durakc.sim.bots` does (the random bot draws from the same `random.Random(bot_seed(S, i))`
stream), and the runner's cycle check (a round-start position seen a third time stops the
game, "cycle"), its MAX_ACTIONS cap ("cap") and the per-game records are C's too.  The
records then go through `Stats.add` and `PairStats.add` exactly as the runner's do, so the
chunk's result is the runner's, byte for byte.  Other bots are Python only: for
them this returns None and the runner drives the C engines decision by decision, and so
it does for a variant with a match rule when matches are asked for (`--matches`: they are
played on through `next_game`).
The first seat out, places and points (`durakc.sim.results`) come from C's records.
"""

from __future__ import annotations

from durakc.native.sim import load
from durakc.sim.bots import parse_bot
from durakc.sim.determinize import DEFAULT_SAMPLES
from durakc.sim.paired import PairStats
from durakc.sim.results import from_order, scores, wanted
from durakc.sim.search import DEFAULT_SAMPLES as MCTS_SAMPLES
from durakc.sim.seeds import MAX_ACTIONS, REPEAT_LIMIT, bot_seed, game_seed, seat_bots
from durakc.sim.stats import Stats

BOTS = {"random": 0, "greedy": 1, "search": 2, "mcts": 3, "rollout": 3}
"""The bots ported to C, by name, as `play_games` numbers them (BOT_RANDOM, BOT_GREEDY,
BOT_SEARCH, BOT_MCTS: the number of samples of the last two goes alongside)."""

UNFINISHED = (None, "cycle", "cap")
"""A record's `unfinished`, by the C code (FINISHED, CYCLE, CAP)."""


def native_bot(name: str) -> int | None:
    """The C number of bot `name` as `get_bot` reads it, or None for a bot not in C."""
    return BOTS.get(name.strip().partition(":")[0])


SAMPLES = {"search": DEFAULT_SAMPLES, "mcts": MCTS_SAMPLES, "rollout": MCTS_SAMPLES}
"""The default samples of the search bots ported to C."""


def bot_samples(name: str) -> int:
    """The samples of a search bot text (``search:8``: 8; ``search``: the default), else 0."""
    bot, number = parse_bot(name)
    return (number or SAMPLES[bot]) if bot in SAMPLES else 0


class Games:
    """Games [start, stop) of a run seeded `seed`, as `play_games` takes them: the deal and
    bot seeds, and for each game the bot index of every seat (`runner.seat_bots`)."""

    def __init__(self, seed: int, start: int, stop: int, bots: list[str], rotate: bool):
        games = range(start, stop)
        self.deal_seeds = [game_seed(seed, i) for i in games]
        self.bot_seeds = [bot_seed(seed, i) for i in games]
        self.orders = [seat_bots(bots, i, rotate) for i in games]
        numbers = [native_bot(b) for b in bots]
        counts = [bot_samples(b) for b in bots]
        self.kinds = bytes(numbers[j] for order in self.orders for j in order)
        self.samples = [counts[j] for order in self.orders for j in order]


def option_values(engine, options: dict | None) -> tuple | None:
    """The table settings `options` (name -> value; None or empty: the defaults) as the C
    whole-game runs take them: None for the defaults, else one value per option in the order
    of the engine's OPTIONS (checked by the Python engine: InvalidGame for a bad one)."""
    if not options:
        return None
    return engine.PYTHON_ENGINE._options(dict(options))


def play_records(engine, players: int, games: Games, results: bool = False,
                 options: dict | None = None) -> list[dict]:
    """The `runner.play_game` records of `games` played in C by `engine`, every game started
    with the table settings `options` (None: the defaults); with `results`, a finished game's
    first seat out, places and points as well (`durakc.sim.results`)."""
    ext = engine.EXTENSION
    if ext.MAX_GAME_ACTIONS != MAX_ACTIONS or ext.REPEAT_LIMIT != REPEAT_LIMIT:
        raise RuntimeError("the C engine's limits differ from the runner's: rebuild it")
    raw = ext.play_games(players, games.deal_seeds, games.bot_seeds, games.kinds, games.samples,
                         option_values(engine, options))
    team_of = getattr(engine, "TEAM_OF", None)  # teams.mode: per player count (PR1)
    teams = None if team_of is None else [list(t) for t in engine.TEAMS[players]]
    points = scores(engine)["points"]
    records = []
    for order, (unfinished, draw, loser, offset, actions, rounds, takes, transfers, shows,
                first, out, scored) in zip(games.orders, raw):
        record = {"unfinished": UNFINISHED[unfinished], "draw": bool(draw),
                  "loser": None if loser < 0 else loser,
                  "loser_offset": None if loser < 0 else offset,
                  "actions": actions, "rounds": rounds, "takes": takes,
                  "transfers": transfers, "shows": shows}
        if loser >= 0:
            record["loser_bot"] = order[loser]
        if teams is not None:  # PR5, PR6: the durak is a seat of the losing team
            record["teams"] = teams
            record["losing_team"] = None if loser < 0 else team_of[players][loser]
        if results and not unfinished:
            record.update(from_order(out, scored[:players] if points else None, first, players))
        records.append(record)
    return records


def run_native_chunk(task: tuple) -> dict | None:
    """`runner.run_chunk(task)` with whole games in C (each variant's games started with its
    table settings, the task's tenth element), or None when a bot is not in C or a variant has
    out-of-turn actions (their schedule and the bots' catching rule are the runner's,
    docs/engine-api.md)."""
    refs, players, bots, seed, start, stop, rotate = task[:7]
    engines = [load(ref) for ref in refs]
    matches = len(task) > 8 and task[8] == "matches"
    if any(native_bot(b) is None for b in bots) or matches and any(
            scores(e)["match"] for e in engines):
        return None  # a match is played on through next_game, decision by decision
    if any(hasattr(e.Game, "actors") for e in engines):
        return None  # out-of-turn actions (HR34's catches): the runner's schedule, decision by decision
    options = task[9] if len(task) > 9 else {}
    games = Games(seed, start, stop, bots, rotate)
    results = wanted(engines)
    per_variant = [play_records(e, players, games, results, options.get(ref))
                   for ref, e in zip(refs, engines)]
    stats = [Stats(players) for _ in refs]
    for st, records in zip(stats, per_variant):
        for record in records:
            st.add(record)
    pairs = [PairStats(players) for _ in refs[1:]]
    for pair, records in zip(pairs, per_variant[1:]):
        for a, b in zip(per_variant[0], records):
            pair.add(a, b)
    return {"variants": {ref: st.to_dict() for ref, st in zip(refs, stats)},
            "pairs": {ref: pair.to_dict() for ref, pair in zip(refs[1:], pairs)}}

