"""The search bot: determinized Monte Carlo rollouts through the engine contract.

For each of `samples` determinizations (the hidden cards dealt at random, consistently with
what `seat` can see) every legal action is tried and the game played to the end by players
of a rollout policy (`durakc.sim.bots` passes the greedy bot).  The action that most often
avoids being the loser is chosen.  Using the same determinizations for every action (common
random numbers) keeps the comparison fair.  This module knows no bot by name: the registry
(`bots.get_bot`) builds the search bot, so the bots never import it back.
"""

from __future__ import annotations

from durakc.cards import sort_key
from durakc.sim.estimates import Estimate, publish

DEFAULT_SAMPLES = 12
ROLLOUT_LIMIT = 2000   # actions; a rollout that long is scored as a draw


def _find(d, key):
    """The dict inside `d` (searched depth-first) that holds `key`."""
    if isinstance(d, dict):
        if key in d:
            return d
        for value in d.values():
            found = _find(value, key)
            if found is not None:
                return found
    return None


def determinize(game, seat, rng):
    """A copy of `game` whose hidden cards are redealt at random, consistently with `seat`'s view.

    Hidden cards are the other players' hands and the stock except its last, face-up card,
    less what is public (the face-up trump card `trump_card` in a hand, trumps listed in
    `shown`).  They are shuffled together and dealt back with the same counts: other hands
    keep their sizes, the stock its length and its face-up trump card.  Everything else (own hand,
    table, discard, history) is unchanged.  Works on `to_dict()` / `Game.from_dict()`.

    The seat sees what `observation(seat)` shows: with open hands (HR26, the observation has
    `hands`) the other hands are known and stay; with a closed discard pile (HR25, its
    `discard` is None) the discard's cards are hidden too and dealt back with its size.
    """
    d = game.to_dict()
    holder = _find(d, "hands")
    stock_holder = _find(d, "stock")
    if holder is None or stock_holder is None:
        return game.copy()
    view = game.observation(seat)
    open_hands, closed_discard = "hands" in view, view.get("discard", ()) is None
    hands, stock = holder["hands"], stock_holder["stock"]
    hidden_stock = len(stock) - 1 if stock else 0
    # public knowledge stays put: the face-up trump card once drawn, trumps shown this round
    pinned = set(d.get("shown") or ()) | ({d["trump_card"]} if d.get("trump_card") else set())
    pool = [] if open_hands else [c for s, h in enumerate(hands) if s != seat for c in h
                                  if c not in pinned]
    pool += list(stock[:hidden_stock])
    discard = list(d.get("discard") or ()) if closed_discard else []
    pool += discard
    rng.shuffle(pool)
    at = 0
    new_hands = []
    for s, hand in enumerate(hands):
        if s == seat or open_hands:
            new_hands.append(list(hand))
            continue
        keep = [c for c in hand if c in pinned]
        take = len(hand) - len(keep)
        new_hands.append(sorted(keep + pool[at:at + take], key=sort_key))
        at += take
    if discard:
        d["discard"] = sorted(pool[at:at + len(discard)], key=sort_key)
        at += len(discard)
    holder["hands"] = new_hands
    stock_holder["stock"] = pool[at:] + list(stock[hidden_stock:])
    return type(game).from_dict(d)


NO_RESULT = -1
"""`playout`'s result for a game still running after ROLLOUT_LIMIT actions."""


def playout(game, rng, policy) -> int | None:
    """Play `game` to the end with `policy` for everyone: the loser's seat, None for a draw,
    NO_RESULT when it is still running after ROLLOUT_LIMIT actions."""
    for _ in range(ROLLOUT_LIMIT):
        if game.is_over:
            return game.loser
        game.apply(policy(game, game.to_move, rng))
    return NO_RESULT


def rollout(game, seat, rng, policy) -> float:
    """Play `game` to the end with `policy` for everyone; 1 if `seat` does not lose, else 0
    (0.5 for a playout cut off at ROLLOUT_LIMIT)."""
    loser = playout(game, rng, policy)
    return 0.5 if loser == NO_RESULT else float(loser != seat)


def make_search_bot(policy, samples: int | None = None):
    """A determinized Monte Carlo bot with `samples` determinizations per decision, whose
    rollouts `policy` plays (for every seat); a tie goes to `policy`'s own choice.

    After each decision it publishes its `Estimate` (`durakc.sim.estimates`): the share of
    the chosen action's playouts it did not lose, and how often each seat lost them.
    """
    n = samples or DEFAULT_SAMPLES

    def search_bot(game, seat, rng, repeated=False):
        acts = game.legal_actions()
        if any(str(a) == "resign" for a in acts[-2:]):  # it never resigns (HR24)
            acts = [a for a in acts if str(a) != "resign"]
        if len(acts) == 1:
            publish(search_bot, None)
            return acts[0]
        scores = [0.0] * len(acts)
        losers = [[0] * len(game.hands) for _ in acts]
        for _ in range(n):
            world = determinize(game, seat, rng)
            for i, act in enumerate(acts):
                g = world.copy()
                g.apply(act)
                loser = playout(g, rng, policy)
                scores[i] += 0.5 if loser == NO_RESULT else float(loser != seat)
                if loser is not None and loser != NO_RESULT:
                    losers[i][loser] += 1
        usual = str(policy(game, seat, rng, repeated))  # ties go to the policy's choice
        best = max(range(len(acts)), key=lambda i: (scores[i], str(acts[i]) == usual, -i))
        publish(search_bot, Estimate(seat, scores[best] / n,
                                     tuple(k / n for k in losers[best]), n))
        return acts[best]

    search_bot.__name__ = f"mcts:{n}"
    publish(search_bot, None)
    return search_bot
