"""The constants of a generated engine that the runtime half reads instead of its rules.

The compiler decides once, from the IR, what an engine's variant uses (issue 30 item 1):
`CAPABILITIES` in every engine (`durakc.ir.runtime`), and beside it, only where a variant
needs them, `OPENING_SIZES`, `SWAPS_PER_GAME`, `POINTS_RANGE`, `SEAT_SUITS`, `FIRST_RULES`,
`TURNED_TRUMP`, `MATCH_LIMITS`, `TEAMS`, `TEAM_OF`, `COPIES`, `NJOKERS`, `WILD_CARDS`.  The
native backend, the RL encoding, the simulator and the OpenSpiel games read these (a native
engine module carries them over from its Python engine: `RUNTIME_CONSTANTS`), never
`VARIANT["rules"]`.
"""

from __future__ import annotations

from types import ModuleType

RUNTIME_CONSTANTS = (
    "CAPABILITIES", "OPENING_SIZES", "SWAPS_PER_GAME", "POINTS_RANGE", "SEAT_SUITS",
    "FIRST_RULES", "TURNED_TRUMP", "MATCH_LIMITS", "TEAMS", "TEAM_OF", "COPIES", "NJOKERS",
    "WILD_CARDS", "VERBS",
)
"""The engine constants the runtime half reads (those a variant lacks are not written)."""


def built(engine: ModuleType) -> frozenset[str]:
    """The names of the capabilities the compiler built into `engine` (its CAPABILITIES)."""
    return frozenset(getattr(engine, "CAPABILITIES", ()))


def carry_over(source: ModuleType, target: ModuleType) -> None:
    """Set on `target` (a native engine module) each runtime constant `source` has."""
    for name in RUNTIME_CONSTANTS:
        if hasattr(source, name):
            setattr(target, name, getattr(source, name))


__all__ = ["RUNTIME_CONSTANTS", "built", "carry_over"]
