"""deal.hand_size at each player count (HR31): the int, or the value of its expression over
`players` (the environment `hand`, durakc.envs.choices), for the checks, the analysis and
the IR."""

from __future__ import annotations


def hand_size(values: dict, players: int) -> int:
    """deal.hand_size at `players` players (`values`: the effective rule values): the int,
    or the expression's value for that count."""
    size = values["deal.hand_size"]
    if isinstance(size, int):
        return size
    return int(size.evaluate({"players": players}))


def hand_sizes(values: dict) -> dict[int, int]:
    """{players: deal.hand_size} for every count from players.min to players.max."""
    return {n: hand_size(values, n)
            for n in range(values["players.min"], values["players.max"] + 1)}


def largest_hand(values: dict) -> int:
    """The largest hand deal.hand_size deals at any allowed player count."""
    return max(hand_sizes(values).values())
