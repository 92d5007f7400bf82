"""Issue 19 (1b, 1c, 1h): one validation of saved games and positions on both backends.

Hostile saved dicts and positions (wrong types, huge and negative numbers, bools where ints
are meant, bad seats, extra and missing keys, unreachable tables) are fed to the Python
engine and to the native (C) engine: both must accept the same ones, reach the same state
(to_dict, legal actions, observations) and refuse the others with the same InvalidGame
(a ValueError), never truncating a number, never an OverflowError.
"""

from __future__ import annotations

import copy
import random

import pytest
from native_support import c_variants, native, needs_cc, python_engine

from durakc.schema.envs import COUNTER_MAX

pytestmark = needs_cc

VARIANTS = ["transfer", "podkidnoy", "pairs", "epaulettes", "poker", "weli", "changeable-trump",
            "trump-six", "ladder"]
"""One variant per structural capability of the C target (losses, annotations, swaps, wild
cards, hidden trump, trump exchange, series state) and the two base profiles."""

HUGE = [10**12, 2**31, 2**31 - 1, 2**40, 2**63 - 1, 2**64, 10**30, -(2**63), COUNTER_MAX,
        COUNTER_MAX + 1]
NOT_INTS = [True, False, 1.0, "1", None, [], {}]
NOT_BOOLS = [0, 1, "false", "true", None, [], 1.0]
SEAT_KEYS = ["dealer", "attacker", "original_attacker", "defender", "to_move", "loser"]


def _states(py, rng, count=6):
    """Saved dicts of games of `py` at random points (one finished game among them)."""
    states = []
    for seed in range(count):
        players = py.PLAYERS_MIN if seed % 2 else min(py.PLAYERS_MAX, py.PLAYERS_MIN + 1)
        try:
            g = py.new_game(players, seed)
        except py.InvalidGame:
            g = py.new_game(py.PLAYERS_MIN, seed)
        steps = rng.randrange(0, 40) if seed else 10_000
        while steps and not g.is_over:
            g.apply(rng.choice(g.legal_actions()))
            steps -= 1
        states.append(g.to_dict())
    return states


def _saved_mutations(d, rng):
    """(what, hostile dict) pairs made from the saved dict `d`."""
    players = d["players"]
    # every number of the dict, and every list of numbers (losses, points, ...), whatever
    # capability saves it
    numbers = [k for k, x in d.items() if type(x) is int and k != "players"]
    lists = [k for k, x in d.items() if isinstance(x, list) and x and all(type(n) is int for n in x)
             and k not in ("passed", "out")]
    for key in sorted({"limit", "transfers", *SEAT_KEYS, *numbers, *lists}):
        for value in [-1, 0, 1, players, *HUGE, *NOT_INTS]:
            m = copy.deepcopy(d)
            m[key] = [value] * players if key in lists else value
            yield f"{key}={value!r}", m
    for key in ("took", "first_round", "is_draw", *(["swapped", "exchanged"])):
        if key in d:
            for value in NOT_BOOLS:
                m = copy.deepcopy(d)
                m[key] = value
                yield f"{key}={value!r}", m
    for key in ("players",):
        for value in [0, 1, 13, players + 1, True, 2**40, "2", None]:
            m = copy.deepcopy(d)
            m[key] = value
            yield f"players={value!r}", m
    for key in ("hands", "stock", "discard", "table", "in_game", "out", "passed", "shown",
                "late", "history", "annotations",
                *[key for key in ("swaps_left", "trump_changes", "hidden_trump") if key in d]):
        for value in [None, "x", 5, [1], [None], [True], [[None, None]], {"a": 1}, [2**40]]:
            m = copy.deepcopy(d)
            m[key] = value
            yield f"{key}={value!r}", m
    if "trump_changes" in d:  # trump.hidden_second (CT2): at most one change a game
        pair = [d["stock"][0], d["stock"][-1]] if len(d["stock"]) > 1 else ["6S", "7S"]
        for value in [[pair], [pair] * 2, [pair] * 40, [[pair[0], pair[0]]]]:
            m = copy.deepcopy(d)
            m["trump_changes"] = value
            yield f"trump_changes={value!r}", m
    for value in [[-1], [players], [True], [0, 0], [2**63]]:
        m = copy.deepcopy(d)
        m["passed"] = value
        yield f"passed={value!r}", m
    for value in [{}, {"x": True}, {"pogony": 1}, {"pogony": True}, {"pogony": True, "x": False}]:
        m = copy.deepcopy(d)
        m["annotations"] = value
        yield f"annotations={value!r}", m
    for value in ["over", "attack", "defend", "throw", "x", 1, None]:
        m = copy.deepcopy(d)
        m["phase"] = value
        yield f"phase={value!r}", m
    m = copy.deepcopy(d)
    m["extra"] = 1
    yield "an extra key", m
    m = copy.deepcopy(d)
    m[1] = 1
    yield "a key that is no string", m
    m = copy.deepcopy(d)
    m["variant"] = "other"
    yield "another variant", m
    for key in sorted(d):
        m = copy.deepcopy(d)
        del m[key]
        yield f"without {key}", m
    # an unreachable table: unbeaten cards of several ranks put on it (from hands)
    m = copy.deepcopy(d)
    donors = [s for s in range(players) if m["hands"][s] and s != m["defender"]]
    for _ in range(3):
        if donors:
            seat = rng.choice(donors)
            if m["hands"][seat]:
                card = rng.choice(m["hands"][seat])
                m["hands"][seat].remove(card)
                m["table"].append([card, None])
    if m["phase"] != "over":
        m.update(phase="defend", to_move=m["defender"], took=False, passed=[], history=[])
    yield "unbeaten cards of several ranks", m


