"""The spec schema: every rule key a variant may set, declared exactly once.

This module is the single source for validation (`durakc.spec`), for
`durakc explain` and for the README's spec reference table (a test keeps the
README in sync with `schema_text.reference_table()`).  Each `Key` says its type, default,
allowed values, the rule IDs it implements (each defined in docs/rules.md) and a
one-line doc.  The defaults are the transfer profile (rules T1-T28); a variant
states only what differs, like a dialect over its base.

Expression keys name an *environment*: the names and types an expression may
use.  Environments are declared here too (`ENVIRONMENTS`), so the checker, the
code generator and the docs agree on the vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from durakc.schema.envs import (  # noqa: F401 - the vocabulary is part of the schema's API
    CARD_FIELDS,
    COLOURS,
    COUNTER_MAX,
    ENVIRONMENTS,
    JOKER_COLOURS,
    JOKERS_BY_COUNT,
    NAME_RANGES,
    NAME_RULES,
    SET_FIELDS,
    SET_METHODS,
    SET_TYPES,
    SUIT_COLOURS,
    joker_texts,
)
from durakc.schema.teams import TEAM_PLAYER_COUNTS, team_of, teams_of  # noqa: F401 - API

SUITS = ("S", "H", "D", "C")
"""Suit letters in canonical order (spades, hearts, diamonds, clubs)."""

ALL_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
"""Every rank a deck may use, low to high in the usual order."""


@dataclass(frozen=True)
class Key:
    """One rule key of the spec language.

    `type` is one of: ``int``, ``bool``, ``enum`` (one of `choices`),
    ``suit?`` (a suit letter or null), ``suits`` (list of suit letters),
    ``ranks`` (list of rank texts, low to high), ``rank?`` (a rank text or null) or
    ``expr`` (an expression string checked in environment `env`, of result type `result`).
    `reserved` keys leave room for later capabilities: only the default is
    accepted today, and the error says so.
    """

    path: str
    type: str
    default: object
    doc: str
    rules: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    env: str | None = None
    result: str | None = None
    minimum: int | None = None
    maximum: int | None = None
    reserved: bool = False
    choice_docs: dict = field(default_factory=dict, compare=False, hash=False)


_BEATS_DEFAULT = "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump)"

KEYS: tuple[Key, ...] = (
    # -- players and cards --------------------------------------------------
    Key("players.min", "int", 2, "fewest players the variant allows", ("T1",), minimum=2, maximum=12),
    Key("players.max", "int", 6, "most players the variant allows", ("T1",), minimum=2, maximum=12),
    Key("deck.ranks", "ranks", ["6", "7", "8", "9", "10", "J", "Q", "K", "A"],
        "ranks in the deck, lowest first; every suit has each of them", ("T1",)),
    Key("deck.suits", "suits", list(SUITS), "suits in the deck, in any order (cards sort S H D C)",
        ("T1",)),
    # -- jokers (J1-J4): capability `jokers`
    Key("deck.jokers", "int", 0,
        "jokers in the deck, 0 to 4: `BJ`, `RJ`, `BJ2`, `RJ2` (black, red, black, red) in that "
        "order; they sort after every other card, red before black (2: a red `RJ` and a black "
        "`BJ`)", ("J1", "J3", "HR16"), minimum=0, maximum=4),
    # -- wild cards (W1-W3): capability `wild`
    Key("deck.wild_rank", "rank?", None,
        "a rank whose cards are wild: played, such a card names the suit it counts as on the "
        "table (Weli); null: no wild cards", ("W1", "W2", "W3")),
    Key("deck.wild_suits", "suits", list(SUITS),
        "the suits of deck.wild_rank whose cards are wild (only D: the six of diamonds)",
        ("W1",)),
    # -- two decks (HR17): capability `copies`
    Key("deck.copies", "int", 1,
        "how many times each card text is in the deck: 1, or 2 (two decks, their copies "
        "interchangeable: an action names a card by its text and plays one copy)",
        ("HR17",), minimum=1, maximum=2),
    Key("deal.hand_size", "int", 6, "cards dealt to each player and refilled to after a round: "
        "a number, or an expression over `players` (HR31: `6 if players <= 4 else 5`)",
        ("T1", "T5", "T22", "HR31"), minimum=1, maximum=26, env="hand", result="int"),
    Key("deal.mode", "enum", "hands",
        "how much of the deck is dealt", ("T5", "T6", "HR14"),
        choices=("hands", "all_but_one", "everything"),
        choice_docs={"hands": "hand_size cards each, the rest is the stock",
                     "all_but_one": "the whole deck but one card, which shows trump (railroad)",
                     "everything": "the whole deck, one card at a time from the dealer's left "
                                   "(hands may differ by one); the dealer's last card shows "
                                   "trump and stays in the hand; no stock (T6 at every count)"}),
    # -- cards out of play (HR12, HR13): capability `set_aside` ------------------
    Key("deal.stock", "enum", "drawn",
        "what becomes of the cards left after the deal and the trump card", ("T5", "T22", "HR13"),
        choices=("drawn", "aside"),
        choice_docs={"drawn": "they are the stock, drawn from after each round (T22)",
                     "aside": "they are set aside unseen with the turned trump card (only it is "
                              "seen); nothing is ever drawn"}),
    # -- series capability: deal sizes and redeals (L1-L3, H3) -----------------
    Key("deal.initial_hand", "expr", "hand_size",
        "cards each seat is dealt at the start of a game, per seat (refills stay to "
        "deal.hand_size); naming `losses` makes a series count each seat's lost games",
        ("L1", "L2", "L3"), env="deal", result="int", minimum=1),
    Key("deal.redeal_if", "expr", "false",
        "a condition on one dealt hand: when it holds for any hand, the cards are shuffled "
        "and dealt again", ("H3", "HR18"), env="dealt", result="bool"),
    Key("deal.offer_redeal", "expr", "false",
        "a condition on one dealt hand: before the first attack each seat whose hand meets it "
        "is asked, in seat order, `redeal` (everything dealt again by the same dealer; the "
        "questions start again) or `keep`; a seat asks at most once per game",
        ("HR19",), env="dealt", result="bool"),
    # -- trump ----------------------------------------------------------------
    Key("trump.mode", "enum", "turned_bottom", "how the trump suit is fixed",
        ("T5", "T6", "P2", "SK1", "SK2", "HR15"),
        choices=("turned_bottom", "turned_top", "fixed", "none", "per_seat", "per_seat_by_lot"),
        choice_docs={
            "turned_bottom": "the card after the deal is turned face up under the stock, drawn last",
            "turned_top": "the turned card lies on top of the stock and is drawn first (Albanian)",
            "fixed": "trump is always trump.suit; no card is turned",
            "none": "no trump suit at all",
            "per_seat": "no card is turned; each seat owns a suit (trump.seat_suits) that is "
                        "trump whenever that seat defends: is_trump in beating.beats means the "
                        "defender's own suit (Svoi Kozyri)",
            "per_seat_by_lot": "after the deal one card is turned for each seat, in deal order; "
                               "its suit is that seat's own trump (beating as per_seat); the "
                               "turned cards lie face up under the stock in the order turned "
                               "and are drawn last (trumps by lot)",
        }),
    Key("trump.suit", "suit?", None, "the trump suit when trump.mode is fixed", ("004",)),
    # -- the turned card out of play (HR12): capability `set_aside`
    Key("trump.card", "enum", "drawn_last",
        "where the card turned for trump lies (trump.mode turned_bottom or turned_top)",
        ("T5", "P2", "HR12"), choices=("drawn_last", "aside"),
        choice_docs={"drawn_last": "in the stock, where trump.mode lays it (T5: under the "
                                   "stock, drawn last)",
                     "aside": "face up out of play: it fixes trump and is never drawn"}),
    Key("trump.never", "suits", [],
        "suits that can not be trump: a turned card of such a suit is passed over for the next "
        "card of another suit", ("004",)),
    # -- trump that depends on the seat or changes (SK1-SK3, CT1-CT3) -----------
    Key("trump.seat_suits", "suits", list(SUITS),
        "with trump.mode per_seat: the suit seat 0, 1, ... owns, in seat order; suits nobody "
        "owns are plain (players.max may not exceed the list)", ("SK1",)),
    Key("trump.hidden_second", "bool", False,
        "a second card lies face down under the face-up trump card and is drawn after it; when "
        "the face-up card is drawn it is turned and its suit is trump from then on (changeable "
        "trump; the stock must hold both cards)", ("CT1", "CT2", "CT3")),
    # -- swaps and the trump exchange (issue 11: PK, TX) ------------------------
    Key("trump.six_exchange", "bool", False,
        "the attacker about to open a round may exchange the trump of the deck's lowest rank "
        "for the face-up trump card, once per game (false: T4 forbids it)", ("T4", "TX1")),
    Key("swap.per_game", "int", 0,
        "swaps per player per game: before opening a round the attacker may give two cards "
        "and take the next two of the stock (0: no swaps)", ("PK1", "PK2", "PK3", "PK4"),
        minimum=0, maximum=12),
    # -- who starts ----------------------------------------------------------
    Key("first_attacker.first_game", "enum", "lowest_trump", "who opens the first game (or a "
        "list of criteria tried in order, each {lowest: cond} or {highest: cond} over the card "
        "c: the holder of the lowest/highest such card opens; issue 31)",
        ("T7", "P3", "SK3"), choices=("lowest_trump", "left_of_dealer"),
        choice_docs={"lowest_trump": "the holder of the lowest trump",
                     "left_of_dealer": "the player left of the dealer"}),
    Key("first_attacker.no_trump_held", "enum", "left_of_dealer",
        "what happens when nobody holds a trump at the start", ("T7", "P3", "HR30"),
        choices=("left_of_dealer", "redeal", "lowest_card"),
        choice_docs={"left_of_dealer": "the player left of the dealer starts",
                     "redeal": "the cards are shuffled and dealt again",
                     "lowest_card": "the holder of the lowest card starts (rank first; ties "
                                    "by suit: clubs, diamonds, hearts, spades; HR30)"}),
    Key("series.next_dealer", "enum", "loser", "who deals the next game of a series", ("T8",),
        choices=("loser", "left_of_dealer"),
        choice_docs={"loser": "the durak deals (after a draw the dealer stays)",
                     "left_of_dealer": "the deal passes clockwise"}),
    Key("series.first_attacker", "enum", "left_of_dealer",
        "who opens a later game of a series", ("T8", "P3", "H2"),
        choices=("left_of_dealer", "lowest_trump", "right_of_loser"),
        choice_docs={"left_of_dealer": "the dealer's left neighbour (the loser's, under T8)",
                     "lowest_trump": "the holder of the lowest trump, as in the first game",
                     "right_of_loser": "the player on the loser's right, against the loser "
                                       "(after a draw: the dealer's left)"}),
    # matches and results (issue 20 group D: HR23)
    Key("series.repeat_loser_if", "expr", "false",
        "evaluated for the durak when a game is lost: true means the durak deals the next two "
        "games, the second as if it had lost again (T8 from the same seat)", ("HR23",),
        env="result", result="bool"),
    Key("series.after_draw", "enum", "same_dealer", "who opens the game after a draw",
        ("T8", "HR23"), choices=("same_dealer", "same_dealer_lowest_trump"),
        choice_docs={"same_dealer": "the dealer stays and series.first_attacker opens (T8)",
                     "same_dealer_lowest_trump": "the dealer stays and the first game's rule "
                                                 "opens again (first_attacker.*: T7)"}),
    # -- attacking -----------------------------------------------------------
    Key("attack.opening", "enum", "same_rank",
        "what the opening attack of a round may be: a choice, or a condition on the proposed "
        "opening `cards` (the subsets of the hand, within `room`, whose sizes the condition "
        "bounds: `len(cards) == ...` or `len(cards) <= ...`; when it allows none of a hand, "
        "any one card opens; capability `opening_rule`)",
        ("T10", "P4", "SG1", "HR7", "HR8"), choices=("same_rank", "single"), env="opening",
        result="bool",
        choice_docs={"same_rank": "one card or several cards of one rank",
                     "single": "exactly one card"}),
    Key("attack.limit", "expr", "6",
        "most attack cards in one round, at least 1 (the defender's hand limits them too)",
        ("T3", "T17", "T19", "P6", "SG3"), env="round", result="int", minimum=1),
    Key("throw_in.who", "expr", "not is_defender",
        "which seats may add attack cards, asked clockwise from the current attacker",
        ("T2", "P5"), env="seat", result="bool"),
    # siege (SG2-SG4): when throw-ins are allowed
    Key("throw_in.timing", "enum", "after_defence",
        "when non-defenders may add attack cards", ("T2", "SG2", "SG4"),
        choices=("after_defence", "any_time"),
        choice_docs={
            "after_defence": "only while no attack card is unbeaten, or after a take (protocol)",
            "any_time": "from the opening on, also while cards are unbeaten: after every change "
                        "to the table the entitled players are asked, the current attacker "
                        "first, before the defender moves (siege; no transfers)",
        }),
    # -- the order of a round (issue 20: HR11): capability `throw_order`
    Key("throw_in.first", "enum", "attacker",
        "where the throw-in priority starts each time the entitled seats are asked", ("T2", "HR11"),
        choices=("attacker", "last_thrower"),
        choice_docs={
            "attacker": "the current attacker, then clockwise (T2)",
            "last_thrower": "the seat that last added a card to this round by a throw-in, then "
                            "clockwise (the current attacker while nobody has thrown in yet)",
        }),
    # -- the card being played (HR1-HR4, HR9): capability `throw_card`
    Key("throw_in.card", "expr", "c.rank in table.ranks",
        "which card `c` a seat may add to the attack (a throw-in; the opening and transfers "
        "have their own keys): the default is a rank already on the table, attack or defence "
        "cards (T17); `not took and ...` ends throw-ins at a take (HR9)",
        ("T17", "HR1", "HR2", "HR3", "HR4", "HR9"), env="throw", result="bool"),
    # -- teams (PR1-PR6) --------------------------------------------------------
    Key("teams.mode", "enum", "none",
        "fixed teams by seat: the defender (and a transfer's target) is the next active "
        "opponent, and a team loses the game; who throws in is throw_in.who's "
        "(partner_of_defender)",
        ("PR1", "PR2", "PR3", "PR4", "PR5", "PR6"),
        choices=("none", "opposite", "alternate"),
        choice_docs={"none": "every player for themselves",
                     "opposite": "partners sit opposite: 4 players {0,2} {1,3}; 6 players "
                                 "{0,3} {1,4} {2,5}",
                     "alternate": "two teams of alternate seats: 6 players {0,2,4} {1,3,5}"}),
    # -- defending ------------------------------------------------------------
    Key("beating.beats", "expr", _BEATS_DEFAULT, "when defence card d beats attack card a",
        ("T11", "P4"), env="cards", result="bool"),
    Key("transfer.enabled", "bool", True,
        "the defender may pass the attack on by playing cards of the attacked rank",
        ("T13", "P4")),
    Key("transfer.when", "expr", "beaten == 0",
        "when a transfer is allowed, judged for each transfer (or show) it could be, with the "
        "table as it would be after it (the unbeaten cards must also share one rank)",
        ("T13", "T15", "T18", "K1", "HR5", "HR6"), env="transfer", result="bool"),
    Key("transfer.capacity", "expr", "attack_cards <= min(limit, next_hand)",
        "what must hold after a transfer or show, counted with the next defender's hand now",
        ("T14", "T26", "T27", "K3"), env="transfer", result="bool"),
    Key("transfer.show_trump", "bool", False,
        "the defender may pass by showing a trump of the attacked rank and keeping it",
        ("T16", "S1")),
    Key("transfer.show_card", "expr", "c.is_trump",
        "which card `c` of the attacked rank the defender may show (transfer.show_trump), "
        "judged with the table as it would be after the show",
        ("S1", "HR33"), env="show", result="bool"),
    Key("transfer.show_once", "bool", True,
        "a given trump (card) may be shown at most once per round", ("S2",)),
    # -- closing the round ---------------------------------------------------
    Key("after_take.next_attacker", "enum", "left_of_defender",
        "who attacks after a defender took the cards", ("T21", "T23", "P8"),
        choices=("left_of_defender", "same_attacker"),
        choice_docs={"left_of_defender": "the next active player after the one who took",
                     "same_attacker": "the round's original attacker attacks again"}),
    # -- what a take picks up (issue 31 item 2: HR32): capability `partial_take`
    Key("take.picks_up", "enum", "all",
        "which table cards a defender who takes picks up; the others go to the discard pile "
        "when the round closes (cards added after the take are attack cards, picked up)",
        ("T21", "HR32"),
        choices=("all", "unbeaten", "attack"),
        choice_docs={"all": "every table card, the defence cards included (T21)",
                     "unbeaten": "only the attack cards still unbeaten; beaten pairs are "
                                 "discarded (HR32)",
                     "attack": "every attack card; the defence cards are discarded"}),
    Key("refill.first_on_return", "bool", True,
        "when a transfer brought the attack back to the original attacker, they still draw first",
        ("T22", "S3")),
    # -- the order of a round (issue 20: HR10): capability `refill_order`
    Key("refill.defender", "enum", "last",
        "where the final defender draws in the refill order", ("T22", "P9", "HR10"),
        choices=("last", "first", "first_after_take"),
        choice_docs={
            "last": "after everyone else (T22, P9)",
            "first": "before everyone else, whether they beat the attack or took",
            "first_after_take": "first after a take, then the others in the usual order; "
                                "last after a successful defence",
        }),
    # -- outcome ---------------------------------------------------------------
    Key("outcome.annotations", "annotations", {},
        "named conditions recorded with a lost game (double durak, epaulettes)", ("003", "004"),
        env="outcome", result="bool"),
    # -- results (issue 20 group D: HR20, HR22, EP2) ---------------------------------
    Key("outcome.winner", "enum", "none", "who wins a game (`winner`)", ("HR20",),
        choices=("none", "first_out"),
        choice_docs={"none": "nobody: a game only has a durak",
                     "first_out": "the first seat to go out (finishing_order's first)"}),
    # -- a game that ends by a condition (issue 31 item 3: HR35, HR36): capability `end_rule`
    Key("outcome.ends_when", "expr", "active_players < 2",
        "the game also ends at the end of a round in which a seat went out when this holds "
        "(besides its own end, T24 and PR5); then the durak is chosen by outcome.durak and, "
        "with teams, the first seat out's team wins", ("T24", "HR35", "HR36"), env="ending",
        result="bool"),
    Key("outcome.durak", "expr", "cards",
        "once the game ended by outcome.ends_when: each candidate's weight; the durak is the "
        "candidate with the highest (ties: the first clockwise from the first seat out). "
        "Candidates: the seats still holding cards; with teams, every seat of the other teams "
        "than the first seat out's", ("HR35", "HR36"), env="durak", result="int"),
    Key("outcome.points", "expr", "0",
        "each seat's points for a game, evaluated per seat when it ends (a draw too); the "
        "engine sums them over the series (`match_points`); 0: no points", ("HR22", "EP2"),
        env="result", result="int"),
    # -- matches (issue 20 group D: HR21, EP3) ---------------------------------------
    Key("match.games", "int", 0, "the match ends after this many games (0: no limit)",
        ("HR21",), minimum=0, maximum=1_000_000_000),
    Key("match.losses", "int", 0,
        "the match ends once a seat has lost this many games (0: no limit)", ("HR21",),
        minimum=0, maximum=1_000_000_000),
    Key("match.points", "int", 0,
        "the match ends once a seat's points (outcome.points) reach this many; that seat "
        "loses the match (0: no limit)", ("HR21", "EP3"), minimum=0, maximum=1_000_000_000),
    # -- the table (issue 20: HR24-HR26): capabilities `resign`, `view_discard`, `view_hands`
    Key("play.resign", "bool", False,
        "the seat to move may play `resign` instead of acting: it is the durak at once and the "
        "game ends (teams: its team loses)", ("HR24",)),
    Key("play.cheating", "bool", False,
        "cheating table: attacks, throw-ins and beats may break the rules of rank and suit "
        "(counts, turn order and holding the card still hold); while the round is open every "
        "seat but a play's author may `catch` it out of turn", ("HR34",)),
    Key("view.discard", "enum", "open",
        "what observation(seat) shows of the discard pile and of past rounds", ("HR25",),
        choices=("open", "closed"),
        choice_docs={
            "open": "the discard pile's cards and the whole history",
            "closed": "only how many cards the discard pile holds, and only the current "
                      "round's actions",
        }),
    Key("view.hands", "enum", "own",
        "which hands observation(seat) shows card by card", ("HR26",),
        choices=("own", "all"),
        choice_docs={"own": "the seat's own hand; the others as counts",
                     "all": "every seat's hand (open hands, a teaching table)"}),
)

KEY_BY_PATH: dict[str, Key] = {k.path: k for k in KEYS}

TOP_LEVEL_FIELDS = {
    "name": "variant name: lowercase letters, digits and '-'",
    "title": "a human title",
    "extends": "the variant this one builds on",
    "description": "free text: what the variant is and the decisions it takes",
    "sources": "list of seed sections or rule IDs the variant follows",
    "rules": "the rule keys below, as a nested mapping",
    "options": "table settings chosen when a game starts: name -> {type: bool, or choices: "
               "[...], or range: [low, high]; default; text} (read in attack.limit, "
               "throw_in.who, transfer.when, transfer.capacity)",
}
"""Fields of a spec file besides the rule keys (which live under ``rules:``)."""


def sections() -> list[str]:
    """Top-level groups of rule keys, in declaration order."""
    seen: list[str] = []
    for key in KEYS:
        head = key.path.split(".")[0]
        if head not in seen:
            seen.append(head)
    return seen


def defaults() -> dict[str, object]:
    """Flat mapping of every key path to its default value."""
    return {k.path: k.default for k in KEYS}


def key_rules(key: Key, value: object) -> tuple[str, ...]:
    """The rule IDs of `key` with `value`: the key's, then those of the expression names the
    value reads (NAME_RULES), e.g. attack.limit reading `discard` adds H1."""
    names = getattr(value, "names", ())
    extra = [r for (env, name), ids in NAME_RULES.items() if env == key.env and name in names
             for r in ids if r not in key.rules]
    return tuple(key.rules) + tuple(dict.fromkeys(extra))


def value_text(value: object) -> str:
    """A rule value as a spec would write it: null, true/false, [a, b], or the text."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(getattr(value, "text", value))
