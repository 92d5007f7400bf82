"""Rule keys of defending and transfers (T13-T16, S1, S2, K1-K3, HR33): part of the key table
`durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import Key

_BEATS_DEFAULT = "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump)"

KEYS_DEFENCE: tuple[Key, ...] = (
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
)
"""The keys of this group, in declaration order."""
