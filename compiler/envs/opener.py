"""The `opener` environment: the card condition of one item of a `first_attacker.first_game`
list (issue 31 item 2: who opens the first game as an ordering; T7, HR30).

Evaluated at compile time only, once per card and trump suit (`durakc.ir.opener`): the card
`c` (its rank, suit, `is_trump`, `is_joker`, colour).  The engines read the resulting table
of card ids; the reference evaluates the condition per held card
(`durakc.reference.opener`, reading `c` as this table's reader does).
"""

from __future__ import annotations

from durakc.envs.model import Environment, Name

OPENER = Environment("opener", (
    Name("c", "card", "a card held at the deal (the seat holding the lowest or highest card "
         "satisfying the condition opens)", py={"*": "c"}, c={"*": "c"},
         ref=lambda v, x: v.card(x["card"], x["trump"])),
))
"""first_attacker.first_game's list items: a condition over the card `c`."""

__all__ = ["OPENER"]
