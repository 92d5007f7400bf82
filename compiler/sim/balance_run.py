"""The games of a balance report: fast-bot games for rates, strong-bot games for skill and
drama, in one batch of chunks on any executor.

The rate games are `runner.run_chunk` tasks (every seat the fast bot; whole games in C on
the native backend).  In a strong game the strong bot plays one seat and greedy the others,
rotated (the strong bot is at seat (-i) mod players in game i, as `seeds.seat_bots` puts
bot 0); every variant plays game i from the same deal and bot seed, so the games pair up.
After each of its decisions the strong bot's `Estimate` (`durakc.sim.estimates`) is
recorded, and the game's per-game measures (`game_measures`) are counted in `Measures`.
Strong chunks go first (they are the slow ones); results are merged in task order, so the
report does not depend on `--jobs` or the executor.
"""

from __future__ import annotations

import itertools
import random

from durakc.loading.engines import load_engine
from durakc.sim.balance_stats import Measures
from durakc.sim.bots import get_bot
from durakc.sim.estimates import estimate_of, loser_chances, predicted_loser
from durakc.sim.executors import DASK_TIMEOUT, run_tasks
from durakc.sim.runner import chunk_ranges, merge_chunks, play_game, run_chunk, simulate_tasks
from durakc.sim.seeds import bot_seed, game_seed, seat_bots

WEAK = "greedy"
"""The bot of the other seats in strong games."""

MEASURES = ("unfinished", "draw", "strong_lost", "weak_lost", "gap", "estimates",
            "foreseen", "lead_changes", "settled")
"""Per-game measures of a strong game (see `game_measures`)."""

RATES = ("unfinished", "draw", "strong_lost", "settled")
"""Those of MEASURES that are 0/1 (Wilson and Newcombe intervals)."""


class Traced:
    """A seat's bot, wrapped to count the game's actions (`clock`) and to record the
    `loser_chances` of every estimate the bot publishes, with the action index it came at."""

    def __init__(self, bot, trace: list, clock: list, players: int):
        self.bot, self.trace, self.clock, self.players = bot, trace, clock, players

    def __call__(self, game, seat, rng, repeated=False):
        action = self.bot(game, seat, rng, repeated)
        estimate = estimate_of(self.bot)
        if estimate is not None:
            self.trace.append((self.clock[0], loser_chances(estimate, self.players, game.out)))
        self.clock[0] += 1
        return action


def drama(trace: list, loser: int | None, actions: int) -> dict:
    """Decisiveness measures of one finished game from its estimate trace.

    `lead_changes`: how often the predicted loser (the seat most likely to lose,
    `predicted_loser`) changes from one estimate to the next.  With a loser: `settled` is 1
    when the last prediction names the eventual loser, and `foreseen` the share of the game
    (in actions) still to come when the prediction settled on the eventual loser for good (0
    when it never did).  Nothing without estimates; no `foreseen`/`settled` after a draw.
    """
    if not trace:
        return {}
    predictions: list[int] = []
    for _, chances in trace:
        predictions.append(predicted_loser(chances, predictions[-1] if predictions else None))
    out: dict[str, float] = {
        "lead_changes": sum(a != b for a, b in itertools.pairwise(predictions))}
    if loser is not None:
        since = len(predictions)
        while since and predictions[since - 1] == loser:
            since -= 1
        out["settled"] = int(since < len(predictions))
        out["foreseen"] = (1 - trace[since][0] / actions) if since < len(predictions) else 0.0
    return out


def game_measures(record: dict, strong_seat: int, trace: list, players: int) -> dict:
    """The per-game measures (MEASURES) of one strong game; None where one does not apply.

    `strong_lost` 0/1; `weak_lost` 1/(players-1) when a weak seat lost (its mean: the weak
    bot's loss rate per seat); `gap` = weak_lost - strong_lost (its mean: the skill gap);
    `estimates`: how many estimates the strong bot published; `drama`'s measures.
    """
    if record["unfinished"]:
        return {"unfinished": 1}
    out: dict[str, float] = {"unfinished": 0, "draw": int(record["draw"]),
                             "estimates": len(trace)}
    loser = record["loser"]
    out["strong_lost"] = int(loser == strong_seat)
    out["weak_lost"] = (0.0 if loser is None or loser == strong_seat
                        else 1.0 / max(1, players - 1))
    out["gap"] = out["weak_lost"] - out["strong_lost"]
    out.update(drama(trace, loser, max(1, record["actions"])))
    return out


