"""Rule keys of outcomes, results and matches (HR20-HR23, HR35, HR36, EP1-EP3): part of the key
table `durakc.schema.keys.KEYS`."""

from __future__ import annotations

from durakc.schema.key_decl import Key

KEYS_OUTCOME: tuple[Key, ...] = (
    # -- outcome ---------------------------------------------------------------
    Key("outcome.annotations", "annotations", {},
        "named conditions recorded with a lost game (double durak, epaulettes)", ("003", "004"),
        env="outcome", result="bool"),
    # -- results (issue 20 group D: HR20, HR22, EP2) ---------------------------------
    Key("outcome.winner", "enum", "none", "who wins a game (`winner`)", ("HR20",),
        choices=("none", "first_out"),
        choice_docs={"none": "nobody: a game only has a durak",
                     "first_out": "the first seat to go out (finishing_order's first)"}),
    # -- a game that ends by a condition (issue 31 item 3: HR35, HR36): capability `end_rule`
    Key("outcome.ends_when", "expr", "active_players < 2",
        "the game also ends at the end of a round in which a seat went out when this holds "
        "(besides its own end, T24 and PR5); then the durak is chosen by outcome.durak and, "
        "with teams, the first seat out's team wins", ("T24", "HR35", "HR36"), env="ending",
        result="bool"),
    Key("outcome.durak", "expr", "cards",
        "once the game ended by outcome.ends_when: each candidate's weight; the durak is the "
        "candidate with the highest (ties: the first clockwise from the first seat out). "
        "Candidates: the seats still holding cards; with teams, every seat of the other teams "
        "than the first seat out's", ("HR35", "HR36"), env="durak", result="int"),
    Key("outcome.points", "expr", "0",
        "each seat's points for a game, evaluated per seat when it ends (a draw too); the "
        "engine sums them over the series (`match_points`); 0: no points", ("HR22", "EP2"),
        env="result", result="int"),
    # -- matches (issue 20 group D: HR21, EP3) ---------------------------------------
    Key("match.games", "int", 0, "the match ends after this many games (0: no limit)",
        ("HR21",), minimum=0, maximum=1_000_000_000),
    Key("match.losses", "int", 0,
        "the match ends once a seat has lost this many games (0: no limit)", ("HR21",),
        minimum=0, maximum=1_000_000_000),
    Key("match.points", "int", 0,
        "the match ends once a seat's points (outcome.points) reach this many; that seat "
        "loses the match (0: no limit)", ("HR21", "EP3"), minimum=0, maximum=1_000_000_000),
)
"""The keys of this group, in declaration order."""
