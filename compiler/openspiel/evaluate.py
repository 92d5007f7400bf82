"""Example: OpenSpiel's ISMCTS bot against uniform random bots on a durakc variant.

    python -m durakc.openspiel.evaluate transfer --games 100 --simulations 100

plays `--games` games of `players` seats: seat `g % players` of game `g` is ISMCTS
(`open_spiel.python.algorithms.ismcts`, random-rollout evaluator), the others play
uniformly at random; every game is dealt and played from `--seed`.  It prints ISMCTS's
losses (the durak's seat) and mean return, each with its 95% interval, against what a
random seat would get (1 / players losses, mean return 0).  docs/openspiel.md lists figures.
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from durakc.openspiel import load_game
from durakc.sim.stats import Z95, wilson


@dataclass(frozen=True)
class Result:
    """ISMCTS's record over `games` games."""

    games: int
    losses: int          # games where the ISMCTS seat was the durak
    draws: int           # games nobody lost (a draw, or stopped at the step cap)
    returns: tuple       # the ISMCTS seat's return in each game

    @property
    def loss_interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the loss rate."""
        return wilson(self.losses, self.games)

    @property
    def mean_return(self) -> tuple[float, float, float]:
        """The mean return and its 95% normal-approximation interval."""
        n = len(self.returns)
        mean = sum(self.returns) / n
        var = sum((r - mean) ** 2 for r in self.returns) / max(n - 1, 1)
        half = Z95 * math.sqrt(var / n)
        return mean, mean - half, mean + half


def ismcts_bot(game, simulations: int, seed: int, uct_c: float = 2.0):
    """OpenSpiel's ISMCTS with a one-rollout random evaluator, seeded.  Its worlds are drawn
    from the same generator (pyspiel's default sampler is seeded from the clock)."""
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, max_simulations=simulations,
                           random_state=rng)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    return bot


def play(state, bots: dict, rng) -> list[float]:
    """Play `state` to the end: chance by its outcomes, seats in `bots` (seat -> pyspiel bot
    with `step`) by their bot, the others uniformly at random from `rng`; the returns."""
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        elif state.current_player() in bots:
            state.apply_action(bots[state.current_player()].step(state))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state.returns()


def evaluate(variant: str, players: int = 2, games: int = 20, simulations: int = 50,
             seed: int = 0) -> Result:
    """ISMCTS at one seat (rotating) against random seats in `games` games (module
    docstring)."""
    game = load_game(variant, players)
    losses = draws = 0
    returns = []
    for g in range(games):
        seat = g % players
        result = play(game.new_initial_state(), {seat: ismcts_bot(game, simulations, seed + g)},
                      np.random.RandomState(seed + g))
        returns.append(float(result[seat]))
        if result[seat] < 0 and min(result) == result[seat]:
            losses += 1
        elif all(r == 0 for r in result):
            draws += 1
    return Result(games, losses, draws, tuple(returns))


def main(argv=None) -> None:
    """The command line (module docstring)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", help="a bundled variant name or a spec file")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    result = evaluate(args.variant, args.players, args.games, args.simulations, args.seed)
    low, high = result.loss_interval
    mean, mlow, mhigh = result.mean_return
    print(f"{args.variant}, {args.players} players, ISMCTS ({args.simulations} simulations) "
          f"against random, {result.games} games, {time.perf_counter() - start:.0f} s")
    print(f"ISMCTS lost {result.losses} of {result.games} ({result.losses / result.games:.0%}, "
          f"95% interval {low:.0%}-{high:.0%}; a random seat loses {1 / args.players:.0%})")
    print(f"mean return {mean:+.3f} (95% interval {mlow:+.3f} to {mhigh:+.3f}; random: 0)")


if __name__ == "__main__":
    main()
