"""Rule keys of trump, swaps and the trump exchange (SK1-SK3, CT1-CT3, HR12, PK, TX): part of the
key table `durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import SUITS, Key

KEYS_TRUMP: tuple[Key, ...] = (
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
)
"""The keys of this group, in declaration order."""
