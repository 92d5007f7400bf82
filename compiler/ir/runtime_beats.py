"""IR section `runtime_beats` (issue 31, HR27): a beat rule that reads the defender.

When `beating.beats` reads a name of the acting seat (`hand`, `hand_size`, `me`:
`durakc.ir.beats.RUNTIME_NAMES`), the compile-time tables keep what the two cards decide
alone: `BEATEN_BY` holds every pair that may beat, `SURE_BEATEN_BY` those that beat whatever
the defender holds, and the engines judge only the pairs in between, per card, at run time
(Python `_runtime_beaten_by`, C `runtime_beaten_by`).  A spec whose beat rule reads none of
them has no such section, so its engines are the same as before.  Modules:
`templates/capabilities/runtime_beats.py.j2`, `templates/c/cap_runtime_beats.c.j2`.
"""

from __future__ import annotations

from durakc.ir.beats import runtime_beats, sure_tables
from durakc.ir.bound import bound
from durakc.ir.hooks import Capability
from durakc.schema.keys import ALL_RANKS


def runtime_beats_section(r: dict, wild: tuple = ()) -> Capability | None:
    """The section of the checked rules `r` whose beat rule reads run-time names, else None."""
    beats = r["beating.beats"]
    if not runtime_beats(beats):
        return None
    ranks, suits = list(r["deck.ranks"]), list(r["deck.suits"])
    never = [s for s in r["trump.never"] if s in suits]
    deck = {"lowest": str(ALL_RANKS.index(ranks[0])), "highest": str(ALL_RANKS.index(ranks[-1]))}
    return Capability("runtime_beats", {
        "text": beats.canonical(),
        "keys": "beating.beats",
        "beats": bound(r, "beating.beats", "cards", trumps=True, literals=deck),
        "sure_tables": sure_tables(beats, ranks, suits, r["trump.mode"], never, r["trump.suit"],
                                   wild, r["deck.jokers"], r["deck.copies"]),
    })


__all__ = ["runtime_beats_section"]
