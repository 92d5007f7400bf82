"""Random valid specs (a hypothesis strategy), shared by the fuzz and differential suites.

Each drawn value is a spec as a dict (YAML-ready) that extends `transfer` and sets
every rule key the schema supports today to a random valid value.
"""

from __future__ import annotations

from hypothesis import strategies as st

from durakc.schema.keys import ALL_RANKS, SUITS

LIMITS = ["6", "3", "5 if first_round else 6", "min(4, active_players + 1)", "max(2, stock - 20)",
          "stock - 30",  # below 1 once the stock runs low: counts as 1
          "5 if discard == 0 else 6"]  # H1
WHEN = ["beaten == 0", "true", "transfers < 1", "beaten == 0 and next_hand >= 2",
        "beaten == 0 or unbeaten_late == unbeaten", "first_round or limit > 4"]
CAPACITY = ["attack_cards <= min(limit, next_hand)",
            "unbeaten <= next_hand and attack_cards <= limit"]
THROWERS = ["not is_defender", "is_attacker", "left_of_defender or right_of_defender",
            "is_original_attacker or active_players > 3"]
# series capability (L1-L3, H3): deal sizes by lost games, redeal conditions on a dealt hand
INITIAL = ["hand_size", "hand_size - 1 if losses >= 1 and hand_size > 1 else hand_size",
           "max(1, hand_size - losses)"]
REDEAL = ["false", "longest_suit >= 5", "longest_suit >= 3 and trumps >= 2"]
BEATS = ["inherited",
         "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump and a.suit != S)",
         "inherited or (a.is_trump and d.is_trump and a.rank == highest and d.rank == lowest)",
         "d.rank > a.rank"]
JOKER_BEATS = ["d.is_joker != a.is_joker and d.colour == a.colour",
               "d.is_joker or (a.is_joker and d.colour == a.colour)"]
"""What jokers beat and what beats them (J2, J4), added to beating.beats when a spec has them."""


@st.composite
def specs(draw):
    low = draw(st.integers(0, 8))
    ranks = list(ALL_RANKS[low:low + draw(st.integers(2, 13 - low))])
    suits = sorted(draw(st.sets(st.sampled_from(SUITS), min_size=1, max_size=4)), key=SUITS.index)
    deck = len(ranks) * len(suits)
    hand = draw(st.integers(1, min(8, deck // 2)))
    pmax = draw(st.integers(2, max(2, min(7, deck // hand))))
    deal_mode = draw(st.sampled_from(["hands", "all_but_one"])) if deck > pmax else "hands"
    mode = draw(st.sampled_from(["turned_bottom", "turned_top", "fixed", "none"]))
    rules = {
        "players": {"min": 2, "max": pmax},
        "deck": {"ranks": ranks, "suits": suits},
        "deal": {"hand_size": hand, "mode": deal_mode},
        "trump": {"mode": mode},
        "attack": {"opening": draw(st.sampled_from(["same_rank", "single"])),
                   "limit": draw(st.sampled_from(LIMITS))},
        "throw_in": {"who": draw(st.sampled_from(THROWERS))},
        "beating": {"beats": draw(st.sampled_from(BEATS))},
        "transfer": {"enabled": draw(st.booleans()), "when": draw(st.sampled_from(WHEN)),
                     "capacity": draw(st.sampled_from(CAPACITY)),
                     "show_trump": draw(st.booleans()), "show_once": draw(st.booleans())},
        "after_take": {"next_attacker": draw(st.sampled_from(["left_of_defender",
                                                              "same_attacker"]))},
        "refill": {"first_on_return": draw(st.booleans())},
        "first_attacker": {"first_game": draw(st.sampled_from(["lowest_trump", "left_of_dealer"])),
                           "no_trump_held": draw(st.sampled_from(["left_of_dealer", "redeal"]))},
        "series": {"next_dealer": draw(st.sampled_from(["loser", "left_of_dealer"])),
                   "first_attacker": draw(st.sampled_from(["left_of_dealer", "lowest_trump",
                                                           "right_of_loser"]))},
        "outcome": {"annotations": {"big": "loser_hand > 3", "sixes": "final_attack_lowest > 0",
                                    "took": "final_took and loser_was_defender",
                                    "crowd": "players > 3 and final_attack_cards >= 2"}},
    }
    if not rules["transfer"]["enabled"]:
        # siege (SG2, SG4) needs transfers off; every THROWERS rule lets someone throw in
        rules["throw_in"]["timing"] = draw(st.sampled_from(["after_defence", "any_time"]))
    if deal_mode == "hands":
        rules["deal"]["initial_hand"] = draw(st.sampled_from(INITIAL))
        if len(suits) > 1:
            # H3: with two suits or more a hand of at most 8 cards can have fewer than 5 of
            # one suit, so no REDEAL condition holds for every hand (that is a spec error)
            rules["deal"]["redeal_if"] = draw(st.sampled_from(REDEAL))
    if mode == "fixed":
        rules["trump"]["suit"] = draw(st.sampled_from(suits))
    if mode in ("turned_bottom", "turned_top") and len(suits) > 1:
        # trump.never: some suits (never all) are passed over when turned (spades-for-spades)
        rules["trump"]["never"] = draw(st.lists(st.sampled_from(suits), unique=True,
                                                max_size=len(suits) - 1))
    if mode == "turned_bottom" and deal_mode == "hands":
        # swaps (PK1-PK4) and the trump exchange (TX1) need a face-up trump under a stock
        rules["swap"] = {"per_game": draw(st.sampled_from([0, 0, 1, 3]))}
        rules["trump"]["six_exchange"] = draw(st.booleans())
    if pmax >= 4 and draw(st.booleans()):
        # teams.mode (PR1): only the player counts the mode can split; partners may or may
        # not throw in against each other (PR2 says it with partner_of_defender).
        team = draw(st.sampled_from(["opposite", "alternate"] if pmax >= 6 else ["opposite"]))
        low = 6 if team == "alternate" else 4
        rules["players"] = {"min": low, "max": 6 if pmax >= 6 else 4}
        rules["teams"] = {"mode": team}
        rules["throw_in"]["who"] = draw(st.sampled_from(THROWERS + ["not partner_of_defender"]))
    if draw(st.booleans()):  # jokers (J1-J4), with a clause that lets them beat and be beaten
        rules["deck"]["jokers"] = 2
        # A joker no card beats can only go round the table (attack alone, taken, J4): its
        # endgame never ends.  So jokers get the jokers variant's clause (J2, J4) or a wider one.
        clause = draw(st.sampled_from(JOKER_BEATS))
        rules["beating"]["beats"] = f"({rules['beating']['beats']}) or ({clause})"
    return {"name": "fz", "title": "fuzzed", "extends": "transfer", "rules": rules}
