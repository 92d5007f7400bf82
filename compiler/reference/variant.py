"""A checked spec as the reference interpreter reads it: the rule values and the expressions.

`Variant` holds the effective rule values of a spec (the same `durakc.spec.Spec`
object the code generator consumes) and evaluates its expressions by walking their
checked trees (`Expr.evaluate`): no Python source is generated and nothing is
`eval`-ed.  Each method is one rule of the spec language, named by its key.
"""

from __future__ import annotations

import functools

from durakc.envs import ENVS, floor_limit
from durakc.expr.language import Card
from durakc.expr.sets import DECK_RANKS, deck_values
from durakc.reference.cards import JOKER_COLOURS, Deck, rank_of, suit_of
from durakc.schema.keys import ALL_RANKS, KEYS
from durakc.spec import Spec


class Variant:
    """The rules of one checked spec, with one method per expression key."""

    def __init__(self, spec: Spec):
        self.spec = spec
        self.rules = spec.values  # key path -> value (expressions as checked Expr objects)
        self.name = spec.name
        self.deck = Deck(self.rules["deck.ranks"], self.rules["deck.suits"], _wild(self.rules),
                         self.rules["deck.jokers"], self.rules["deck.copies"])
        self.players_min = self.rules["players.min"]
        self.players_max = self.rules["players.max"]
        self.info = variant_info(spec)
        self.deck_rank_values = deck_values(self.deck.ranks)[DECK_RANKS]
        # the `cards` environment's `lowest` and `highest`: ranks as their index in ALL_RANKS
        self.lowest_rank = _RANK_INDEX[self.deck.ranks[0]]
        self.reads = _reads(self.rules)
        self.highest_rank = _RANK_INDEX[self.deck.ranks[-1]]

    def value(self, path: str):
        """The effective value of rule key `path`."""
        return self.rules[path]

    def read(self, env: str, scope, **local) -> dict:
        """The names of the environment `env` the spec's expressions read, as the reference
        reads them (durakc.envs) from `scope` (a game, or this variant) and `local`."""
        values = ENVS[env].read(scope, self.reads.get(env, ()), **local)
        chosen = getattr(scope, "options", None)  # a game's table settings (`options:`)
        return {**values, **chosen} if chosen else values

    # -- values of expression names (durakc.expr.sets) ---------------------------------
    def env(self, values: dict) -> dict:
        """`values` with what every expression may read besides its names: the deck's ranks
        (`deck_rank(n)`)."""
        return {**values, DECK_RANKS: self.deck_rank_values}

    @staticmethod
    def card(text: str, trump: str | None) -> Card:
        """A card text as expressions see it (a wild card as the suit it is played as)."""
        return _card(text, trump)

    @staticmethod
    def cards(texts, trump: str | None) -> tuple[Card, ...]:
        """A collection of card texts (a `cards` value) as expressions see it."""
        return tuple(_card(t, trump) for t in texts)

    def beats(self, attack: str, defence: str, trump: str | None, game=None) -> bool:
        """beating.beats (T11, P4): does `defence` beat `attack` with trump suit `trump`? A
        rule reading the defender (issue 31: `hand`, `me`) reads it from `game`."""
        env = self.read("cards", self, attack=attack, defence=defence, trump=trump, game=game)
        return bool(self.rules["beating.beats"].evaluate(self.env(env)))

    def round_limit(self, env: dict) -> int:
        """attack.limit (T3, T17, P6) for a round; a value below 1 counts as 1."""
        return floor_limit(int(self.rules["attack.limit"].evaluate(self.env(env))))

    def may_throw_in(self, env: dict) -> bool:
        """throw_in.who (T2, P5): may the seat described by `env` add attack cards?"""
        return bool(self.rules["throw_in.who"].evaluate(self.env(env)))

    def transfer_allowed(self, env: dict) -> bool:
        """transfer.when (T13, T15, T18, K1), on the table as it is before the transfer."""
        return bool(self.rules["transfer.when"].evaluate(self.env(env)))

    def transfer_fits(self, env: dict) -> bool:
        """transfer.capacity (T14, T26, T27, K3), on the table as it would be after it."""
        return bool(self.rules["transfer.capacity"].evaluate(self.env(env)))

    # -- series capability: deal sizes and redeals (L1-L3, H3) -------------------------
    @property
    def counts_losses(self) -> bool:
        """L1, PR6: a series counts each seat's lost games when a rule reads them (`losses`
        in deal.initial_hand) or when teams.mode shows them (every seat of a losing team)."""
        return ("losses" in self.rules["deal.initial_hand"].names
                or self.value("teams.mode") != "none"
                or any(self.value(k) for k in ("match.games", "match.losses", "match.points"))
                or self.reads_acting_losses)

    @property
    def reads_acting_losses(self) -> bool:
        """Issue 31: does a condition read the acting seat's `losses` (L1)?"""
        return any("losses" in getattr(self.rules[k.path], "names", ()) for k in KEYS
                   if k.env is not None and "me" in {n.name for n in ENVS[k.env].names})

    def hand(self, players: int) -> int:
        """deal.hand_size (T1, HR31): cards dealt to each seat and refilled to, at `players`."""
        size = self.rules["deal.hand_size"]
        if isinstance(size, int):
            return size
        return int(size.evaluate(self.env(self.read("hand", self, players=players))))

    def initial_hand(self, losses: int, players: int) -> int:
        """deal.initial_hand (L2, L3): cards dealt to a seat that has lost `losses` games
        (at least 1, as the key's minimum says)."""
        env = self.read("deal", self, losses=losses, players=players)
        return max(1, int(self.rules["deal.initial_hand"].evaluate(self.env(env))))

    def redeal(self, hand: list, trump: str | None, players: int) -> bool:
        """deal.redeal_if (H3): does this dealt hand call for a redeal?"""
        return self.dealt_holds("deal.redeal_if", hand, trump, players)

    def dealt_holds(self, path: str, hand: list, trump: str | None, players: int) -> bool:
        """A condition of the `dealt` environment (deal.redeal_if, deal.offer_redeal: H3,
        HR19) on one dealt hand."""
        env = self.read("dealt", self, hand=hand, suits=[suit_of(c) for c in hand], trump=trump,
                        players=players)
        return bool(self.rules[path].evaluate(self.env(env)))

    def may_add(self, env: dict) -> bool:
        """throw_in.card (T17, HR1-HR4, HR9): may the card `env["c"]` be added now?"""
        return bool(self.rules["throw_in.card"].evaluate(self.env(env)))

    def may_show(self, env: dict) -> bool:
        """transfer.show_card (S1, HR33): may the card `env["c"]` be shown now?"""
        return bool(self.rules["transfer.show_card"].evaluate(self.env(env)))

    def annotations(self, env: dict) -> dict[str, bool]:
        """outcome.annotations: every named condition, evaluated when a game is lost."""
        exprs = self.rules["outcome.annotations"]
        env = self.env(env)
        return {name: bool(exprs[name].evaluate(env)) for name in sorted(exprs)}


