"""Rules no bundled variant uses still mean the same in C: user specs with such settings,
compiled to both targets, play identical games."""

from __future__ import annotations

import random

import pytest
from native_support import needs_cc
from test_native_games import _play_both

from durakc.native import load_native_spec

pytestmark = needs_cc

SPECS = {
    # refill.first_on_return false, show without show_once, a limit from the round
    "cx-show-twice": """
name: cx-show-twice
title: Shows again, the returning attacker draws last
extends: transfer
rules:
  transfer: {show_trump: true, show_once: false}
  refill: {first_on_return: false}
  attack: {limit: "5 if first_round else min(6, stock + 2, active_players + 3)"}
""",
    # the deal passes clockwise; a later game opens with the lowest trump; P8 with transfers
    "cx-series": """
name: cx-series
title: Series rules and same attacker with transfers
extends: transfer
rules:
  series: {next_dealer: left_of_dealer, first_attacker: lowest_trump}
  after_take: {next_attacker: same_attacker}
  first_attacker: {no_trump_held: redeal}
""",
    # throw-in by a seat expression, a transfer window and annotations of every outcome name
    "cx-outcomes": """
name: cx-outcomes
title: Outcome annotations and seat rules
extends: podkidnoy
rules:
  throw_in: {who: "not is_defender and (is_original_attacker or right_of_defender or players == 2)"}
  transfer: {enabled: true, when: "transfers < 2 and beaten == 0", capacity: "unbeaten <= next_hand"}
  outcome:
    annotations:
      heavy: "loser_hand > 6 or final_attack_cards >= 4"
      lowest: "final_attack_lowest > 0 and not final_took"
      defended: "loser_was_defender and players - 1 > 1"
""",
    # teams without partner_of_defender (no MATES table), the returning attacker draws last
    "cx-teams-plain": """
name: cx-teams-plain
title: Teams, everyone but the defender throws in
extends: teams-of-three
rules:
  throw_in: {who: "not is_defender"}
  refill: {first_on_return: false}
""",
    # teams with transfers (the next opponent defends, next_hand is theirs) and shows
    "cx-team-transfer": """
name: cx-team-transfer
title: Pairs with transfers and shown trumps
extends: pairs
rules:
  transfer: {enabled: true, show_trump: true, capacity: "unbeaten <= next_hand"}
  throw_in: {who: "not partner_of_defender and (is_original_attacker or players > 4)"}
""",
    # personal trumps with throw-ins at any time and same-rank openings
    "cx-seat-siege": """
name: cx-seat-siege
title: Personal trumps under siege
extends: svoi-kozyri
rules:
  attack: {opening: same_rank}
  throw_in: {timing: any_time}
""",
    # a hidden trump in pairs, with a limit from the stock (the hidden card counts)
    "cx-hidden-teams": """
name: cx-hidden-teams
title: Changeable trump in pairs
extends: changeable-trump
rules:
  players: {min: 4, max: 4}
  teams: {mode: opposite}
  attack: {limit: "min(6, stock + 1)"}
  throw_in: {who: "not partner_of_defender"}
""",
    # one wild card under siege, an annotation reading the ranks of the final attack
    # 48 cards and four wild fours: 64 card ints, actions reaching the mask's top bits
    "cx-wild-wide": """
name: cx-wild-wide
title: Forty-eight cards, wild fours
extends: weli
rules:
  deck: {ranks: ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"], wild_rank: "4"}
""",
    # jokers with transfers and shows, several-card openings (a joker still opens alone, J4),
    # trump never spades (a turned joker is passed over too, J1)
    "cx-jokers-transfer": """
name: cx-jokers-transfer
title: Jokers passed on
extends: jokers
rules:
  attack: {opening: same_rank}
  transfer: {enabled: true, show_trump: true}
  trump: {never: [S]}
""",
    "cx-wild-siege": """
name: cx-wild-siege
title: Weli of diamonds under siege
extends: weli
rules:
  deck: {wild_suits: [D]}
  throw_in: {timing: any_time}
  outcome:
    annotations:
      lowest: "final_attack_lowest > 0"
""",
}


def _player_counts(py) -> list[int]:
    """Up to three player counts the engine seats: 2, 3 and 5 where it can (teams: 4 and 6)."""
    counts = []
    for players in (2, 3, 5, 4, 6):
        if py.PLAYERS_MIN <= players <= py.PLAYERS_MAX:
            try:
                py.new_game(players, 0)
            except py.InvalidGame:
                continue
            counts.append(players)
    return counts[:3]


@pytest.mark.parametrize("name", sorted(SPECS))
def test_user_specs_play_identical_games_in_c(name, tmp_path):
    path = tmp_path / f"{name}.yaml"
    path.write_text(SPECS[name], encoding="utf-8")
    engine = load_native_spec(str(path))
    py = engine.PYTHON_ENGINE
    annotated = 0
    for players in _player_counts(py):
        for seed in range(8):
            py_game, nat_game = py.new_game(players, seed), engine.new_game(players, seed)
            for game_no in range(2):
                _play_both(py_game, nat_game, random.Random(seed * 10 + game_no))
                annotated += bool(nat_game.annotations)
                py_game, nat_game = py_game.next_game(seed + 100), nat_game.next_game(seed + 100)
    if name == "cx-outcomes":
        assert annotated > 0
