"""Cross checks of the deck, the deal and the seats: players, deck, deal, teams (PR1) and
wild cards (W1-W3)."""

from __future__ import annotations

from durakc.diagnostics import did_you_mean
from durakc.schema.keys import TEAM_PLAYER_COUNTS
from durakc.spec.hands import hand_sizes


def check_players(values: dict):
    """players.min <= players.max."""
    low, high = values["players.min"], values["players.max"]
    if low > high:
        yield (("players.min", "players.max"),
               f"players.min ({low}) is greater than players.max ({high})")


def check_deck(values: dict):
    """At least two ranks and one suit (the jokers, 0 to 4, are the key's range: HR16)."""
    if len(values["deck.ranks"]) < 2:
        yield ("deck.ranks",), "the deck needs at least 2 ranks"
    if not values["deck.suits"]:
        yield ("deck.suits",), "the deck needs at least one suit"


def check_copies(values: dict):
    """HR17 (deck.copies): two decks of ranked cards only; jokers and wild cards name one
    card each and are not doubled yet."""
    if values["deck.copies"] == 1:
        return
    for key, value, what in (("deck.jokers", values["deck.jokers"], "jokers"),
                             ("deck.wild_rank", values["deck.wild_rank"], "wild cards")):
        if value:
            yield (("deck.copies", key),
                   f"deck.copies: {values['deck.copies']} does not combine with {what} ({key}) yet")


def check_deal(values: dict):
    """The deal fits the deck at every player count (the largest misfit named)."""
    size = (len(values["deck.ranks"]) * len(values["deck.suits"]) * values["deck.copies"]
            + values["deck.jokers"])
    players = values["players.max"]
    if values["deal.mode"] == "hands":
        # HR31: an expression hand size is checked at every count, the largest misfit named
        for n, hand in sorted(hand_sizes(values).items(), reverse=True):
            if hand * n > size:
                yield (("deal.hand_size", "players.max", "deck.ranks", "deck.suits",
                        "deal.mode"),
                       (f"the deal does not fit: {hand} cards for each of {n} players is "
                        f"{hand * n}, but the deck has {size} cards"))
                break
    if values["deal.mode"] == "all_but_one" and size - 1 < players:
        yield (("deal.mode", "players.max", "deck.ranks", "deck.suits"),
               (f"the deal does not fit: {size - 1} cards can not give each of {players} "
                f"players a card"))
    if values["deal.mode"] == "everything" and size < players:  # HR14
        yield (("deal.mode", "players.max", "deck.ranks", "deck.suits"),
               (f"the deal does not fit: {size} cards can not give each of {players} "
                f"players a card"))


def check_teams(values: dict):
    """PR1: a team mode seats only some player counts; both ends of the range must be one of
    them (a count between them that the mode refuses is refused when a game is dealt)."""
    mode = values["teams.mode"]
    if mode == "none":
        return
    counts = TEAM_PLAYER_COUNTS[mode]
    low, high = values["players.min"], values["players.max"]
    bad = [n for n in dict.fromkeys((low, high)) if n not in counts]
    if bad:
        allowed = " or ".join(str(n) for n in counts)
        yield (("teams.mode", "players.min", "players.max"),
               (f"teams.mode {mode} needs {allowed} players, but players.min..players.max is "
                f"{low}..{high} ({', '.join(map(str, bad))} can not be split into its teams, PR1)"))


def check_wild(values: dict):
    """W1-W3: the wild rank and suits are the deck's; no transfers, one-card openings."""
    rank = values["deck.wild_rank"]
    if rank is None:
        return
    ranks, suits = values["deck.ranks"], values["deck.suits"]
    if rank not in ranks:
        yield (("deck.wild_rank", "deck.ranks"),
               (f"deck.wild_rank {rank} is not a rank of the deck ({' '.join(ranks)})"
                f"{did_you_mean(rank, ranks)}"))
    if not any(s in suits for s in values["deck.wild_suits"]):
        yield (("deck.wild_suits", "deck.suits"),
               "deck.wild_suits names no suit of the deck: no card would be wild")
    # The capability covers one-card openings, throw-ins and beats; a wild card in a
    # transfer or a several-card opening would need every combination of named suits.
    if values["transfer.enabled"]:
        yield (("deck.wild_rank", "transfer.enabled"),
               ("wild cards (deck.wild_rank) do not support transfers yet: set "
                "transfer.enabled: false"))
    if values["attack.opening"] != "single":
        yield (("deck.wild_rank", "attack.opening"),
               ("wild cards (deck.wild_rank) support only one-card openings yet: set "
                "attack.opening: single"))
