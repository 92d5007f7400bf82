"""Cross checks of the round's protocol: throw-ins at any time (siege, SG2, SG4) and the
opening as a condition on its cards (attack.opening, HR7, HR8)."""

from __future__ import annotations

from durakc.envs.acting import BEAT_RUNTIME_NAMES
from durakc.expr.domains import throw_in_possible


def check_siege(values: dict):
    """SG2, SG4: throw-ins at any time need someone who may throw in, and no transfers."""
    if values["throw_in.timing"] != "any_time":
        return
    if values["transfer.enabled"]:
        # Decision: a transfer passes the whole attack on (T13), and under siege the table
        # changes under the defender's feet; the two protocols do not combine.
        yield (("throw_in.timing", "transfer.enabled"),
               ("throw_in.timing any_time (siege) needs transfer.enabled: false: "
                "a siege attack can not be transferred"))
    if throwers_possible(values) is False:
        yield (("throw_in.who", "throw_in.timing"),
               ("throw_in.timing any_time (siege) needs players who may throw in, but "
                "'throw_in.who' is false for every seat but the defender"))


def throwers_possible(values: dict) -> bool | None:
    """Can `throw_in.who` hold for some seat, given the effective rule `values`?  None when
    the domain is too large to tell (`durakc.expr.domains.throw_in_possible`)."""
    return throw_in_possible(values["throw_in.who"],
                             range(values["players.min"], values["players.max"] + 1),
                             values["teams.mode"] != "none")


def check_opening(values: dict):
    """attack.opening as a condition (HR7, HR8): its sizes must be bounded, so that the
    engines try only subsets of those sizes; J4's lone joker is a rule of the choices only."""
    expr = values["attack.opening"]
    if isinstance(expr, str):
        return
    if expr.size_terms("cards") is None:
        yield (("attack.opening",),
               ("attack.opening must bound the size of the opening: say which sizes it may "
                "have with len(cards) == n or len(cards) <= n (joined by and/or), e.g. "
                "'len(cards) == min(3, room)'"))
    if values["deck.jokers"]:
        yield (("attack.opening", "deck.jokers"),
               ("attack.opening as a condition does not combine with deck.jokers: a joker "
                "opens only alone (J4), which only the choices same_rank and single keep"))


def check_acting_beats(values: dict):
    """Issue 31: a beat rule reading the defender (`hand`, `hand_size`, `me`) is judged at run
    time against the game's one trump table: not with a trump per seat, nor with wild cards
    (whose beat tables hold one identity per named suit)."""
    beats = values["beating.beats"]
    if isinstance(beats, str) or not beats.names & BEAT_RUNTIME_NAMES:
        return
    if values["trump.mode"] in ("per_seat", "per_seat_by_lot"):
        yield (("beating.beats", "trump.mode"),
               (f"beating.beats reads the defender ({', '.join(sorted(beats.names & BEAT_RUNTIME_NAMES))}), "
                f"which does not combine with trump.mode {values['trump.mode']} yet: write the "
                "rule over the two cards a and d only"))
    if values["deck.wild_rank"] is not None:
        yield (("beating.beats", "deck.wild_rank"),
               (f"beating.beats reads the defender ({', '.join(sorted(beats.names & BEAT_RUNTIME_NAMES))}), "
                "which does not combine with deck.wild_rank yet: write the rule over the two "
                "cards a and d only"))

