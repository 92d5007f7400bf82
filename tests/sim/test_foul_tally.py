"""The bots' view of the fouls (durakc.sim.catching.visible_fouls) is kept per game by a
FoulTally fed the new history entries only: at every decision of seeded random cheating games
it equals a tally that reads the whole history afresh (a copy of the game: another history
list, so another tally), a copy that goes its own way keeps its own fouls, and the rule's
outcomes hold (a caught foul leaves the view, a new round starts it afresh)."""

from __future__ import annotations

import random

from sim_support import durakc  # noqa: F401  (puts generated/ on the path)

from durakc.sim import catching
from generated import cheating as engine


def _step(game, rng):
    """A random decision: a seat's catch one time in three when one is offered, else the
    mover's random legal action."""
    offers = [a for s in game.actors() for a in game.out_of_turn_actions(s)]
    if offers and rng.random() < 0.34:
        return rng.choice(offers)
    return rng.choice(game.legal_actions())


def _fresh(game) -> set[str]:
    """visible_fouls of a copy: a history list no tally has read yet."""
    return catching.visible_fouls(engine.Game.from_dict(game.to_dict()))


def test_the_tally_equals_a_fresh_read_at_every_decision():
    caught_fouls = 0
    for seed in range(4):
        rng = random.Random(seed)
        game = engine.new_game(3 + seed % 3, seed)
        for _ in range(400):
            if game.is_over:
                break
            seen = catching.visible_fouls(game)
            assert seen == _fresh(game)
            act = _step(game, rng)
            game.apply(act)
            if str(act).startswith("catch ") and str(act).split()[-1] in seen:
                caught_fouls += 1
                assert str(act).split()[-1] not in catching.visible_fouls(game)
    assert caught_fouls


def test_a_copy_that_goes_its_own_way_keeps_its_own_fouls():
    game = engine.from_position({"players": 2, "trump": "S", "stock": [], "attacker": 0,
                                 "dealer": 1, "hands": [["7H", "9C"], ["8H", "QD", "AD"]],
                                 "discard": [c for c in engine.CARD_TEXT
                                             if c not in {"7H", "9C", "8H", "QD", "AD"}]})
    game.apply("attack 9C")
    other = engine.Game.from_dict(game.to_dict())
    game.apply("beat 9C QD")  # a diamond on a club, no trump: against T11
    other.apply("take")
    assert catching.visible_fouls(game) == {"QD"}
    assert catching.visible_fouls(other) == set()
    game.apply("catch 0 QD")  # the defender takes everything: the round is over
    assert catching.visible_fouls(game) == set()
