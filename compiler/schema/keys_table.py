"""Rule keys of the table: resigning, cheating and views (HR24-HR26, HR34): part of the key table
`durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import Key

KEYS_TABLE: tuple[Key, ...] = (
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
"""The keys of this group, in declaration order."""
