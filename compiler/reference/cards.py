"""Cards and actions as plain text, as the engine contract writes them.

A card is its text: rank then suit (`10H`, `QS`).  A hand is a list of such
texts, sorted by rank (low to high, as the deck lists its ranks), then by suit
in the order S H D C.  An action is a `str` subclass holding its canonical
text (`attack 9C 9D`, `beat 9C JC`, `take`); comparing actions is comparing
texts.  Nothing here is encoded as bits or cached.
"""

from __future__ import annotations

from durakc.schema.keys import JOKER_COLOURS, joker_texts

SUIT_ORDER = ("S", "H", "D", "C")
"""Canonical suit order of the contract: spades, hearts, diamonds, clubs."""

VERBS = ("attack", "beat", "transfer", "show", "throw", "take", "pass", "exchange", "swap",
         "resign", "redeal", "keep")
"""Every action verb of the contract, in its table's order (then TX1's, PK1's, HR24's and HR19's)."""

_SYMBOLS = {"\u2660": "S", "\u2665": "H", "\u2666": "D", "\u2663": "C"}


class IllegalAction(ValueError):
    """Raised by Game.apply for an action the rules forbid; the game is unchanged."""


class InvalidGame(ValueError):
    """A bad setup, position or saved state (wrong player count, duplicate cards, ...)."""


def is_joker(card: str) -> bool:
    """J1: the card is a joker (`RJ`, `BJ`)."""
    return card in JOKER_COLOURS


def rank_of(card: str) -> str | None:
    """The rank text of a card text ('10H' -> '10'; W3: '6S/H' -> '6'); None for a joker,
    which has no rank (J3)."""
    return None if card in JOKER_COLOURS else printed(card)[:-1]


def printed(card: str) -> str:
    """W2, W3: the printed card of a card text ('6S/H' -> '6S'; '10H' -> '10H')."""
    return card.partition("/")[0]


def suit_of(card: str) -> str | None:
    """The suit letter of a card text ('10H' -> 'H'; W2: '6S/H', played as hearts, -> 'H');
    None for a joker, which has no suit (J3)."""
    return None if card in JOKER_COLOURS else card[-1]


class Deck:
    """The variant's card identities: `deck.ranks` (low to high) times `deck.suits`, then
    the jokers (deck.jokers, J1); on the table also each wild card with a named suit (W2)."""

    def __init__(self, ranks: list[str], suits: list[str], wild=(), jokers: int = 0,
                 copies: int = 1):
        self.ranks = list(ranks)
        self.suits = list(suits)
        self.wild = list(wild)  # W1: the wild cards (deck.wild_rank, deck.wild_suits)
        self.copies = copies  # HR17 (deck.copies): each text this many times, interchangeable
        # The order the engines shuffle: rank by rank, each in the spec's suit order (HR17:
        # each card's copies side by side).
        # random.Random(seed).shuffle of this list gives the same deal in every backend.
        self.cards = [r + s for r in self.ranks for s in self.suits for _ in range(copies)]
        self._order = {r + s: (i, SUIT_ORDER.index(s))
                       for i, r in enumerate(self.ranks) for s in self.suits}
        # deck.jokers (J1, HR16): RJ, BJ, RJ2, BJ2 (those the count holds), after every other card.
        for i, joker in enumerate(joker_texts(jokers)):
            self.cards.append(joker)
            self._order[joker] = (len(self.ranks), i)

    def key(self, card: str) -> tuple[int, int]:
        """Sort key of the contract: rank low to high, then suit S H D C (then a named suit)."""
        base, _, named = card.partition("/")
        return self._order[base] + ((SUIT_ORDER.index(named),) if named else ())

    def sort(self, cards) -> list[str]:
        """`cards` as a new list in canonical order."""
        return sorted(cards, key=self.key)

    def card(self, text) -> str:
        """The canonical text of a card of this deck ('10h', 'Q\u2660' accepted); ValueError if none."""
        t = str(text).strip().upper()
        if t and t[-1] in _SYMBOLS:
            t = t[:-1] + _SYMBOLS[t[-1]]
        if "/" in t:
            return self._named(t, text)
        if t not in self._order:
            raise ValueError(f"{text!r} is not a card of this deck")
        return t

    def _named(self, t: str, text) -> str:
        """W2: a wild card with the suit it is played as ('6S/H', '6♠/♥')."""
        base, _, named = t.partition("/")
        base = self.card(base)
        named = _SYMBOLS.get(named, named)
        if named not in self.suits:
            raise ValueError(f"{text!r} is not a card of this deck")
        if base not in self.wild:
            raise ValueError(f"{base}/{named}: only wild cards name a suit (W2)")
        return base + "/" + named

    def played_as(self, card: str) -> list[str]:
        """W2: the ways a hand card may be played: a wild card once per suit it may name."""
        if card in self.wild:
            return [card + "/" + s for s in SUIT_ORDER if s in self.suits]
        return [card]

    def as_played(self, card: str) -> str:
        """W2: an input card as played; a wild card named without a suit keeps its own."""
        return card + "/" + suit_of(card) if card in self.wild else card