def _position(py, seed):
    """A position of `py` at the start of a game, with every optional key."""
    g = py.new_game(py.PLAYERS_MIN, seed)
    position = {"players": g.players, "hands": g.hands, "stock": g.stock, "trump": g.trump,
                "attacker": g.attacker, "discard": g.discard, "dealer": g.dealer,
                "first_round": True, "defender": g.defender}
    if "losses" in g.to_dict():
        position["losses"] = [0] * g.players
    return position


def _position_mutations(p):
    players = p["players"]
    for key in ("attacker", "dealer", "defender"):
        for value in [-1, players, *HUGE, *NOT_INTS]:
            yield f"{key}={value!r}", {**p, key: value}
    for value in ["false", "true", 0, 1, None, [], 1.0, False]:
        yield f"first_round={value!r}", {**p, "first_round": value}
    for value in [0, 1, 13, True, 2**40, "2", None]:
        yield f"players={value!r}", {**p, "players": value}
    for key in ("hands", "stock", "discard", "trump"):
        for value in [None, "x", 5, [1], [None], [[None]]]:
            yield f"{key}={value!r}", {**p, key: value}
    if "losses" in p:
        for value in [-1, 2**31, 2**63 - 1, 10**30, COUNTER_MAX, COUNTER_MAX + 1, True, 1.0]:
            yield f"losses=[{value!r}, ...]", {**p, "losses": [value] * players}
    yield "an extra key", {**p, "extra": 1}
    for key in p:
        yield f"without {key}", {k: x for k, x in p.items() if k != key}


def _outcome(engine, make, arg):
    """What `make(engine)(arg)` gives: the state reached or the exception's type."""
    try:
        g = make(engine)(copy.deepcopy(arg))
    except Exception as exc:  # the type is what is compared
        return ("refused", type(exc).__name__)
    seats = range(g.players)
    return ("accepted", g.to_dict(), [a.text for a in g.legal_actions()],
            [g.observation(s) for s in seats], g.to_move, g.is_over)


def _same_on_both(name, make, cases):
    py, nat = python_engine(name), native(name)
    accepted = refused = 0
    for what, arg in cases:
        a, b = _outcome(py, make, arg), _outcome(nat, make, arg)
        assert a == b, f"{name}: {what}: python {a[:2]} native {b[:2]}"
        if a[0] == "refused":
            assert a[1] == "InvalidGame", f"{name}: {what}: refused with {a[1]}, not InvalidGame"
            refused += 1
        else:
            accepted += 1
    return accepted, refused


@pytest.mark.parametrize("name", VARIANTS)
def test_hostile_saved_games_mean_the_same_on_both_backends(name):
    rng = random.Random(19)
    cases = [("as saved", d) for d in _states(python_engine(name), rng)]
    cases += [case for d in cases[:] for case in _saved_mutations(d[1], rng)]
    accepted, refused = _same_on_both(name, lambda e: e.Game.from_dict, cases)
    assert accepted >= 6 and refused > 100


@pytest.mark.parametrize("name", VARIANTS)
def test_hostile_positions_mean_the_same_on_both_backends(name):
    base = _position(python_engine(name), 3)
    cases = [("as written", base), *_position_mutations(base)]
    accepted, refused = _same_on_both(name, lambda e: e.from_position, cases)
    assert accepted >= 2 and refused > 20


