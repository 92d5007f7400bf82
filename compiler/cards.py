"""Card and action texts as the engine contract writes them (`10H`, `beat 9S JS`)."""

from __future__ import annotations

RANK_VALUE = {str(n): n for n in range(2, 11)} | {"J": 11, "Q": 12, "K": 13, "A": 14}
SUIT_ORDER = "SHDC"


_RANK: dict[str, int] = {}


def rank(card: str) -> int:
    """Numeric rank (2..14, ace high); unknown ranks count as 0."""
    value = _RANK.get(card)
    if value is None:
        value = _RANK[card] = RANK_VALUE.get(printed(card)[:-1], 0)
    return value


def suit(card: str) -> str:
    """The suit letter; for a wild card played with a named suit ('6S/H', W2) the named one."""
    return card[-1]


def printed(card: str) -> str:
    """The printed card of a card text: '6S/H' (a wild six of spades named hearts) -> '6S'."""
    return card.partition("/")[0]


def is_wild(card: str) -> bool:
    """True for a wild card played with a named suit (W2), e.g. '6S/H'."""
    return "/" in card


def sort_key(card: str) -> tuple[int, int, int]:
    """Canonical order: by rank, then suit S H D C (then a named suit); the jokers last, RJ
    then BJ (J1)."""
    if card in JOKERS:
        return (JOKER_RANK, JOKERS.index(card), 0)
    return (rank(card), SUIT_ORDER.find(printed(card)[-1]), SUIT_ORDER.find(card[-1]))


# -- jokers (deck.jokers, J1-J4) --
JOKERS = ("RJ", "BJ", "RJ2", "BJ2")
"""The jokers (J1, HR16; in deck order): no rank (`rank` gives 0), no suit (`suit` gives 'J', no
suit letter), never a trump (J3)."""
JOKER_RANK = 15
"""Above the ace: where the jokers sort."""


def is_joker(card: str) -> bool:
    """The card is a joker (J1)."""
    return card in JOKERS


_SPLIT: dict[str, tuple[str, tuple[str, ...]]] = {}


def split(action) -> tuple[str, tuple[str, ...]]:
    """(kind, cards) of an action or action text (cached: bots call this a lot)."""
    text = str(action)
    parsed = _SPLIT.get(text)
    if parsed is None:
        parts = text.split()
        parsed = _SPLIT[text] = (parts[0], tuple(parts[1:]))
    return parsed
