"""Issue 20, groups "the order of a round" (HR10 refill.defender, HR11 throw_in.first) and
"the table" (HR24 play.resign, HR25 view.discard, HR26 view.hands) over the structural
bundled variants: teams (pairs, teams-of-three), siege, wild cards (weli), jokers, transfers
(transfer, kyiv: late transfers after throw-ins), personal trumps (svoi-kozyri) and the
changeable trump (a refill that turns the hidden card).

The view rules change only `observation`, which the differential run does not compare; they
are listed to show that each compiles over every structure and plays as its parent.
"""

from __future__ import annotations

from tests.differential.house_combos import Combo

_OVERLAYS = {
    "taker-first": {"refill": {"defender": "first_after_take"}},
    "defender-first": {"refill": {"defender": "first"}},
    "last-thrower": {"throw_in": {"first": "last_thrower"}},
    "resign": {"play": {"resign": True}},
    "closed-discard": {"view": {"discard": "closed"}},
    "open-hands": {"view": {"hands": "all"}},
}
_PARENTS = {
    "pairs": (4,),
    "teams-of-three": (6,),
    "siege": (2, 3, 4),
    "weli": (2, 3, 4),
    "jokers": (2, 3, 4),
    "transfer": (2, 3, 4),
    "svoi-kozyri": (2, 3, 4),
}
_EXTRA = (
    ("taker-first", "changeable-trump", (2, 3, 4)),
    ("defender-first", "changeable-trump", (2, 3, 4)),
    ("last-thrower", "kyiv", (2, 3, 4)),
    # with group D's results: a resign ends the game with points and match counts as usual
    ("resign", "ace-points", (2, 3)),
    ("resign", "match-to-three", (2, 3)),
    ("resign", "first-out-wins", (2, 3)),
    ("closed-discard", "match-to-three", (2, 3)),
)

COMBOS = [Combo(f"be-{name}-over-{parent}", overlay, parent, players=players)
          for name, overlay in _OVERLAYS.items()
          for parent, players in _PARENTS.items()]
COMBOS += [Combo(f"be-{name}-over-{parent}", _OVERLAYS[name], parent, players=players)
           for name, parent, players in _EXTRA]
