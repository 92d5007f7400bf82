"""`durakc play VARIANT`: play in the terminal against bots."""

import random
import sys

from durakc.commands._common import VARIANT_HELP, load_engines, usage_error
from durakc.loading.engines import check_players
from durakc.sim.bots import get_bot
from durakc.sim.tui import play

NAME = "play"
HELP = "play a game in the terminal against bots"


def add_arguments(parser):
    parser.add_argument("variant", help=VARIANT_HELP)
    parser.add_argument("--players", type=int, default=2, help="players (default 2)")
    parser.add_argument("--seat", type=int, default=0, help="your seat, 0-based (default 0)")
    parser.add_argument("--bot", default="greedy",
                        help="bot for the other seats: random, greedy, mcts[:N] (default greedy)")
    parser.add_argument("--seed", type=int, help="deal seed (default: a random one, printed)")


def run(args) -> int:
    engines, code = load_engines([args.variant])
    if code is not None:
        return code
    engine = engines[0]
    try:
        bot = get_bot(args.bot)
    except ValueError as exc:
        return usage_error(str(exc))
    problem = check_players(engine, args.players)
    if problem or not 0 <= args.seat < args.players:
        return usage_error(problem or f"--seat must be 0-{args.players - 1}")
    seed = args.seed if args.seed is not None else random.randrange(2**31)
    return play(engine, args.players, args.seat, bot, seed, sys.stdin, sys.stdout)
