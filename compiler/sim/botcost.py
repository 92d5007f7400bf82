"""The search bot's cost per decision on the native backend, decision by decision.

    python -m durakc.sim.botcost transfer --players 2 --samples 16 --games 200

plays `games` games, the search bot in one seat (moving on a seat each game) and greedy in the
others, and times every decision of the search bot that has more than one legal action with
the CPU clock of this process (`time.process_time`; the decision runs in C,
`_search_choice`, on one core).  It prints the number of decisions, the median, mean, 90th
percentile and maximum in milliseconds.  The games are not the simulator's (each decision is
seeded on its own), only the positions are realistic.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from durakc.cards import sort_key
from durakc.native.sim import load
from durakc.sim.bots import greedy_bot
from durakc.sim.determinize import DEFAULT_SAMPLES, public_cards
from durakc.sim.seeds import bot_seed, game_seed


def _card_index(game) -> dict:
    """Card text -> card int of the C engine (canonical card order)."""
    d = game.to_dict()
    cards = {c for hand in d["hands"] for c in hand} | set(d["stock"]) | set(d["discard"])
    if d.get("hidden_trump"):
        cards.add(d["hidden_trump"])
    return {c: i for i, c in enumerate(sorted(cards, key=sort_key))}


def decision_times(variant: str, players: int, samples: int, games: int, seed: int = 0) -> list:
    """CPU seconds of every search decision (more than one legal action) in `games` games."""
    engine = load(variant)
    times = []
    for g in range(games):
        game = engine.new_game(players, game_seed(seed, g))
        index = _card_index(game)
        rng = random.Random(bot_seed(seed, g))
        seat = g % players
        for _ in range(2000):
            if game.is_over:
                break
            acts = game.legal_actions()
            if game.to_move == seat and len(acts) > 1:
                known = sum(1 << index[c] for c in public_cards(game))
                start = time.process_time()
                choice = game._search_choice(samples, rng.getrandbits(32), known)
                times.append(time.process_time() - start)
                game.apply(acts[choice])
            else:
                game.apply(greedy_bot(game, game.to_move))
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m durakc.sim.botcost", description=__doc__.split("\n\n")[0])
    parser.add_argument("variant")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    times = sorted(decision_times(args.variant, args.players, args.samples, args.games, args.seed))
    ms = [t * 1000 for t in times]
    print(f"{args.variant}, {args.players} players, search:{args.samples}: {len(ms)} decisions, "
          f"median {statistics.median(ms):.2f} ms, mean {statistics.fmean(ms):.2f} ms, "
          f"90th percentile {ms[int(0.9 * (len(ms) - 1))]:.2f} ms, max {ms[-1]:.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
