"""Rule keys of closing the round: the next attacker, takes and refills (HR10, HR32): part of the
key table `durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import Key

KEYS_ROUND_END: tuple[Key, ...] = (
    # -- closing the round ---------------------------------------------------
    Key("after_take.next_attacker", "enum", "left_of_defender",
        "who attacks after a defender took the cards", ("T21", "T23", "P8"),
        choices=("left_of_defender", "same_attacker"),
        choice_docs={"left_of_defender": "the next active player after the one who took",
                     "same_attacker": "the round's original attacker attacks again"}),
    # -- what a take picks up (issue 31 item 2: HR32): capability `partial_take`
    Key("take.picks_up", "enum", "all",
        "which table cards a defender who takes picks up; the others go to the discard pile "
        "when the round closes (cards added after the take are attack cards, picked up)",
        ("T21", "HR32"),
        choices=("all", "unbeaten", "attack"),
        choice_docs={"all": "every table card, the defence cards included (T21)",
                     "unbeaten": "only the attack cards still unbeaten; beaten pairs are "
                                 "discarded (HR32)",
                     "attack": "every attack card; the defence cards are discarded"}),
    Key("refill.first_on_return", "bool", True,
        "when a transfer brought the attack back to the original attacker, they still draw first",
        ("T22", "S3")),
    # -- the order of a round (issue 20: HR10): capability `refill_order`
    Key("refill.defender", "enum", "last",
        "where the final defender draws in the refill order", ("T22", "P9", "HR10"),
        choices=("last", "first", "first_after_take"),
        choice_docs={
            "last": "after everyone else (T22, P9)",
            "first": "before everyone else, whether they beat the attack or took",
            "first_after_take": "first after a take, then the others in the usual order; "
                                "last after a successful defence",
        }),
)
"""The keys of this group, in declaration order."""