@pytest.mark.parametrize("name", ["transfer", "pairs"])
@pytest.mark.parametrize("key", ["limit", "transfers", "losses"])
def test_counters_are_bounded_by_counter_max_and_kept_exactly(name, key):
    """Issue 19 1b, 1h: no truncation (10**12 -> -727379968), no OverflowError: a counter up
    to COUNTER_MAX is kept exactly by both backends, one beyond it is an InvalidGame."""
    py, nat = python_engine(name), native(name)
    d = py.new_game(py.PLAYERS_MIN + 2 if name == "pairs" else 2, 1).to_dict()
    if key not in d:
        pytest.skip(f"{name} saves no {key}")
    for engine in (py, nat):
        for value in (COUNTER_MAX, COUNTER_MAX + 1, 2**31, 10**12, 2**40, 10**30, -1):
            m = {**d, key: [value] * d["players"] if key == "losses" else value}
            if 0 <= value <= COUNTER_MAX:
                assert engine.Game.from_dict(m).to_dict()[key] == m[key]
            else:
                with pytest.raises(engine.InvalidGame, match="whole number from"):
                    engine.Game.from_dict(m)


@pytest.mark.parametrize("name", ["pairs", "ladder"])
def test_huge_losses_of_a_position_play_out_alike_without_overflow(name):
    """Issue 19 1h: from_position(losses=...) near COUNTER_MAX plays to the end on both
    backends alike (the C engine's loss counts never overflow); beyond it, refused."""
    py, nat = python_engine(name), native(name)
    position = _position(py, 5)
    position["losses"] = [COUNTER_MAX] * position["players"]
    games = [py.from_position(position), nat.from_position(position)]
    rng = random.Random(5)
    while not games[0].is_over:
        action = rng.choice(games[0].legal_actions())
        for g in games:
            g.apply(action.text)
        assert games[0].to_dict() == games[1].to_dict()
    assert games[0].to_dict() == games[1].to_dict()
    for engine in (py, nat):
        with pytest.raises(engine.InvalidGame):
            engine.from_position({**position, "losses": [2**63 - 1] * position["players"]})


@pytest.mark.parametrize("backend", ["python", "native"])
@pytest.mark.parametrize("value", ["false", "true", 0, 1, None, []])
def test_first_round_of_a_position_is_a_real_bool(backend, value):
    """Issue 19 1c: from_position reads first_round as from_dict does: true or false only."""
    engine = python_engine("transfer") if backend == "python" else native("transfer")
    position = _position(python_engine("transfer"), 1)
    with pytest.raises(engine.InvalidGame, match="first_round must be true or false"):
        engine.from_position({**position, "first_round": value})
    for flag in (True, False):
        assert engine.from_position({**position, "first_round": flag}).to_dict()["first_round"] is flag


@pytest.mark.parametrize("name", ["transfer", "weli"])
def test_observation_answers_alike_for_every_seat_and_refuses_alike(name):
    """Issue 19 1h: native observation() answers what the Python engine answers, and refuses
    a seat that is not one with the same error."""
    py, nat = python_engine(name), native(name)
    rng = random.Random(7)
    for d in _states(py, rng, count=4):
        a, b = py.Game.from_dict(d), nat.Game.from_dict(d)
        for seat in [*range(d["players"]), -1, d["players"], "0", None, 2**70]:
            results = []
            for g in (a, b):
                try:
                    results.append(g.observation(seat))
                except Exception as exc:  # the type is what is compared
                    results.append(type(exc).__name__)
            assert results[0] == results[1], (seat, results)


def test_a_state_the_c_engine_can_not_hold_is_an_invalid_game_too(monkeypatch):
    """Whatever the C engine's own checks refuse (after the Python engine's) is an InvalidGame
    as well, so both backends refuse with the same exception type."""
    nat = native("transfer")
    state = nat.new_game(2, 3).to_dict()

    def refuse(self, view):
        raise ValueError("invalid game state (error -5)")
    monkeypatch.setattr(nat.Game, "_load", refuse)
    with pytest.raises(nat.InvalidGame, match="the C engine can not hold this state"):
        nat.Game.from_dict(state)


@pytest.mark.parametrize("name", c_variants())
def test_observations_agree_on_every_variant(name):
    """The native observation is built from the C view, not through the Python engine: every
    capability that changes what a seat sees (view.discard, view.hands, hidden trump, ...)
    must show the same there."""
    py, nat = python_engine(name), native(name)
    for d in _states(py, random.Random(3), count=3):
        a, b = py.Game.from_dict(d), nat.Game.from_dict(d)
        for seat in range(d["players"]):
            assert b.observation(seat) == a.observation(seat), (name, seat)
