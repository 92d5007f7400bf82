"""`durakc simulate VARIANT`: self-play statistics of one variant."""

from durakc.commands import simulation as command
from durakc.commands._common import VARIANT_HELP

NAME = "simulate"
HELP = "play many bot games of one variant and report loss rates, lengths, takes and transfers"


def add_arguments(parser):
    parser.add_argument("variant", help=VARIANT_HELP)
    command.add_arguments(parser)


def run(args) -> int:
    return command.run(args, [args.variant])
