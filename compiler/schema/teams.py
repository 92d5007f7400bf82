"""Team seating (PR1): which seats play together under each `teams.mode`.

Part of the schema's API (re-exported by `durakc.schema.keys`); it imports nothing of durakc.
"""

from __future__ import annotations

TEAM_PLAYER_COUNTS = {"opposite": (4, 6), "alternate": (6,)}
"""teams.mode: the player counts each team mode seats (PR1); other counts are refused."""


def team_of(mode: str, players: int, seat: int) -> int:
    """teams.mode (PR1): the index of `seat`'s team; teams are numbered by their lowest seat.

    `opposite`: partners sit `players // 2` apart; `alternate`: even seats and odd seats.
    """
    return seat % (players // 2) if mode == "opposite" else seat % 2


def teams_of(mode: str, players: int) -> list[list[int]]:
    """teams.mode (PR1): the teams of a `players`-seat game, each a sorted list of seats."""
    count = players // 2 if mode == "opposite" else 2
    return [[s for s in range(players) if team_of(mode, players, s) == t] for t in range(count)]
