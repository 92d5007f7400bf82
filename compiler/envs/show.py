"""The `show` environment: which card a defender may show to pass the attack on
(transfer.show_card: S1, HR33).

Evaluated for each card of the attacked rank in the defender's hand, with the table as it
would be after the show (which adds nothing, S1): the card `c` and every name of the
`transfer` environment read at its "shown" place.  Python reads the card as the local `c`
(the show loop of `templates/capabilities/show_trump.py.j2`), C as the local `t`
(`templates/c/legal.c.j2`); the reference's caller binds `c` per card and gives `played`,
`added` (0) and `trump`, as for a transfer.
"""

from __future__ import annotations

from durakc.envs.model import Environment, Name
from durakc.envs.play import TRANSFER

SHOW = Environment("show", (
    Name("c", "card", "the card that would be shown (it stays in hand)",
         py={"*": "c"}, c={"*": "t"}),
    *TRANSFER.names,
))
"""transfer.show_card's names: the card shown and the transfer names after the show."""

__all__ = ["SHOW"]
