"""The environment of choices that are data of the spec (issue 31 item 2): `hand`, the hand
size as an expression over the table (deal.hand_size, HR31).

`deal.hand_size` is an int, or an expression over `players` evaluated at compile time for
every allowed player count (the engines hold the table `HAND_SIZES`, by players; the values
by count: `durakc.spec.hands`): the deal and every refill read it.
"""

from __future__ import annotations

from dataclasses import replace

from durakc.envs.model import Environment
from durakc.envs.play import PLAYERS

HAND = Environment("hand", (
    replace(PLAYERS, py={"*": "players"}, c={"*": "players"}, ref=lambda v, x: x["players"]),
))
"""deal.hand_size (HR31): evaluated at compile time for each player count (no engine form
is emitted; the table `HAND_SIZES` is)."""
