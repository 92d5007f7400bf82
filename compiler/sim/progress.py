"""Progress of long runs on stderr: games done, rate and time left (tqdm)."""

from __future__ import annotations

import sys


def wanted(requested: bool, stream=None) -> bool:
    """A bar is shown when asked for (`--progress`) or when stderr is a terminal."""
    stream = stream or sys.stderr
    return requested or stream.isatty()


class Progress:
    """`with Progress(total) as p: p(n)` advances a tqdm bar by n games; never on stdout."""

    def __init__(self, total: int, stream=None, counts: bool = True):
        """`counts` False shows only the share done and the times (for a total of weighted
        work rather than of games)."""
        from tqdm import tqdm
        fmt = None if counts else "{l_bar}{bar}| [{elapsed}<{remaining}]"
        self.bar = tqdm(total=total, unit=" games", file=stream or sys.stderr,
                        dynamic_ncols=True, mininterval=0.2, smoothing=0.1, bar_format=fmt)

    def __call__(self, games: int) -> None:
        self.bar.update(games)

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.bar.close()
