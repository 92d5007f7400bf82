"""Cross checks of the round's protocol: throw-ins at any time (siege, SG2, SG4)."""

from __future__ import annotations

from durakc.domains import throw_in_possible


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
    if throw_in_possible(values) is False:
        yield (("throw_in.who", "throw_in.timing"),
               ("throw_in.timing any_time (siege) needs players who may throw in, but "
                "'throw_in.who' is false for every seat but the defender"))
