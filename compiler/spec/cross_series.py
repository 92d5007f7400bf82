"""Cross checks of the series capability: deal sizes and redeals (L1-L3, H3)."""

from __future__ import annotations

from durakc.expr.sets import deck_values
from durakc.spec.hands import hand_size

SERIES_LOSSES_CHECKED = 256
"""deal.initial_hand is checked for every loss count from 0 to this bound (L2, L3)."""


def check_initial_hand(values: dict):
    """L2, L3: every seat's deal is at least one card and every deal fits the deck, for
    every loss count up to SERIES_LOSSES_CHECKED (the first that fails is named)."""
    expr = values["deal.initial_hand"]
    if expr.canonical() == "hand_size":
        return  # the default: check_deal covers it
    paths = ("deal.initial_hand", "players.max", "deal.hand_size", "deal.mode")
    if values["deal.mode"] != "hands":
        yield (paths, ("deal.initial_hand is only used when deal.mode is hands "
                       f"(it is {values['deal.mode']})"))
        return
    size = len(values["deck.ranks"]) * len(values["deck.suits"])
    # CT3: a hidden second trump needs two cards left after the deal
    hidden = 2 if values["trump.hidden_second"] else 0
    losses = range(SERIES_LOSSES_CHECKED + 1) if "losses" in expr.names else (0,)
    for players in range(values["players.min"], values["players.max"] + 1):
        for n in losses:
            dealt = expr.evaluate({"losses": n, "hand_size": hand_size(values, players),
                                   "players": players, **deck_values(values["deck.ranks"])})
            if dealt < 1:
                yield (paths, (f"deal.initial_hand gives {dealt} cards with {players} players "
                               f"and {n} losses; every seat needs at least 1"))
                return
            if dealt * players > size - hidden:
                left = (" and trump.hidden_second needs two of them left after the deal (CT3)"
                        if hidden else "")
                yield (paths, (f"the deal does not fit: deal.initial_hand gives {dealt} cards "
                               f"({n} losses) to each of {players} players, "
                               f"{dealt * players}, but the deck has {size} cards{left}"))
                return


def check_redeal(values: dict):
    """H3: a redeal condition that holds for every hand that can be dealt would redeal for
    ever (checked over hand sizes, longest suits, trumps held and player counts)."""
    expr = values["deal.redeal_if"]
    if expr.constant() is False:
        return
    reads_trumps = "trumps" in expr.names or "trumps" in expr.runtime_needs()
    if reads_trumps and values["trump.mode"] in ("per_seat", "per_seat_by_lot"):
        yield (("deal.redeal_if", "trump.mode"),
               ("deal.redeal_if reads trumps, but trump.mode per_seat has no trump suit for "
                "everyone (SK1): count a suit with longest_suit instead"))
        return
    for point in _dealt_hands(values):
        if expr.evaluate_partial(point) is not True:  # false, or it reads the hand's cards
            return
    yield (("deal.redeal_if",), ("deal.redeal_if is always true: every deal would be dealt "
                                "again for ever"))


def _dealt_hands(values: dict):
    """(cards, longest_suit, trumps, players) of dealt hands (H3): hand sizes for 0-3 losses."""
    initial, nsuits = values["deal.initial_hand"], max(1, len(values["deck.suits"]))
    for players in range(values["players.min"], values["players.max"] + 1):
        sizes = {initial.evaluate({"losses": n, "hand_size": hand_size(values, players),
                                   "players": players, **deck_values(values["deck.ranks"])})
                 for n in range(4)}
        if values["deal.mode"] != "hands":
            size = len(values["deck.ranks"]) * nsuits - 1
            sizes = {size // players, -(-size // players)}
        for cards in sorted(c for c in sizes if c > 0):
            for longest in range(-(-cards // nsuits), cards + 1):
                for trumps in range(cards + 1):
                    yield {"cards": cards, "longest_suit": longest, "trumps": trumps,
                           "players": players}
