"""The `search` bot: perfect-information Monte Carlo sampling with an exact endgame solver.

A decision with one legal action is that action.  Otherwise:

1. **Endgame.** With 2 seats left and the stock empty every card is known (the discard,
   the table and the own hand are public, so the other hand is the rest): the exact solver
   (`durakc.sim.endgame`) picks the action, within a node budget.  Ties go to greedy's
   choice.  Past the budget the bot goes on as in 2.
2. **Sampling.** `samples` times, the hidden cards are dealt at random consistently with
   what the seat has seen (`determinize`), and in that world every legal action is played
   out to the end by greedy players (`rollout`): 2 points when the seat does not lose, 1
   for a draw (a repeated position, the action cap), 0 when it is the durak.  Every action
   is played out in the same worlds (common random numbers).  The action with the most
   points wins; ties go to greedy's choice, then to the first in the legal list.

What the seat has seen (`public_cards`): the face-up trump card (and, with a hidden
trump, both cards of every trump change), every card of a round that ended in a take (it
went to the taker's hand), shown trumps, the cards of swaps and of the trump exchange.
Such a card stays where it is; only the others (the other hands and the face-down stock)
are shuffled and dealt back into the same places.  The discard pile and the table are
public in every bundled variant (the engine's observation lists them) and are never
touched.  The C backend (bots.c.j2, `search_bot`) makes the same draws from the same
`random.Random` stream in the same order, so a seed gives the same game on both.
"""

from __future__ import annotations

from durakc.cards import printed, sort_key
from durakc.sim.endgame import BudgetExceeded, Solver, applies
from durakc.sim.estimates import Estimate, publish
from durakc.sim.seeds import REPEAT_LIMIT

DEFAULT_SAMPLES = 256
ROLLOUT_ACTIONS = 1000     # a rollout this long counts as a draw
NODES_PER_SAMPLE = 2000    # the solver's node budget is this many per sample


def public_cards(game) -> set:
    """The cards whose place `game`'s history has shown to every seat (module docstring)."""
    changes = game.to_dict().get("trump_changes") or ()  # trump.hidden_second (CT2)
    known = {c for change in changes for c in change}
    if game.trump_card:
        known.add(game.trump_card)
    cards: list = []
    took = False
    for text in game.history:
        verb, _, rest = text.partition(" ")
        named = [printed(c) for c in rest.split()]
        if verb in ("attack", "swap", "exchange"):  # a new round begins
            if took:
                known.update(cards)
            cards, took = [], False
            if verb != "attack":
                known.update(named)
                continue
        if verb == "show":
            known.update(named)
        elif verb == "take":
            took = True
        else:
            cards.extend(named)
    if took:
        known.update(cards)
    return known


def determinize(game, seat: int, known: set, rng):
    """A copy of `game` with the hidden cards dealt again at random, or None when nothing
    is hidden from `seat` (then no random number is drawn).

    Hidden: the cards of the other hands and the stock not in `known`.  They are put in
    canonical card order, shuffled (`rng.shuffle`), and dealt back: to the other seats in
    seat order (each gets as many as it had hidden), then to the stock's hidden places in
    draw order (the hidden trump card last).
    """
    d = game.to_dict()
    hands, stock, hidden = d["hands"], d["stock"], d.get("hidden_trump")
    places = stock + ([hidden] if hidden is not None else [])
    pool = [c for s, hand in enumerate(hands) if s != seat for c in hand if c not in known]
    pool += [c for c in places if c not in known]
    if not pool:
        return None
    pool.sort(key=sort_key)
    rng.shuffle(pool)
    at = 0
    for s, hand in enumerate(hands):
        if s == seat:
            continue
        keep = [c for c in hand if c in known]
        take = len(hand) - len(keep)
        hands[s] = sorted(keep + pool[at:at + take], key=sort_key)
        at += take
    for i, card in enumerate(places):
        if card not in known:
            places[i] = pool[at]
            at += 1
    if hidden is not None:
        d["hidden_trump"] = places.pop()
    d["stock"] = places
    return type(game).from_dict(d)


def _round_key(game) -> tuple:
    # what the C backend compares (position_of): within one game the stock only shrinks
    # and the seats out only grow, so their sizes stand for them
    return (tuple(map(tuple, game.hands)), len(game.stock), game.attacker, game.defender,
            len(game.out), game.trump)


def rollout(game, policy) -> int | None:
    """Play `game` out with `policy` in every seat: the loser's seat, or None for a draw.
    Round starts are counted as the runner does (`runner.RoundStarts`): the policy is told
    of a repeated position, the REPEAT_LIMIT-th is a draw (as is a game still running after
    ROLLOUT_ACTIONS)."""
    seen: dict = {}
    took = repeated = False
    for _ in range(ROLLOUT_ACTIONS):
        if game.is_over:
            return game.loser
        mover = game.to_move
        if mover == game.attacker and not game.table:
            if took:
                key = _round_key(game)
                n = seen[key] = seen.get(key, 0) + 1
            else:
                seen.clear()
                n = 1
            took = False
            if n >= REPEAT_LIMIT:
                return None
            repeated = n > 1
        act = policy(game, mover, None, repeated)
        took = took or str(act) == "take"
        game.apply(act)
    return None


def make_determinized_bot(policy, samples: int | None = None):
    """The `search` bot with `samples` worlds per decision (module docstring); `policy`
    (greedy) plays the rollouts and breaks ties."""
    n = samples or DEFAULT_SAMPLES

    def search_bot(game, seat, rng, repeated=False):
        acts = game.legal_actions()
        if len(acts) == 1:
            publish(search_bot, None)  # a forced move: no estimate
            return acts[0]
        usual = acts.index(policy(game, seat, rng, repeated))
        if applies(game):
            try:
                choice = Solver(seat, n * NODES_PER_SAMPLE).best_action(game, acts, usual)
                publish(search_bot, None)  # solved exactly: the solver gives no share of worlds
                return acts[choice]
            except BudgetExceeded:
                pass
        known = public_cards(game)
        scores = [0] * len(acts)
        losers = [[0] * game.players for _ in acts]  # how often each seat lost, per action
        worlds = 0
        for _ in range(n):
            worlds += 1
            world = determinize(game, seat, known, rng)
            base = game if world is None else world
            for i, act in enumerate(acts):
                child = base.copy()
                child.apply(act)
                loser = rollout(child, policy)  # scores 2 a win of `seat`, 1 a draw, 0 a loss
                scores[i] += 1 if loser is None else (0 if loser == seat else 2)
                if loser is not None:
                    losers[i][loser] += 1
            if world is None:  # nothing hidden: every world is this one
                break
        best = max(range(len(acts)), key=lambda i: (scores[i], i == usual, -i))
        # the Estimate (durakc.sim.estimates) `durakc report` reads: half the mean score is
        # the chance of not losing; each seat's share of the rollouts it lost, its chance
        publish(search_bot, Estimate(seat, scores[best] / (2 * worlds),
                                     tuple(k / worlds for k in losers[best]), worlds))
        return acts[best]

    search_bot.__name__ = f"search:{n}"
    publish(search_bot, None)
    return search_bot
