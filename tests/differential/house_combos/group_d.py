"""Group D (matches and results: HR20-HR23, EP1-EP3) over the structural variants.

Each capability of the group - the winner (outcome.winner), points per seat
(outcome.points, with the epaulette ladder's expression over the final attack), a match
(match.losses, match.games) and the results that drive the next deals
(series.repeat_loser_if, series.after_draw) - over teams (pairs, teams-of-three), siege,
wild cards (weli), jokers, transfers (kyiv) and personal trumps (svoi-kozyri).
"""

from __future__ import annotations

from tests.differential.house_combos import Combo

PARENTS = ("pairs", "teams-of-three", "siege", "weli", "jokers", "kyiv", "svoi-kozyri")

OVERLAYS = {
    "winner": {"outcome": {"winner": "first_out"}},
    "points": {"outcome": {"points": "1 + hand.count(A) if is_loser else place - 1"}},
    "epaulettes": {"outcome": {"points": (
        "1 if is_loser and loser_was_defender and deck_rank(points) in final_attack.ranks "
        "and len(final_attack.trumps) < len(final_attack) else 0")},
        "match": {"points": 9}},
    "match": {"match": {"losses": 3, "games": 5}},
    "repeat": {"series": {"repeat_loser_if": "loser_hand > 6",
                          "after_draw": "same_dealer_lowest_trump"}},
}

COMBOS = [Combo(f"d-{name}-{parent}", overlay, parent)
          for name, overlay in OVERLAYS.items() for parent in PARENTS]