class Action(str):
    """One move: a `str` holding the canonical action text, with its verb and cards."""

    __slots__ = ()

    @property
    def verb(self) -> str:
        """'attack', 'beat', 'transfer', 'show', 'throw', 'take' or 'pass'."""
        return self.split()[0]

    @property
    def cards(self) -> list[str]:
        """The action's card texts, as written."""
        return self.split()[1:]

    @property
    def text(self) -> str:
        """The canonical text (the string itself)."""
        return str(self)

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def make_action(deck: Deck, verb: str, cards=()) -> Action:
    """The action `verb` with `cards`, in canonical text (cards sorted, except `beat A D`)."""
    cards = list(cards) if verb in ("beat", "swap") else deck.sort(cards)  # PK3: order counts
    return Action(" ".join([verb, *cards]))


def parse_action(deck: Deck, text) -> Action:
    """The Action for a text such as 'transfer 9d' or 'beat 9C J\u2663'; ValueError if malformed."""
    if isinstance(text, Action):
        return text
    words = str(text).split()
    if not words:
        raise ValueError("empty action")
    verb = words[0].lower()
    if verb not in VERBS:
        raise ValueError(f"unknown action {words[0]!r}: expected one of {', '.join(VERBS)}")
    cards = [deck.as_played(deck.card(w)) for w in words[1:]]  # W2: '6S' is '6S/S'
    if verb in ("swap", "exchange"):  # PK1, TX1: hand cards as printed (W3)
        if any(suit_of(c) != suit_of(printed(c)) for c in cards):
            raise ValueError(f"'{verb}' gives cards as printed: only a card played names a suit (W2)")
        cards = [printed(c) for c in cards]
    if verb in ("take", "pass", "resign", "redeal", "keep"):  # HR24: resign; HR19: redeal, keep
        if cards:
            raise ValueError(f"'{verb}' takes no cards")
    elif verb == "swap":  # PK1, PK3: two cards, in the order they are to be drawn
        if len(cards) != 2 or (cards[0] == cards[1] and deck.copies == 1):  # HR17: two copies
            raise ValueError("'swap' needs two different cards, the one to be drawn first "
                             "listed first (PK1, PK3)")
    elif verb == "exchange" and len(cards) != 1:  # TX1
        raise ValueError("'exchange' takes exactly one card: the lowest trump (TX1)")
    elif verb == "beat":
        if len(cards) != 2:
            raise ValueError("'beat' needs two cards: the attack card, then the card laid on it")
    elif not cards:
        raise ValueError(f"'{verb}' needs at least one card")
    elif any(cards.count(c) > deck.copies for c in cards):  # HR17: up to deck.copies times
        raise ValueError("a card is named twice")
    elif verb in ("show", "throw") and len(cards) != 1:
        raise ValueError(f"'{verb}' takes exactly one card")
    return make_action(deck, verb, cards)
