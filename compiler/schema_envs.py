"""The vocabulary of the expression language: environments, card and set fields, ranges.

`durakc.schema` re-exports every name here; the spec keys (`schema.KEYS`) name the
environment their expression is checked in.  Each environment maps a name to
``(type, doc)``.  Types: ``int``, ``bool``, ``rank``, ``suit``, ``colour``, ``card``, and the
collections ``cards`` (a multiset of cards), ``ranks`` and ``suits`` (sets).

Every int name has a range (`NAME_RANGES`): the checker computes the interval of every
integer sub-expression from them and refuses an expression whose result can not be stored
(`durakc.expr_ranges`), so every backend computes the same number.
"""

from __future__ import annotations

INT_MAX = 2**31 - 1
"""The largest int a counter of the engine state holds (32-bit C int)."""

COUNTER_MAX = 1_000_000_000
"""The largest value of a counter of a game or a series (transfers this round, lost games,
an attack limit): engines refuse saved states and positions beyond it, so sums of a few
counters still fit in INT_MAX."""

CARDS_MAX = 13 * 4 * 2 + 4
"""The most cards any deck the schema allows holds (13 ranks, 4 suits, 2 copies, 4 jokers)."""

PLAYERS_MAX = 12
"""The most seats the schema allows (players.max)."""

# ---------------------------------------------------------------------------
# Fields.  Card fields are fixed: .rank (rank), .suit (suit), .is_trump (bool),
# .is_joker (bool), .colour (colour).  A `cards` value has the fields of SET_FIELDS and the
# method `count(x)` (x a rank, suit or colour).
# ---------------------------------------------------------------------------
CARD_FIELDS = {
    "rank": ("rank", "the card's rank"),
    "suit": ("suit", "the card's suit"),
    "is_trump": ("bool", "the card is of the trump suit"),
    # -- jokers (deck.jokers, J1-J4) --
    "is_joker": ("bool", "the card is a joker (J1: it has no rank, no suit and is not a trump)"),
    "colour": ("colour", "red (hearts, diamonds, the red joker) or black (spades, clubs, the black joker)"),
}

SET_TYPES = {"cards": "card", "ranks": "rank", "suits": "suit"}
"""The collection types, each with the type of its elements (`x in s`)."""

SET_FIELDS = {
    "ranks": ("ranks", "the ranks of the cards (a joker adds none, J3)"),
    "suits": ("suits", "the suits of the cards (a joker adds none)"),
    "trumps": ("cards", "the cards that are trumps"),
    "pairs": ("int", "how many ranks the cards hold at least twice"),
    "longest_suit": ("int", "the most cards of one suit"),
}
"""Fields of a `cards` value."""

SET_METHODS = {
    "count": ("int", "count(x): how many of the cards have rank, suit or colour x"),
}
"""Methods of a `cards` value."""

COLOURS = ("red", "black")
"""Colour literals of the expression language; a joker's colour is its only card identity (J2)."""

SUIT_COLOURS = {"S": "black", "H": "red", "D": "red", "C": "black"}
"""The colour of each suit (J2)."""

JOKER_COLOURS = {"RJ": "red", "BJ": "black", "RJ2": "red", "BJ2": "black"}
"""The jokers (deck.jokers, J1, HR16) by card text, in deck order (their card ints follow every
other card in this order), and their colours (J2)."""

JOKERS_BY_COUNT = ("BJ", "RJ", "BJ2", "RJ2")
"""HR16: which jokers a deck of 1, 2, 3 or 4 jokers holds: the first `deck.jokers` of these."""


def joker_texts(count: int) -> list[str]:
    """HR16, J1: the texts of a deck's `count` jokers in deck order (1: BJ; 2: RJ, BJ; 3: RJ,
    BJ, BJ2; 4: RJ, BJ, RJ2, BJ2)."""
    held = JOKERS_BY_COUNT[:count]
    return [t for t in JOKER_COLOURS if t in held]