def run_strong_chunk(task: tuple) -> dict:
    """Strong games [start, stop) of every variant in `refs`: `Measures.to_dict()`."""
    refs, players, strong, seed, start, stop, backend = task
    if backend == "native":
        from durakc.native.sim import load  # the C backend, only when asked
        engines = [load(ref) for ref in refs]
    else:
        engines = [load_engine(ref) for ref in refs]
    names = [strong] + [WEAK] * (players - 1)
    measures = Measures(len(refs), MEASURES)
    for i in range(start, stop):
        order = seat_bots(names, i, True)
        strong_seat = order.index(0)
        values = []
        for engine in engines:
            trace: list = []
            clock = [0]
            bots = [Traced(get_bot(names[j]), trace, clock, players) for j in order]
            record = play_game(engine, players, game_seed(seed, i), bots,
                               random.Random(bot_seed(seed, i)))
            values.append(game_measures(record, strong_seat, trace, players))
        measures.add(values)
    return measures.to_dict()


def run_report_chunk(task: tuple) -> dict:
    """A chunk of either kind: ("strong", strong task) or ("rates", `run_chunk` task)."""
    kind, inner = task
    return run_strong_chunk(inner) if kind == "strong" else run_chunk(inner)


def strong_ranges(games: int) -> list[tuple[int, int]]:
    """The chunks of the strong games: small, they are slow (depends only on `games`)."""
    return chunk_ranges(games, max(1, min(8, games // 32)))


STRONG_WEIGHT = 30_000
"""About how many fast-bot games (whole games in C) one strong game costs, for the progress
bar's time left (measured: ~0.34 s CPU for a 3-player game with one search:16 seat, about
12 us for a greedy game in C: 80,000 of them in under a second)."""


def run_report(refs: list[str], players: int, games: int, strong_games: int, strong: str,
               seed: int, fast: str = WEAK, jobs: int = 1, executor: str = "local",
               scheduler: str | None = None, backend: str = "native", progress=None,
               dask_timeout: float = DASK_TIMEOUT, matches: bool = False) -> dict:
    """Play every game of the report (`matches`: the rate games of a match variant played
    on to the end of their matches, `runner.play_match`): {"stats", "pairs"} of the rate games (`fast` in every
    seat; as `runner.simulate` returns them) and "measures", the `Measures` of the strong games.
    `progress(n)` is told the work of each chunk done: a game with the fast bot is 1, a
    strong game STRONG_WEIGHT (`total_work`)."""
    get_bot(strong)
    rate_tasks = simulate_tasks(refs, players, games, [fast] * players, seed, backend=backend,
                                matches=matches)
    strong_tasks = [(list(refs), players, strong, seed, a, b, backend)
                    for a, b in strong_ranges(strong_games)] if strong_games else []
    tasks = [("strong", t) for t in strong_tasks] + [("rates", t) for t in rate_tasks]
    sizes = [(t[1][5] - t[1][4]) * len(refs) * (STRONG_WEIGHT if t[0] == "strong" else 1)
             for t in tasks]
    done = (lambda k: progress(sizes[k])) if progress else None
    results = run_tasks(run_report_chunk, tasks, executor=executor, jobs=jobs,
                        scheduler=scheduler, on_done=done, timeout=dask_timeout)
    measures = Measures(len(refs), MEASURES)
    for raw in results[:len(strong_tasks)]:
        measures.merge(Measures.from_dict(raw))
    stats, pairs = merge_chunks(results[len(strong_tasks):])
    return {"stats": stats, "pairs": pairs, "measures": measures}


def total_work(refs: list[str], games: int, strong_games: int) -> int:
    """The progress bar's total for `run_report`."""
    return (games + STRONG_WEIGHT * strong_games) * len(refs)
