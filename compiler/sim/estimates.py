"""What a searching bot believes at a decision: the interface the balance report reads.

A bot that evaluates positions (today's `mcts`, the search bot) publishes, after each
decision it makes, an `Estimate` as its attribute ``last_estimate`` (`publish`); a decision
it did not have to think about (one legal action) publishes None.  A bot that never
estimates has no such attribute (`estimates(bot)` is False).  The runner is not involved:
whoever plays the bot reads `estimate_of(bot)` right after calling it.

`Estimate.loser` holds the estimated chance of every seat being the durak (the rest is the
chance of a draw); a bot that only knows its own chance (`value`) leaves it None, and
`loser_chances` then spreads the rest evenly over the other seats still in the game.
"""

from __future__ import annotations

from dataclasses import dataclass

ATTRIBUTE = "last_estimate"
"""The attribute of a bot that holds its latest `Estimate` (or None)."""


@dataclass(frozen=True)
class Estimate:
    """One decision's estimate by the seat that made it.

    `value`: the seat's estimated chance of not losing after the action it chose (for
    mcts the share of its sampled playouts after that action it did not lose, a draw
    counting as not losing); `loser`: for each seat, the estimated chance that it is the
    durak (None when the bot does not know); `samples`: how many playouts or leaves the
    figures come from.
    """

    seat: int
    value: float
    loser: tuple[float, ...] | None = None
    samples: int = 0


def publish(bot, estimate: Estimate | None) -> None:
    """Make `estimate` the latest estimate of `bot` (None: this decision was forced)."""
    setattr(bot, ATTRIBUTE, estimate)


def estimates(bot) -> bool:
    """Whether `bot` publishes estimates."""
    return hasattr(bot, ATTRIBUTE)


def estimate_of(bot) -> Estimate | None:
    """The estimate `bot` published for its latest decision, or None."""
    return getattr(bot, ATTRIBUTE, None)


def loser_chances(estimate: Estimate, players: int, out=()) -> list[float]:
    """Each seat's estimated chance of being the durak: `estimate.loser`, or, when the bot
    gave only its own `value`, 1 - value for its seat and value shared evenly among the other
    seats not in `out` (those who have left the game can not lose)."""
    if estimate.loser is not None:
        return list(estimate.loser)
    others = [s for s in range(players) if s != estimate.seat and s not in set(out)]
    chances = [0.0] * players
    chances[estimate.seat] = 1.0 - estimate.value
    for s in others:
        chances[s] = estimate.value / len(others)
    return chances


def predicted_loser(chances: list[float], previous: int | None = None) -> int:
    """The seat most likely to lose; a tie keeps `previous` when it is among the likeliest,
    else goes to the lowest seat (so a tie is never a lead change of its own)."""
    top = max(chances)
    likeliest = [s for s, c in enumerate(chances) if c == top]
    return previous if previous in likeliest else likeliest[0]
