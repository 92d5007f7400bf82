"""Cross checks of the trump: a fixed suit, suits that are never trump, trumps that depend
on the seat (SK1-SK3) or change (CT1-CT3), and the swaps with the face-up card (PK, TX1)."""

from __future__ import annotations

from durakc.spec.hands import hand_size


def check_trump_suit(values: dict):
    """trump.suit is given exactly when trump.mode is fixed, a suit of the deck that may be
    trump."""
    mode, suit = values["trump.mode"], values["trump.suit"]
    if mode == "fixed" and suit is None:
        yield ("trump.mode",), "trump.mode fixed needs trump.suit (S, H, D or C)"
    if mode != "fixed" and suit is not None:
        yield (("trump.suit",),
               f"trump.suit is only used when trump.mode is fixed (it is {mode})")
    if suit is not None and suit not in values["deck.suits"]:
        yield ("trump.suit", "deck.suits"), f"trump.suit {suit} is not a suit of the deck"
    if suit is not None and suit in values["trump.never"]:
        yield ("trump.suit", "trump.never"), f"trump.suit {suit} is listed in trump.never"


def check_trump_never(values: dict):
    """trump.never names suits of the deck and leaves at least one of them."""
    never, suits = values["trump.never"], values["deck.suits"]
    for suit in never:
        if suit not in suits:
            yield ("trump.never", "deck.suits"), f"trump.never: {suit} is not a suit of the deck"
    if suits and all(s in never for s in suits):
        yield ("trump.never", "deck.suits"), "trump.never excludes every suit of the deck"


def check_seat_trumps(values: dict):
    """SK1: every seat owns a suit of the deck; rules that need one shared trump are refused."""
    if values["trump.mode"] != "per_seat":
        return
    owned, players = values["trump.seat_suits"], values["players.max"]
    for suit in owned:
        if suit not in values["deck.suits"]:
            yield (("trump.seat_suits", "deck.suits"),
                   f"trump.seat_suits: {suit} is not a suit of the deck")
    if players > len(owned):
        yield (("players.max", "trump.seat_suits", "trump.mode"),
               (f"trump.mode per_seat gives each seat a suit of trump.seat_suits, but "
                f"{len(owned)} suits can not serve {players} players (players.max)"))
    shared = [("first_attacker.first_game", "lowest_trump", "T7: the lowest trump opens"),
              ("series.first_attacker", "lowest_trump", "T7: the lowest trump opens"),
              ("transfer.show_trump", True, "S1: a trump is shown")]
    for path, value, rule in shared:
        if values[path] == value and (path != "transfer.show_trump" or values["transfer.enabled"]):
            yield ((path, "trump.mode"),
                   (f"{path}: {_value_text(value)} needs one trump suit for everyone ({rule}), "
                    f"but trump.mode per_seat gives each seat its own; did you mean "
                    f"{_seat_trump_fix(path)}?"))
    if values["trump.hidden_second"]:
        yield (("trump.hidden_second", "trump.mode"),
               "trump.hidden_second needs a face-up trump card, but trump.mode per_seat turns none")


def _seat_trump_fix(path: str) -> str:
    return "transfer.show_trump: false" if path == "transfer.show_trump" else f"{path}: left_of_dealer"


def _value_text(value) -> str:
    return "true" if value is True else str(value)


def check_hidden_trump(values: dict):
    """CT1, CT3: a hidden second card needs a face-up card turned under a stock that holds both."""
    if not values["trump.hidden_second"]:
        return
    mode = values["trump.mode"]
    if mode in ("fixed", "none", "turned_top"):
        yield (("trump.hidden_second", "trump.mode"),
               (f"trump.hidden_second needs trump.mode turned_bottom (a face-up card under the "
                f"stock with the hidden card below it), not {mode}"))
    if values["trump.never"]:
        yield (("trump.hidden_second", "trump.never"),
               ("trump.hidden_second with trump.never is not supported: the hidden card might be "
                "of a suit that can not be trump"))
    size = len(values["deck.ranks"]) * len(values["deck.suits"])
    players = values["players.max"]
    hand = hand_size(values, players)
    if values["deal.mode"] in ("all_but_one", "everything"):
        yield (("trump.hidden_second", "deal.mode"),
               (f"trump.hidden_second needs a stock, but deal.mode {values['deal.mode']} deals "
                f"{'all but one card' if values['deal.mode'] == 'all_but_one' else 'every card'}"))
    elif 0 <= size - hand * players < 2:
        yield (("players.max", "trump.hidden_second", "deal.hand_size"),
               (f"trump.hidden_second needs two cards left after the deal (CT3), but {players} "
                f"players with {hand} cards each leave {max(0, size - hand * players)} of the "
                f"{size}; at most {(size - 2) // hand} players fit"))


def check_swaps(values: dict):
    """PK1-PK4 and TX1 need a stock with one face-up trump card at its bottom: not per-seat
    trumps (no card is turned, SK1) nor a hidden second card under it (CT1)."""
    mode, deal = values["trump.mode"], values["deal.mode"]
    for key, rule in (("swap.per_game", "PK2"), ("trump.six_exchange", "TX1")):
        if not values[key]:
            continue
        if mode != "turned_bottom":
            yield ((key, "trump.mode"),
                   (f"{key} needs a face-up trump card under the stock ({rule}): "
                    f"trump.mode turned_bottom, not {mode}"))
        if values["trump.hidden_second"]:
            # Decision: PK2, PK3 and TX1 speak of the face-up card as the stock's last card;
            # with a hidden card under it (CT1) they would need rules of their own.
            yield ((key, "trump.hidden_second"),
                   (f"{key} with trump.hidden_second is not supported: {rule} needs the face-up "
                    f"trump card to be the stock's last card, and CT1 lays a hidden card under it"))
        if deal != "hands":
            yield ((key, "deal.mode"),
                   f"{key} needs a stock after the deal ({rule}): deal.mode hands, not {deal}")
