"""The `opener` environments: the items of a `first_attacker.first_game` (or
`series.first_attacker`) list (issue 31 item 2: who opens a game as an ordering; T7, HR30).

`opener`: the card condition of a `{lowest: ...}` / `{highest: ...}` item, evaluated at
compile time only, once per card and trump suit (`durakc.ir.opener`): the card `c` (its rank,
suit, `is_trump`, `is_joker`, colour).  The engines read the resulting table of card ids; the
reference evaluates the condition per held card (`durakc.reference.opener`, reading `c` as
this table's reader does).

`opener_seat`: the int measure of a `{most: ...}` / `{fewest: ...}` item, evaluated at run
time once per seat dealt into the game, at the deal: the seat's dealt `hand`, `seat`, the
counts `trumps` and `cards`, and `players`.  Both engines read it over their locals `hands`
(each seat's mask), `seat`, `trump` (-1: none) and `players`; the reference's caller gives
`hand` (the seat's cards), `seat`, `trump` and `players`.
"""

from __future__ import annotations

from durakc.envs.bounds import COUNT_RANGE, SEAT_RANGE
from durakc.envs.model import Environment, Name
from durakc.envs.play import PLAYERS

OPENER = Environment("opener", (
    Name("c", "card", "a card held at the deal (the seat holding the lowest or highest card "
         "satisfying the condition opens)", py={"*": "c"}, c={"*": "c"},
         ref=lambda v, x: v.card(x["card"], x["trump"])),
))
"""first_attacker.first_game's list items: a condition over the card `c`."""

OPENER_SEAT = Environment("opener_seat", (
    Name("hand", "cards", "the seat's dealt hand (the most trumps: len(hand.trumps))",
         py={"*": "hands[seat]"}, c={"*": "hands[seat]"},
         ref=lambda v, x: v.cards(x["hand"], x["trump"])),
    Name("$trumps", "", py={"*": "EXPR_TRUMP_IDS[trump]"}, c={"*": "EXPR_TRUMPS(trump)"}),
    Name("trumps", "int", "trumps in the seat's hand (0 without a trump suit)", COUNT_RANGE,
         py={"*": "((hands[seat] & SUIT_CARDS[trump]).bit_count() if trump >= 0 else 0)"},
         c={"*": "(trump >= 0 ? popcount(hands[seat] & SUIT_CARDS(trump)) : 0)"},
         ref=lambda v, x: sum(1 for c in v.cards(x["hand"], x["trump"]) if c.is_trump)),
    Name("cards", "int", "cards in the seat's hand", COUNT_RANGE,
         py={"*": "hands[seat].bit_count()"}, c={"*": "popcount(hands[seat])"},
         ref=lambda v, x: len(x["hand"])),
    Name("seat", "int", "the seat (0 to players - 1)", SEAT_RANGE, py={"*": "seat"},
         c={"*": "seat"}, ref=lambda v, x: x["seat"]),
    Name(PLAYERS.name, PLAYERS.type, PLAYERS.doc, PLAYERS.range, py={"*": "players"},
         c={"*": "players"}, ref=lambda v, x: x["players"]),
))
"""first_attacker.first_game's list items {most: <int>} and {fewest: <int>}: a measure of one
seat at the deal (issue 31 item 2)."""

__all__ = ["OPENER", "OPENER_SEAT"]
