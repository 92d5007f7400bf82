"""The seeds and limits of a self-play run, shared by every backend.

Game `i` of a run with seed `S` is dealt with `game_seed(S, i)` and its bots draw from
`random.Random(bot_seed(S, i))`.  `durakc.sim.runner` (games driven from Python) and
`durakc.sim.native_games` (whole games in C) both read them here, so neither imports the other.
"""

from __future__ import annotations

import hashlib

MAX_ACTIONS = 20000   # last resort: a game this long is stopped and counted unfinished ("cap")
REPEAT_LIMIT = 3      # a round-start position seen this often: stopped, unfinished ("cycle")


def _derive(seed: int, index: int, purpose: str) -> int:
    # 48 bits: exact in JSON readers that use doubles
    digest = hashlib.blake2b(f"{seed}:{index}:{purpose}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game `index` in a run seeded `seed` (the same for every variant)."""
    return _derive(seed, index, "deal")


def match_seed(deal_seed: int, game_no: int) -> int:
    """The deal seed of game `game_no` (from 2) of a match whose first game was dealt with
    `deal_seed` (`runner.play_match`)."""
    return _derive(deal_seed, game_no, "match")


def bot_seed(seed: int, index: int) -> int:
    """The seed of the bots' random generator in game `index`."""
    return _derive(seed, index, "bots")


def seat_bots(bots: list[str], index: int, rotate: bool) -> list[int]:
    """For each seat, the index in `bots` of the bot playing it in game `index`."""
    n = len(bots)
    return [(s + index) % n if rotate else s for s in range(n)]
