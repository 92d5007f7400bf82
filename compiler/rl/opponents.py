"""The seats the Gymnasium environment does not learn: durakc bots, or policies.

An opponent is a bot name of durakc.sim.bots (`random`, `greedy`, `mcts:N`), a bot callable
`bot(game, seat, rng) -> action`, or, through `policy_bot`, a policy over the environment's
own observations (`policy(obs) -> action index`): a frozen copy of the learner for self-play,
a league member.
"""

from __future__ import annotations

from durakc.sim.bots import get_bot


def resolve_opponents(opponents, players: int, seat: int) -> dict:
    """{seat: bot} for every seat but the learner's `seat`, from one opponent (for every other
    seat) or a list of them, one per other seat in seat order."""
    others = [s for s in range(players) if s != seat]
    if isinstance(opponents, (list, tuple)):
        if len(opponents) != len(others):
            raise ValueError(f"opponents lists {len(opponents)} bots for {len(others)} seats")
        chosen = list(opponents)
    else:
        chosen = [opponents] * len(others)
    return {s: _bot(b) for s, b in zip(others, chosen)}


def _bot(opponent):
    if isinstance(opponent, str):
        return get_bot(opponent)
    if callable(opponent):
        return opponent
    raise TypeError(f"an opponent is a bot name or a callable bot(game, seat, rng), "
                    f"not {opponent!r}")


def policy_bot(encoding, policy, on_illegal: str = "raise"):
    """A bot that plays `policy(obs)` from its seat's observation, the dict the learner gets
    ({"observation": vector, "action_mask": mask} of `encoding`, the environment's).

    `policy` returns an action index.  An index that is not legal raises ValueError naming it
    (`on_illegal="raise"`), or is replaced by a uniformly random legal action
    (`on_illegal="random"`, for an unmasked policy).
    """
    if on_illegal not in ("raise", "random"):
        raise ValueError(f"on_illegal must be 'raise' or 'random', not {on_illegal!r}")

    def bot(game, seat, rng):
        obs = {"observation": encoding.observation(game, seat),
               "action_mask": encoding.action_mask(game, seat)}
        index = int(policy(obs))
        legal = encoding.legal_indices(game)
        if index in legal:
            return legal[index]
        if on_illegal == "random":
            return rng.choice(game.legal_actions())
        raise ValueError(f"policy_bot: seat {seat}'s policy chose {_describe(encoding, index)}, "
                         f"which is not legal; legal: "
                         f"{', '.join(str(a) for a in game.legal_actions())}")

    bot.__name__ = bot.__qualname__ = f"policy_bot({getattr(policy, '__name__', 'policy')})"
    return bot


def _describe(encoding, index: int) -> str:
    try:
        return f"{index} ({encoding.action_text(index)})"
    except ValueError:
        return str(index)
