"""Rule keys of who starts and the series (T7, T8, H2, HR23): part of the key table
`durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import Key

KEYS_SERIES: tuple[Key, ...] = (
    # -- who starts ----------------------------------------------------------
    Key("first_attacker.first_game", "enum", "lowest_trump", "who opens the first game (or a "
        "list of criteria tried in order, each {lowest: cond} or {highest: cond} over the card "
        "c: the candidate holding the lowest/highest such card opens; or {most: int} or "
        "{fewest: int} over one seat at the deal (hand, trumps, cards, seat, players): the "
        "seats of the greatest/least value stay candidates, one left opens; still tied after "
        "the list: first_attacker.no_trump_held among them; issue 31)",
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
        "who opens a later game of a series (or a list of criteria as first_attacker.first_game "
        "takes, card and seat items, tried in order on the new deal; still tied after the "
        "list: first_attacker.no_trump_held decides among the candidates; issue 31)", ("T8", "P3", "H2"),
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
)
"""The keys of this group, in declaration order."""