ENVIRONMENTS: dict[str, dict[str, tuple[str, str]]] = {
    # Evaluated at compile time for every pair of cards and every possible
    # trump suit: the result is a beat table in the engine.
    "cards": {
        "a": ("card", "the attack card"),
        "d": ("card", "the defence card laid on it"),
        "lowest": ("rank", "the lowest rank of the deck"),
        "highest": ("rank", "the highest rank of the deck"),
    },
    # Evaluated once per round, when the opening attack is made.
    "round": {
        "first_round": ("bool", "this is the game's first round"),
        "players": ("int", "number of seats"),
        "active_players": ("int", "players still holding cards this round"),
        "stock": ("int", "cards left in the stock"),
        # series capability (H1)
        "discard": ("int", ("cards on the discard pile (0 until the game's first successful "
                           "defence, H1)")),
    },
    # Evaluated for a proposed transfer (or show), with the table as it would be after it.
    "transfer": {
        "first_round": ("bool", "this is the game's first round"),
        "limit": ("int", "this round's attack limit (attack.limit)"),
        "attack_cards": ("int", "attack cards on the table after the transfer"),
        "unbeaten": ("int", "unbeaten attack cards after the transfer"),
        "beaten": ("int", "attack cards already beaten this round"),
        "next_hand": ("int", "cards now held by the player who would defend next"),
        "transfers": ("int", "transfers (and shows) already made this round"),
        "unbeaten_late": ("int", "unbeaten attack cards added after the first beat, the transfer's own included (K1: new)"),
    },
    # Evaluated per seat when the attack reaches a defender: may this seat throw in?
    "seat": {
        "is_attacker": ("bool", "the seat is the current attacker"),
        "is_original_attacker": ("bool", "the seat opened this round"),
        "is_defender": ("bool", "the seat is the current defender"),
        "left_of_defender": ("bool", "the seat is the next active player after the defender"),
        "right_of_defender": ("bool", "the seat is the active player just before the defender"),
        "partner_of_defender": ("bool", "the seat is on the defender's team (teams.mode, PR2)"),
        "players": ("int", "number of seats"),
        "active_players": ("int", "players still in the game"),
    },
    # Evaluated for each card a seat could add to the attack (throw_in.card, T17, HR1-HR4, HR9).
    "throw": {
        "c": ("card", "the card to be added (a wild card as the suit it is played as)"),
        "table": ("cards", "every card on the table, attack and defence cards, as played"),
        "attack": ("cards", "the attack cards on the table"),
        "opening": ("cards", "this round's opening attack"),
        "took": ("bool", "the defender has declared take"),
        "attack_cards": ("int", "attack cards on the table"),
        "unbeaten": ("int", "unbeaten attack cards on the table"),
        "limit": ("int", "this round's attack limit (attack.limit)"),
        "first_round": ("bool", "this is the game's first round"),
        "stock": ("int", "cards left in the stock"),
        "is_attacker": ("bool", "the seat asked is the current attacker"),
        "players": ("int", "number of seats"),
        "active_players": ("int", "players still in the game"),
    },
    # series capability: evaluated per seat at the deal (L2).
    "deal": {
        "losses": ("int", "games this seat has lost so far in the series (L1)"),
        "hand_size": ("int", "deal.hand_size"),
        "players": ("int", "number of seats"),
    },
    # series capability: evaluated for every dealt hand; true for any hand means a redeal (H3).
    "dealt": {
        "hand": ("cards", "the dealt hand (HR18: hand.count(red) == len(hand))"),
        "longest_suit": ("int", "most cards of one suit in the hand"),
        "trumps": ("int", "trumps in the hand (0 without a trump suit)"),
        "cards": ("int", "cards in the hand"),
        "players": ("int", "number of seats"),
    },
    # Evaluated once when the game ends with a loser.
    "outcome": {
        "loser_hand": ("int", "cards held by the durak at the end"),
        "final_attack_cards": ("int", "attack cards of the final round"),
        "final_attack_lowest": ("int", "attack cards of the final round of the deck's lowest rank"),
        "final_took": ("bool", "the durak took the cards in the final round"),
        "loser_was_defender": ("bool", "the durak was the defender of the final round"),
        "players": ("int", "number of seats"),
    },
    # Evaluated per seat when a game ends (outcome.points, HR22, EP2) and for the durak
    # (series.repeat_loser_if, HR23).
    "result": {
        "is_loser": ("bool", "the seat is the durak (with teams: PR6's loser)"),
        "lost": ("bool", "the seat lost the game (with teams: every seat of the losing team)"),
        "is_winner": ("bool", "the seat is the game's winner (outcome.winner)"),
        "is_draw": ("bool", "the game is a draw"),
        "hand": ("cards", "the seat's cards at the end"),
        "place": ("int", ("the seat's place in the finishing order from 1; seats still "
                          "holding cards at the end come after every seat that went out (HR20)")),
        "players": ("int", "number of seats"),
        "points": ("int", "the seat's points in the series before this game (EP1)"),
        "game": ("int", "the number of this game in the series, 1 for the first"),
        "final_attack": ("cards", "the attack cards of the game's final round"),
        "loser_was_defender": ("bool", "the durak was the defender of the final round"),
        "loser_hand": ("int", "cards held by the durak at the end (0 after a draw)"),
        "final_took": ("bool", "the final round's defender took the cards"),
    },
}

