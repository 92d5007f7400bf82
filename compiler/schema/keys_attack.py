"""Rule keys of attacking, throw-ins and teams (SG2-SG4, HR1-HR11, PR1-PR6): part of the key table
`durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import Key

KEYS_ATTACK: tuple[Key, ...] = (
    # -- attacking -----------------------------------------------------------
    Key("attack.opening", "enum", "same_rank",
        "what the opening attack of a round may be: a choice, or a condition on the proposed "
        "opening `cards` (the subsets of the hand, within `room`, whose sizes the condition "
        "bounds: `len(cards) == ...` or `len(cards) <= ...`; when it allows none of a hand, "
        "any one card opens; capability `opening_rule`)",
        ("T10", "P4", "SG1", "HR7", "HR8"), choices=("same_rank", "single"), env="opening",
        result="bool",
        choice_docs={"same_rank": "one card or several cards of one rank",
                     "single": "exactly one card"}),
    Key("attack.limit", "expr", "6",
        "most attack cards in one round, at least 1 (the defender's hand limits them too)",
        ("T3", "T17", "T19", "P6", "SG3"), env="round", result="int", minimum=1),
    Key("throw_in.who", "expr", "not is_defender",
        "which seats may add attack cards, asked clockwise from the current attacker",
        ("T2", "P5"), env="seat", result="bool"),
    # siege (SG2-SG4): when throw-ins are allowed
    Key("throw_in.timing", "enum", "after_defence",
        "when non-defenders may add attack cards", ("T2", "SG2", "SG4"),
        choices=("after_defence", "any_time"),
        choice_docs={
            "after_defence": "only while no attack card is unbeaten, or after a take (protocol)",
            "any_time": "from the opening on, also while cards are unbeaten: after every change "
                        "to the table the entitled players are asked, the current attacker "
                        "first, before the defender moves (siege; no transfers)",
        }),
    # -- the order of a round (issue 20: HR11): capability `throw_order`
    Key("throw_in.first", "enum", "attacker",
        "where the throw-in priority starts each time the entitled seats are asked", ("T2", "HR11"),
        choices=("attacker", "last_thrower"),
        choice_docs={
            "attacker": "the current attacker, then clockwise (T2)",
            "last_thrower": "the seat that last added a card to this round by a throw-in, then "
                            "clockwise (the current attacker while nobody has thrown in yet)",
        }),
    # -- the card being played (HR1-HR4, HR9): capability `throw_card`
    Key("throw_in.card", "expr", "c.rank in table.ranks",
        "which card `c` a seat may add to the attack (a throw-in; the opening and transfers "
        "have their own keys): the default is a rank already on the table, attack or defence "
        "cards (T17); `not took and ...` ends throw-ins at a take (HR9)",
        ("T17", "HR1", "HR2", "HR3", "HR4", "HR9"), env="throw", result="bool"),
    # -- teams (PR1-PR6) --------------------------------------------------------
    Key("teams.mode", "enum", "none",
        "fixed teams by seat: the defender (and a transfer's target) is the next active "
        "opponent, and a team loses the game; who throws in is throw_in.who's "
        "(partner_of_defender)",
        ("PR1", "PR2", "PR3", "PR4", "PR5", "PR6"),
        choices=("none", "opposite", "alternate"),
        choice_docs={"none": "every player for themselves",
                     "opposite": "partners sit opposite: 4 players {0,2} {1,3}; 6 players "
                                 "{0,3} {1,4} {2,5}",
                     "alternate": "two teams of alternate seats: 6 players {0,2,4} {1,3,5}"}),
)
"""The keys of this group, in declaration order."""
