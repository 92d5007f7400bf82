"""The rule values the runtime half reads from a generated engine, decided here once.

The native backend (`durakc.native.structural`), the RL encoding, the simulator's results
and the OpenSpiel returns read an engine's constants, never its recorded rule keys
(`VARIANT["rules"]`, issue 30 item 1).  `runtime_constants` gives what
`templates/runtime_constants.py.j2` writes: `CAPABILITIES` in every engine, the others only
in an engine whose variant needs them (so the other engines stay as they were).
"""

from __future__ import annotations

from durakc.ir.opening_sizes import opening_sizes


def runtime_constants(r: dict, capabilities: list) -> dict:
    """The engine constants of the rules `r` built with `capabilities` (their IR sections):
    `names` (CAPABILITIES), `opening_sizes` (OPENING_SIZES, HR7/HR8), `swaps` (SWAPS_PER_GAME,
    PK4), `points_range` (POINTS_RANGE, HR22), `seat_suits` (SEAT_SUITS, SK1), `first_rules`
    (FIRST_RULES, HR19) and `turned` (TURNED_TRUMP, HR12/HR13); None: not written.  The
    swaps, the seats' suits and the turned card are read from the capability sections."""
    names = [cap.name for cap in capabilities]
    sections = {cap.name: cap for cap in capabilities}
    opening = r["attack.opening"]
    points = r["outcome.points"]
    return {
        "names": names,
        "opening_sizes": (None if isinstance(opening, str) else
                          tuple(opening_sizes(opening, len(r["deck.ranks"]) * len(r["deck.suits"])))),
        "swaps": sections["swaps"].per_game if "swaps" in sections else None,
        "points_range": None if points.constant() == 0 else tuple(points.int_range()),
        "seat_suits": sections["seat_trumps"].suits if "seat_trumps" in sections else None,
        "first_rules": ((r["first_attacker.first_game"], r["series.first_attacker"])
                        if "redeal_offer" in names else None),
        "turned": sections["set_aside"].turned if "set_aside" in sections else None,
    }


__all__ = ["runtime_constants"]
