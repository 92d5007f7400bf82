"""The invariant checks of `engine_support` on the reference interpreter (durakc.reference).

The reference offers the engine contract, so the same per-state checks hold for it:
one random game per bundled variant and player count, the full checks on about one
step in four.  The same seeds as the engines' suite are not needed: the differential
suite (tests/differential) already compares every decision with the engines.
"""

from __future__ import annotations

import json
import random

import engine_backend
import pytest
from engine_support import check_state, dict_json, player_range

from durakc import reference
from durakc.spec import bundled_names
from tests.invariants.test_contract_surface import GAME_ATTRIBUTES, GAME_METHODS, MODULE_MEMBERS

_LOADED: dict = {}


def _ref(name):
    if name not in _LOADED:
        _LOADED[name] = reference.load(name)
    return _LOADED[name]


def _counts(ref) -> list[int]:
    """The player counts a variant is played at here: all of them, or the fewest and the most
    where the openings are a condition (HR7, HR8), whose every state the reference lists by
    trying each subset of the hand (half a minute a game)."""
    counts = list(player_range(ref))
    if ref.VARIANT["rules"]["attack.opening"] in ("same_rank", "single"):
        return counts
    return sorted({counts[0], counts[-1]})


def _variant_players():
    return [pytest.param(name, n, id=f"{name}-{n}p")
            for name in bundled_names() for n in _counts(_ref(name))]


@engine_backend.reference_only()
@pytest.mark.parametrize("name,players", _variant_players())
def test_reference_keeps_the_invariants_in_a_random_game(name, players):
    mod = _ref(name)
    seed = 1000 + players
    g = mod.new_game(players, seed)
    rng = random.Random(seed)
    applied: list[str] = []
    step = 0
    while True:
        try:
            legal = check_state(mod, g, rng, heavy=g.is_over or step % 4 == 0)
        except AssertionError as exc:
            raise AssertionError(f"{exc}\nreproduce: reference {name} players={players} "
                                 f"seed={seed} actions={json.dumps(applied)}") from None
        if g.is_over:
            break
        assert len(applied) < 2000, "no end after 2000 actions"
        action = legal[rng.randrange(len(legal))]
        g.apply(action)
        applied.append(action)
        step += 1
    assert g.is_draw or g.loser is not None


@engine_backend.reference_only()
@pytest.mark.parametrize("name", bundled_names())
def test_reference_offers_the_contract_members(name):
    mod = _ref(name)
    assert [m for m in MODULE_MEMBERS if not hasattr(mod, m)] == []
    assert issubclass(mod.IllegalAction, ValueError)
    assert mod.VARIANT["name"] == name and json.loads(json.dumps(mod.VARIANT)) == mod.VARIANT
    g = mod.new_game(player_range(mod)[0], 1, dealer=1)
    assert [m for m in GAME_METHODS if not callable(getattr(g, m, None))] == []
    assert [a for a in GAME_ATTRIBUTES if not hasattr(g, a)] == []
    before = dict_json(g)
    for thing in (None, 7, [], object()):
        with pytest.raises(mod.IllegalAction):
            g.apply(thing)
    assert dict_json(g) == before
    with pytest.raises(ValueError):
        mod.new_game(player_range(mod)[-1] + 1, 1)
    with pytest.raises(ValueError):
        g.next_game()
