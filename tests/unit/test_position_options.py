"""A position (`from_position`) takes the table settings (`options:`, issue 32 item 4) under
its key `options` (name -> value; the defaults for the rest, and all of them without the
key), checked as `new_game` checks them: on the Python engine, the reference interpreter
and the C engine alike.  With an option that sets deck.size, the position's cards must lie
in the chosen deck and the cards it leaves out are discarded from that deck."""

from __future__ import annotations

import random

import pytest

from durakc.loading.engines import load_engine
from durakc.reference import load as load_reference

POSITION = {"players": 2, "trump": "H", "attacker": 0, "stock": ["AS", "KD", "9H"],
            "hands": [["9S", "9C", "10D", "JH", "QC", "KS"], ["9D", "10S", "JS", "QD", "AC", "KH"]]}
"""Cards of a 24-card deck (nines and up); seat 1 may pass the nine of spades on (9D)."""


BACKENDS = ["python", "reference", "native"]


def _engine(backend):
    """table's engine on `backend` (native: skipped without a C compiler)."""
    if backend == "python":
        return load_engine("table")
    if backend == "reference":
        return load_reference("table")
    from durakc.native.build import unavailable_reason
    if unavailable_reason() is not None:
        pytest.skip(str(unavailable_reason()))
    from durakc.native.sim import load
    return load("table")


def _after_attack(engine, options):
    position = POSITION if options is None else {**POSITION, "options": options}
    g = engine.from_position(position)
    g.apply("attack 9S")
    return g


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_position_plays_the_settings_it_gives(backend):
    engine = _engine(backend)
    default = _after_attack(engine, None)
    assert default.options == {"deck": 36, "transfer": True, "neighbours": False, "first_limit": 6}
    assert "transfer 9D" in [str(a) for a in default.legal_actions()]
    off = _after_attack(engine, {"transfer": False, "deck": 24})
    assert off.options == {"deck": 24, "transfer": False, "neighbours": False, "first_limit": 6}
    assert [str(a) for a in off.legal_actions()] == ["beat 9S 10S", "beat 9S JS", "beat 9S KH", "take"]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("options", "message"), [
    ({"deck": 40}, "option '?deck'? is 24, 36 or 52, not 40"),  # the reference quotes the name
    ({"colour": True}, "unknown option 'colour'"),
    ([("deck", 24)], "options are a dict"),
])
def test_a_position_refuses_settings_the_variant_does_not_take(backend, options, message):
    engine = _engine(backend)
    with pytest.raises(ValueError, match=message):
        engine.from_position({**POSITION, "options": options})


def test_the_chosen_deck_holds_the_position_and_the_rest_is_discarded():
    py = load_engine("table")
    small = py.from_position({**POSITION, "options": {"deck": 24}}).to_dict()
    assert len(small["discard"]) == 24 - 15  # 15 cards placed, 9 of the 24 nowhere
    assert len(py.from_position(POSITION).to_dict()["discard"]) == 36 - 15
    eight = {**POSITION, "hands": [["8S", *POSITION["hands"][0][1:]], POSITION["hands"][1]]}
    py.from_position(eight)  # the default deck of 36 holds the eight
    with pytest.raises(py.InvalidGame, match="not in the deck of 24 cards"):
        py.from_position({**eight, "options": {"deck": 24}})


def test_engines_play_on_from_a_position_with_settings_alike():
    engines = [_engine(backend) for backend in BACKENDS]
    chosen = {"deck": 24, "transfer": False, "first_limit": 5}
    for seed in range(4):
        games = [e.from_position({**POSITION, "options": chosen}) for e in engines]
        choose = random.Random(seed)
        while not games[0].is_over:
            legal = [str(a) for a in games[0].legal_actions()]
            assert all([str(a) for a in g.legal_actions()] == legal for g in games[1:])
            action = choose.choice(legal)
            for g in games:
                g.apply(action)
        assert all(g.is_over and g.loser == games[0].loser for g in games)