# Expression names that bring a rule of their own into the key that reads them (explain
# lists these IDs after the key's), per (environment, name).
NAME_RULES: dict[tuple[str, str], tuple[str, ...]] = {
    ("round", "discard"): ("H1",),  # five until the first discard
}

# The range of every int name, per environment: the checker's intervals start here.  Counts
# of cards are at most CARDS_MAX, of seats at most PLAYERS_MAX; the attack limit at most
# COUNTER_MAX.  Counters of a game or a series start at most at COUNTER_MAX (a saved state or
# a position beyond it is refused) and then grow in play: transfers by at most a round's
# cards (CARDS_MAX), losses by one a game, so their ranges leave that headroom
# (RUNNING_TRANSFERS_MAX, RUNNING_LOSSES_MAX) and a counter that grew past COUNTER_MAX still
# computes the same number on every backend.
RUNNING_TRANSFERS_MAX = COUNTER_MAX + CARDS_MAX
"""The most transfers a round can count: a saved COUNTER_MAX plus one per card."""

RUNNING_LOSSES_MAX = 2 * COUNTER_MAX
"""The losses a seat is assumed to reach at most: a saved COUNTER_MAX plus as many games again."""

NAME_RANGES: dict[str, dict[str, tuple[int, int]]] = {
    "round": {"players": (2, PLAYERS_MAX), "active_players": (0, PLAYERS_MAX),
              "stock": (0, CARDS_MAX), "discard": (0, CARDS_MAX)},
    "transfer": {"limit": (1, COUNTER_MAX), "attack_cards": (0, CARDS_MAX),
                 "unbeaten": (0, CARDS_MAX), "beaten": (0, CARDS_MAX),
                 "next_hand": (0, CARDS_MAX), "transfers": (0, RUNNING_TRANSFERS_MAX),
                 "unbeaten_late": (0, CARDS_MAX)},
    "seat": {"players": (2, PLAYERS_MAX), "active_players": (0, PLAYERS_MAX)},
    "throw": {"attack_cards": (0, CARDS_MAX), "unbeaten": (0, CARDS_MAX), "limit": (1, COUNTER_MAX),
              "stock": (0, CARDS_MAX), "players": (2, PLAYERS_MAX),
              "active_players": (0, PLAYERS_MAX)},
    "deal": {"losses": (0, RUNNING_LOSSES_MAX), "hand_size": (1, CARDS_MAX), "players": (2, PLAYERS_MAX)},
    "dealt": {"longest_suit": (0, CARDS_MAX), "trumps": (0, CARDS_MAX), "cards": (0, CARDS_MAX),
              "players": (2, PLAYERS_MAX)},
    "outcome": {"loser_hand": (0, CARDS_MAX), "final_attack_cards": (0, CARDS_MAX),
                "final_attack_lowest": (0, CARDS_MAX), "players": (2, PLAYERS_MAX)},
    "result": {"place": (1, PLAYERS_MAX), "players": (2, PLAYERS_MAX),
               "points": (-COUNTER_MAX, COUNTER_MAX), "game": (1, COUNTER_MAX),
               "loser_hand": (0, CARDS_MAX)},
}

COUNT_RANGE = (0, CARDS_MAX)
"""The range of a count of cards: `len(...)`, `.count(x)`, `.pairs`, `.longest_suit`."""
