"""Bots: `bot(game, seat, rng, repeated=False) -> action`, through the engine contract only.

Every bot is deterministic given `rng` (a `random.Random`) and `repeated` (True when the
current round began from a position that already occurred in this game; the runner knows,
see `runner.play_game`).  `get_bot("mcts:32")` builds a bot from a name with an optional
numeric parameter, checked by the registry (`BOTS`, `register_bot`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from durakc.cards import is_joker, is_wild, printed, rank, split, suit
from durakc.diagnostics import did_you_mean
from durakc.sim.catching import visibly_legal
from durakc.sim.determinize import make_determinized_bot
from durakc.sim.search import make_search_bot

Bot = Callable[..., object]

HIGH_TRUMP = 12        # a trump Q or higher is "expensive"
BIG_STOCK = 8          # ... while more than this many cards are left to draw
LOW_THROW = 10         # throw non-trumps up to this rank while the stock lasts


RESIGN = "resign"      # play.resign (HR24): no bot here ever resigns


def playable(actions):
    """`actions` without `resign` (HR24): the bots play the game out, they never resign.
    Engines list `resign` among the last two actions; without it the list is returned as it
    is, so the bots choose as before."""
    if any(str(a) == RESIGN for a in actions[-2:]):
        return [a for a in actions if str(a) != RESIGN]
    return actions


def random_bot(game, seat, rng, repeated=False):
    """A uniformly random legal action (never `resign`, HR24)."""
    return rng.choice(playable(game.legal_actions()))


JOKER_COST = 150       # a joker beats any card of its colour, trumps included (J2): the
                       # dearest defence card, spent after every trump


def _cost(card: str, trump) -> int:
    if is_joker(card):
        return JOKER_COST
    # a wild card (W2) may always be played as a trump: it is worth as much as one
    return rank(card) + (100 if card[-1] == trump or is_wild(card) else 0)


def _names_trump(cards, trump) -> int:
    """How many wild cards (W2) of `cards` do not name the trump suit: naming trump makes a
    card only a higher trump beats, the best suit to name when attacking or throwing in."""
    return sum(is_wild(c) and suit(c) != trump for c in cards)


def _precious(card: str, trump) -> bool:
    """A card worth keeping: a trump or a joker (J2)."""
    return suit(card) == trump or is_joker(card)


def _beat_plan(unbeaten, beats, trump):
    """Cheapest covering of every unbeaten card: {attack: defence} or None when impossible.

    `beats` maps an attack card to the cards that may beat it.  Most constrained first,
    each gets the cheapest free card (a greedy matching; good enough for a bot).
    """
    plan, used = {}, set()
    for attack in sorted(unbeaten, key=lambda a: (len(beats.get(a, ())), -_cost(a, trump))):
        # a wild card is one card whatever suit it names (W2): used once
        options = [d for d in beats.get(attack, ()) if printed(d) not in used]
        if not options:
            return None
        plan[attack] = min(options, key=lambda d: _cost(d, trump))
        used.add(printed(plan[attack]))
    return plan


def _defend(game, by_kind, trump, repeated):
    # a round that began from a repeated position: passing the attack on again is how
    # endgames loop (attack, transfer or show back, take, ...), so defend as if it could not
    # (a show is a transfer for every other purpose, S3; HR33's any-card shows loop so)
    if "show" in by_kind and not repeated:  # showing costs no card
        return min(by_kind["show"], key=lambda ac: _cost(ac[1][0], trump))[0]
    transfers = [] if repeated else by_kind.get("transfer", [])
    cheap = [ac for ac in transfers if all(suit(c) != trump for c in ac[1])]
    if cheap:
        return min(cheap, key=lambda ac: (len(ac[1]), sum(rank(c) for c in ac[1])))[0]
    take = by_kind.get("take", [(None, ())])[0][0]
    beats: dict[str, list[str]] = {}
    actions = {}
    for act, (a, d) in by_kind.get("beat", []):
        beats.setdefault(a, []).append(d)
        actions[(a, d)] = act
    table = game.table
    unbeaten = [a for a, d in table if d is None]
    plan = _beat_plan(unbeaten, beats, trump) if unbeaten else None
    if plan is None:
        return transfers[0][0] if transfers else take
    trumps = [d for d in plan.values() if _precious(d, trump)]
    if trumps and transfers:
        return min(transfers, key=lambda ac: sum(_cost(c, trump) for c in ac[1]))[0]
    if (take is not None and any(rank(d) >= HIGH_TRUMP or is_joker(d) for d in trumps)
            and sum(1 + (d is not None) for _, d in table) <= 2 and len(game.stock) > BIG_STOCK):
        return take
    attack = max(plan, key=lambda a: _cost(a, trump))
    return actions[(attack, plan[attack])]


def _open(attacks, trump):
    # every card may open, so the single-card openings show the hand's ranks
    counts = Counter(rank(cards[0]) for _, cards in attacks
                     if len(cards) == 1 and suit(cards[0]) != trump and not is_wild(cards[0]))

    def score(ac):
        cards = ac[1]
        # wild cards are kept like trumps, jokers for defence
        trumps = sum(_precious(c, trump) or is_wild(c) for c in cards)
        return (trumps, rank(cards[0]) - 2 * (counts[rank(cards[0])] - 1), -len(cards),
                _names_trump(cards, trump))
    return min(attacks, key=score)[0]


def _throw(game, by_kind, trump):
    stock = len(game.stock)
    options = [ac for ac in by_kind.get("throw", [])
               if all(suit(c) != trump and not is_wild(c) for c in ac[1])
               and not (stock and max(rank(c) for c in ac[1]) > LOW_THROW)]
    if options:
        return min(options, key=lambda ac: (sum(rank(c) for c in ac[1]), -len(ac[1])))[0]
    return by_kind["pass"][0][0] if "pass" in by_kind else game.legal_actions()[0]


# -- before the opening: the trump exchange (TX1) and swaps (PK1-PK4) ----------------------
SWAP_UP_TO = 11        # swap the two lowest non-trumps away when neither is above a jack


def _before_opening(game, by_kind, trump):
    """The exchange or swap greedy makes before attacking, or None.

    TX1: exchange whenever the face-up trump outranks the card given (it is the lowest
    trump, so nearly always).  PK1: swap the two lowest non-trumps for the stock's next two
    when neither is above SWAP_UP_TO (a jack), the lowest listed first (PK3: it comes back
    first); a hand whose low non-trumps are queens or better, or with fewer than two
    non-trumps, is kept.  Measured over 3000 two-player poker games (seeds 0-2999, seats
    alternating) against greedy that never swaps: 827 losses against 1366 (807 draws); the
    limits 8, 9, 10, 12 and "always" did worse than a jack head to head.  A swap is offered
    once per opening, so this ends.
    """
    stock = game.stock
    for act, cards in by_kind.get("exchange", ()):
        if stock and rank(stock[-1]) > rank(cards[0]):
            return act
    if "swap" not in by_kind:
        return None
    low = tuple(sorted((c for c in game.hands[game.to_move] if suit(c) != trump), key=rank)[:2])
    if len(low) == 2 and rank(low[1]) <= SWAP_UP_TO:
        for act, cards in by_kind["swap"]:
            if cards == low:
                return act
    return None


REDEAL_LONGEST = 5     # HR19: ask for a redeal holding no trump and this many of one suit


def _at_the_deal(game, by_kind, trump):
    """HR19 (deal.offer_redeal): `redeal` when the hand holds no trump and REDEAL_LONGEST (5)
    or more cards of one suit (a hand that can neither beat off nor vary its attacks), else
    `keep`: a documented rule, never a guess."""
    hand = game.hands[game.to_move]
    suits = [suit(c) for c in hand]
    longest = max((suits.count(s) for s in set(suits)), default=0)
    if trump not in suits and longest >= REDEAL_LONGEST and "redeal" in by_kind:
        return by_kind["redeal"][0][0]
    return by_kind["keep"][0][0]


def greedy_bot(game, seat, rng=None, repeated=False):
    """Cheap beats, low non-trump attacks, keep trumps, take when beating costs too much
    (never resigns, HR24; at a cheating table it plays no cheat others could see, HR34);
    before attacking, exchange the lowest trump and swap the two lowest non-trumps up to a
    jack (TX1, PK1: see _before_opening).

    When `repeated` (this round began from a position seen before in the game) it neither
    transfers nor shows (S3: a show passes the attack on like a transfer), which breaks the
    endgame cycles of transfer variants and of HR33's any-card shows (two seats passing one
    rank back and forth with shows, each time the original attacker taking its card back).
    """
    # it never resigns (HR24), nor plays a cheat every seat could see (HR34)
    acts = visibly_legal(game, playable(game.legal_actions()))
    if len(acts) == 1:
        return acts[0]
    by_kind: dict[str, list] = {}
    for act in acts:
        kind, cards = split(act)
        by_kind.setdefault(kind, []).append((act, cards))
    trump = game.trump
    if "keep" in by_kind:  # HR19: the questions at the deal
        return _at_the_deal(game, by_kind, trump)
    if "take" in by_kind or "beat" in by_kind:
        return _defend(game, by_kind, trump, repeated)
    if "attack" in by_kind:
        if "exchange" in by_kind or "swap" in by_kind:
            before = _before_opening(game, by_kind, trump)
            if before is not None:
                return before
        return _open(by_kind["attack"], trump)
    return _throw(game, by_kind, trump)


@dataclass(frozen=True)
class BotKind:
    """A bot of the registry: `make(number)` builds it; `param` says what its number counts
    (``mcts:16``: 16 samples), None for a bot that takes none; the number must lie in
    `minimum` .. `maximum` (None: no upper bound)."""

    make: Callable[[int | None], Bot]
    param: str | None = None
    minimum: int = 1
    maximum: int | None = None


BOTS: dict[str, BotKind] = {}
"""Every bot by name, as `get_bot` and `--bots` read it (`register_bot` adds one)."""


def register_bot(name: str, make: Callable[[int | None], Bot], param: str | None = None,
                 minimum: int = 1, maximum: int | None = None) -> None:
    """Make `name` (and ``name:N`` when it takes a `param`) a bot every command accepts."""
    BOTS[name] = BotKind(make, param, minimum, maximum)


def parse_bot(text: str) -> tuple[str, int | None]:
    """(name, number or None) of a bot text such as ``mcts:16``; a ValueError saying what is
    wrong with it otherwise (an unknown name, a number it does not take or can not be)."""
    name, colon, param = text.strip().partition(":")
    kind = BOTS.get(name)
    if kind is None:
        raise ValueError(f"unknown bot {text!r}{did_you_mean(name, BOTS)} "
                         f"(known: {', '.join(BOTS)})")
    if not colon:
        return name, None
    if kind.param is None:
        raise ValueError(f"bot {text!r}: {name} takes no number (write just {name!r})")
    if not re.fullmatch(r"-?[0-9]+", param):
        raise ValueError(f"bot {text!r}: the number of {kind.param} after '{name}:' must be a "
                         f"whole number, not {param!r}")
    value = int(param)
    if value < kind.minimum or (kind.maximum is not None and value > kind.maximum):
        bound = (f"at least {kind.minimum}" if kind.maximum is None
                 else f"{kind.minimum} to {kind.maximum}")
        raise ValueError(f"bot {text!r}: the number of {kind.param} must be {bound}, not {value}")
    return name, value


def get_bot(text: str) -> Bot:
    """A bot by name: random, greedy, mcts[:samples] (alias rollout), or any other of `BOTS`.

    Raises ValueError for a text `parse_bot` refuses, so every caller (--bots, --bot, the RL
    opponents) validates a bot the same way.
    """
    name, number = parse_bot(text)
    return BOTS[name].make(number)


register_bot("random", lambda _: random_bot)
register_bot("greedy", lambda _: greedy_bot)
for _name in ("mcts", "rollout"):
    register_bot(_name, lambda n: make_search_bot(greedy_bot, n), param="samples")

register_bot("search", lambda n: make_determinized_bot(greedy_bot, n), param="samples")

BOT_NAMES = tuple(BOTS)
"""The names of the bots registered above."""
