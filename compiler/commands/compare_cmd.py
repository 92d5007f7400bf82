"""`durakc compare V1 V2 ...`: the same statistics for several variants on the same deals."""

from durakc.commands import simulation as command
from durakc.commands._common import VARIANT_HELP

NAME = "compare"
HELP = "simulate several variants on the same seeded deals (paired) and compare them"


def add_arguments(parser):
    parser.add_argument("variants", nargs="+", metavar="VARIANT",
                        help=VARIANT_HELP)
    command.add_arguments(parser)


def run(args) -> int:
    return command.run(args, list(args.variants))
