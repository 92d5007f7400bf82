"""What a finished game is worth to each seat in the OpenSpiel games, and honest bounds.

The rule (docs/openspiel.md), zero-sum in every variant:

- **A durak** (`loser`): the durak gets -1 and every other seat +1 / (players - 1), as the RL
  environments reward it (docs/rl.md).  With teams (`teams.mode`, PR1-PR6) the losing team
  shares -1 and the other seats share +1: each seat of the losing team gets -1 / its size,
  each other seat +1 / (players - that size).
- **Points** (`outcome.points`, HR22, EP2): a variant that scores points counts them
  instead.  Points are penalties (`standings` ranks fewest first), so a seat's return is
  the table's mean points minus its own: mean(points) - points[seat].
- **A draw**, or a game stopped at the step cap (`MAX_ACTIONS`): 0 for every seat.

A game here is one game of the variant; `match.*` series are not played on.
"""

from __future__ import annotations

from durakc.loading.constants import built


def points_range(engine) -> tuple[int, int] | None:
    """The (low, high) points one seat can score in a game (outcome.points), or None when
    the variant scores no points: the engine's POINTS_RANGE, the expression's checked int
    range that the compiler wrote (`Expr.int_range`: sound though not always tight)."""
    return getattr(engine, "POINTS_RANGE", None)


def seat_returns(game, engine) -> list[float]:
    """Every seat's return for the finished `game` (module docstring); zeros when it is not
    over or a draw."""
    n = game.players
    if not game.is_over or game.is_draw:
        return [0.0] * n
    if points_range(engine) is not None:
        points = [float(p) for p in game.points]
        mean = sum(points) / n
        return [mean - p for p in points]
    if game.teams is not None and game.losing_team is not None:
        losing = set(game.teams[game.losing_team])
        return [-1.0 / len(losing) if s in losing else 1.0 / (n - len(losing))
                for s in range(n)]
    if game.loser is None:  # over without a durak or a draw: nothing to share
        return [0.0] * n
    return [-1.0 if s == game.loser else 1.0 / (n - 1) for s in range(n)]


def utility_bounds(engine, players: int) -> tuple[float, float]:
    """(min, max) of one seat's return over every game of `players` seats (the rule above).

    A durak: -1 .. 1 / (players - 1) (teams: a team of one loses -1 at worst, and a winner
    gets at most 1 / (players - size) <= 1).  Points in low..high: a seat's return lies in
    -(high - low)(n - 1)/n .. (high - low)(n - 1)/n."""
    span = points_range(engine)
    if span is not None:
        width = (span[1] - span[0]) * (players - 1) / players
        return (-width, width) if width else (-1.0, 1.0)
    if "teams" in built(engine):  # teams.mode (PR1-PR6)
        return (-1.0, 1.0)
    return (-1.0, 1.0 / (players - 1))
