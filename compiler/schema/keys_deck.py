"""Rule keys of players, the deck and the deal (T1, T5, T6, J1-J4, W1-W3, HR12-HR17, HR19, HR31,
L1-L3, H3): part of the key table `durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import SUITS, Key

KEYS_DECK: tuple[Key, ...] = (
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
)
"""The keys of this group, in declaration order."""