_RANK_INDEX = {rank: i for i, rank in enumerate(ALL_RANKS)}


def _wild(rules: dict) -> list[str]:
    """W1: the wild cards, deck.wild_rank in each of deck.wild_suits of the deck."""
    rank = rules["deck.wild_rank"]
    if rank is None:
        return []
    return [rank + s for s in rules["deck.suits"] if s in rules["deck.wild_suits"]]


@functools.lru_cache(maxsize=4096)  # a Card is immutable; the reference reads cards at every step
def _card(text: str, trump: str | None) -> Card:
    """A card as the `cards` environment sees it (rank as its index in ALL_RANKS)."""
    if text in JOKER_COLOURS:  # J3: no rank, no suit, not a trump; J2: a colour
        return Card.joker(JOKER_COLOURS[text])
    suit = suit_of(text)
    return Card(_RANK_INDEX[rank_of(text)], suit, suit == trump)


def _reads(rules: dict) -> dict[str, frozenset]:
    """{environment: the names the spec's expressions of that environment read}."""
    reads: dict[str, frozenset] = {}
    for key in KEYS:
        value = rules.get(key.path)
        exprs = value.values() if isinstance(value, dict) else [value]  # outcome.annotations
        for expr in exprs:
            if key.env and hasattr(expr, "names"):
                reads[key.env] = reads.get(key.env, frozenset()) | frozenset(expr.names)
    return reads


def variant_info(spec: Spec) -> dict:
    """The module's VARIANT dict: the generated engine's, marked as the reference backend."""
    return {**spec.variant_dict(), "backend": "reference"}
