"""The environments of a game that ends by a condition (issue 31 item 3: HR35, HR36):
`ending` (outcome.ends_when) and `durak` (outcome.durak).

`ending` is evaluated at the end of every round in which a seat went out (T24: seats go out
only at a round's end, once the stock is empty), over the table after those seats left.
`durak` is evaluated per candidate seat `seat` once the game has ended by that condition;
the candidate with the highest value is the durak (ties: the first clockwise from the first
seat out).  Python forms read the generated engine (`self`, the local `seat`), C forms the C
engine (`g`, the local `seat`), `ref` the reference's game and the caller's locals.
"""

from __future__ import annotations

from dataclasses import replace

from durakc.envs.bounds import ACTIVE_RANGE, COUNT_RANGE, SEAT_RANGE
from durakc.envs.model import Environment, Name
from durakc.envs.play import ACTIVE_PLAYERS, PLAYERS, STOCK

ENDING = Environment("ending", (
    Name("out", "int", "seats that have gone out so far (HR20's finishing order, this "
         "round's included)", ACTIVE_RANGE, py={"*": "len(self._out)"}, c={"*": "g->nout"},
         ref=lambda g, x: len(g.out)),
    replace(ACTIVE_PLAYERS, doc="seats still holding cards after this round",
            py={"*": "self._left"}),
    PLAYERS,
    replace(STOCK, doc="cards left in the stock (0 whenever a seat goes out, T24)"),
))

DURAK = Environment("durak", (
    Name("cards", "int", "cards the seat holds at the end", COUNT_RANGE,
         py={"*": "self._hands[seat].bit_count()"}, c={"*": "popcount(g->hands[seat])"},
         ref=lambda g, x: len(g._hands[x["seat"]])),
    Name("went_out", "bool", "the seat has gone out (it holds no cards)",
         py={"*": "(not self._in_game[seat])"}, c={"*": "(!g->in_game[seat])"},
         ref=lambda g, x: not g.active(x["seat"])),
    Name("from_first_out", "int", "how many seats clockwise the seat sits from the first seat "
         "out (1: its left neighbour)", SEAT_RANGE,
         py={"*": "((seat - self._out[0]) % self._players)"},
         c={"*": "((seat - g->out[0] + g->players) % g->players)"},
         ref=lambda g, x: (x["seat"] - g.out[0]) % g.players),
    PLAYERS,
))
