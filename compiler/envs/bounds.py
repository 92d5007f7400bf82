"""The bounds of the numbers expressions read: the largest counter, deck and table.

Every int name of an environment has a range built from these (`durakc.envs`); the checker
computes the interval of every integer sub-expression from them (`durakc.expr.ranges`).
"""

from __future__ import annotations

INT_MAX = 2**31 - 1
"""The largest int a counter of the engine state holds (32-bit C int)."""

COUNTER_MAX = 1_000_000_000
"""The largest value of a counter of a game or a series (transfers this round, lost games,
an attack limit): engines refuse saved states and positions beyond it, so sums of a few
counters still fit in INT_MAX."""

CARDS_MAX = 13 * 4 * 2 + 4
"""The most cards any deck the schema allows holds (13 ranks, 4 suits, 2 copies, 4 jokers)."""

PLAYERS_MAX = 12
"""The most seats the schema allows (players.max)."""

# Counters of a game or a series start at most at COUNTER_MAX (a saved state or a position
# beyond it is refused) and then grow in play: transfers by at most a round's cards
# (CARDS_MAX), losses by one a game, so their ranges leave that headroom and a counter that
# grew past COUNTER_MAX still computes the same number on every backend.
RUNNING_TRANSFERS_MAX = COUNTER_MAX + CARDS_MAX
"""The most transfers a round can count: a saved COUNTER_MAX plus one per card."""

RUNNING_LOSSES_MAX = 2 * COUNTER_MAX
"""The losses a seat is assumed to reach at most: a saved COUNTER_MAX plus as many games again."""

COUNT_RANGE = (0, CARDS_MAX)
"""The range of a count of cards: `len(...)`, `.count(x)`, `.pairs`, `.longest_suit`."""

SEATS_RANGE = (2, PLAYERS_MAX)
"""The range of a number of seats (`players`)."""

SEAT_RANGE = (0, PLAYERS_MAX - 1)
"""The range of a seat number (`dealer`, `next_defender`, ...): 0 to players - 1."""

ACTIVE_RANGE = (0, PLAYERS_MAX)
"""The range of a number of seats still in play (`active_players`)."""

LIMIT_RANGE = (1, COUNTER_MAX)
"""The range of a round's attack limit (`limit`: never below LIMIT_FLOOR)."""

LIMIT_FLOOR = 1
"""T3, T17: an attack limit (attack.limit) below 1 counts as 1."""


def floor_limit(value: int) -> int:
    """attack.limit's value as the round's limit: below LIMIT_FLOOR it counts as LIMIT_FLOOR."""
    return max(LIMIT_FLOOR, value)
