"""Invariants every generated engine keeps, in every state of every game.

Parametrised over `durakc.engines.ENGINES` and each variant's player range; hypothesis
chooses the seeds and the actions (indices into `legal_actions()`).  Skips
cleanly while no engine has been generated.  The per-state checks live in
`engine_support.check_state`; a failure message ends with a reproduction
(variant, players, seed, action texts).
"""

from __future__ import annotations

import json
import random

import pytest
from engine_support import (
    JOKERS,
    check_conservation,
    check_state,
    deck,
    dict_json,
    engine_names,
    engine_params,
    engine_player_params,
    load,
    opening_verbs,
    player_range,
    playout,
    printed,
    texts,
    time_limit,
)
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

# Budget: about 60 s for eight engines of five player counts each.  The number of
# hypothesis examples per (engine, players) shrinks as engines are added.
_COMBOS = max(1, sum(len(player_range(load(n))) for n in engine_names()) if engine_names() else 1)
HEAVY_EXAMPLES = max(2, min(25, 80 // _COMBOS))
LIGHT_EXAMPLES = max(3, min(60, 160 // _COMBOS))
HEAVY_ONE_IN = 4  # the full checks run on about one step in four (the cheap ones on all)
MAX_ACTIONS = 2000

# No shrinking: replaying whole games while shrinking takes minutes, and every failure
# message already ends with a reproduction (variant, players, seed, actions up to the fault).
_COMMON = {"deadline": None, "derandomize": True, "database": None, "print_blob": False,
           "suppress_health_check": list(HealthCheck),
           "phases": (Phase.explicit, Phase.reuse, Phase.generate)}
HEAVY = settings(max_examples=HEAVY_EXAMPLES, **_COMMON)
LIGHT = settings(max_examples=LIGHT_EXAMPLES, **_COMMON)

SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


def _repro(name, players, seed, applied) -> str:
    return (f"\nreproduce: variant={name} players={players} seed={seed} "
            f"actions={json.dumps(applied)}")


def _play_checked(mod, name, players, seed, choose, heavy):
    """Play one game with `choose(n_legal) -> index`, checking every state; `heavy()` says
    whether this step also gets the expensive checks."""
    g = mod.new_game(players, seed)
    rng = random.Random(seed)
    applied: list[str] = []
    try:
        assert list(g.history) == [], "a new game has history"
        while True:
            legal = check_state(mod, g, rng, heavy=g.is_over or heavy())
            assert list(g.history) == applied, "history differs from the applied actions"
            if g.is_over:
                break
            assert len(applied) < MAX_ACTIONS, f"no end after {MAX_ACTIONS} actions"
            t = legal[choose(len(legal))]
            with time_limit(10, f"apply({t!r})"):
                g.apply(t)
            applied.append(t)
    except AssertionError as exc:
        raise AssertionError(f"{exc}{_repro(name, players, seed, applied)}") from None
    return g, applied


@pytest.mark.parametrize("name,players", engine_player_params())
@HEAVY
@given(data=st.data())
def test_every_state_keeps_the_invariants(name, players, data):
    """Full games with hypothesis-chosen actions; every check of check_state at every step:
    card conservation, attack limits, turn consistency, protocol phases, parse round trip,
    from_dict round trip, every legal action applies on a copy, sampled illegal actions raise
    IllegalAction without changing the state, observations hide other hands and the stock."""
    mod = load(name)
    seed = data.draw(SEEDS, label="seed")
    _play_checked(mod, name, players, seed, lambda n: data.draw(st.integers(0, n - 1)),
                  heavy=lambda: data.draw(st.integers(0, HEAVY_ONE_IN - 1)) == 0)


@pytest.mark.parametrize("name,players", engine_player_params())
@LIGHT
@given(seed=SEEDS, choice_seed=st.integers(0, 2**16))
def test_random_games_end_with_a_valid_outcome(name, players, seed, choice_seed):
    """Random playouts end within MAX_ACTIONS with cheap checks at every step; the loser
    holds cards (or it is a draw); next_game() then gives a fresh game."""
    mod = load(name)
    rng = random.Random(choice_seed)
    g, applied = _play_checked(mod, name, players, seed, lambda n: rng.randrange(n),
                                heavy=lambda: False)
    try:
        assert g.is_over
        ends_when = mod.VARIANT["rules"].get("outcome.ends_when", "active_players < 2")
        if g.is_draw:
            assert g.loser is None
        elif ends_when != "active_players < 2":
            # HR35, HR36: the game may end with several seats holding cards, once one is out;
            # the durak is never on the first seat out's team
            assert g.out and g.loser is not None
            winning = next((t for t in g.teams or () if g.out[0] in t), [g.out[0]])
            assert g.loser not in winning, "the durak is on the first seat out's team"
        else:
            assert g.loser is not None and g.hands[g.loser], "the loser must hold cards"
            # T24; PR5 with teams: only the losing team (the loser's) may still hold cards;
            # HR24: a resignation ends the game with cards in any hand.
            team = next((t for t in g.teams or () if g.loser in t), [g.loser])
            others = [s for s in range(players) if s not in team and g.hands[s]]
            resigned = list(g.history[-1:]) == ["resign"]
            assert resigned or not others, f"seats {others} still hold cards at the end"
        nxt = g.next_game(seed)
        _check_fresh(mod, nxt, players)
        assert dict_json(nxt) != dict_json(g)
    except AssertionError as exc:
        raise AssertionError(f"{exc}{_repro(name, players, seed, applied)}") from None


def _check_fresh(mod, g, players):
    assert g.players == players
    assert not g.is_over and g.to_move is not None
    assert list(g.history) == [] and list(g.table) == [] and list(g.out) == []
    check_conservation(mod, g)
    verbs = {t.split()[0] for t in texts(g.legal_actions())}
    rules = mod.VARIANT["rules"]
    if rules.get("deal.offer_redeal") and verbs == {"redeal", "keep"}:
        return  # HR19: a hand that qualifies is offered a redeal before the first attack
    # a fresh game opens with an attack; PK1/TX1 may offer a swap or exchange first, HR24
    # a resignation beside every action
    allowed = opening_verbs(rules) | ({"resign"} if rules.get("play.resign") else set())
    assert "attack" in verbs and verbs <= allowed, verbs


@pytest.mark.parametrize("name,players", engine_player_params())
@LIGHT
@given(seed=SEEDS, data=st.data())
def test_same_seed_same_game(name, players, seed, data):
    """Two new_game(n, seed) followed by the same action indices give identical games."""
    mod = load(name)
    a, b = mod.new_game(players, seed), mod.new_game(players, seed)
    assert dict_json(a) == dict_json(b), "same seed, different deal"
    steps = data.draw(st.integers(0, 120), label="steps")
    for _ in range(steps):
        if a.is_over:
            break
        la, lb = texts(a.legal_actions()), texts(b.legal_actions())
        assert la == lb, "same state, different legal actions"
        i = data.draw(st.integers(0, len(la) - 1))
        a.apply(la[i])
        b.apply(mod.parse_action(lb[i]))
    assert list(a.history) == list(b.history)
    assert dict_json(a) == dict_json(b)
    assert texts(a.legal_actions()) == texts(b.legal_actions())


@pytest.mark.parametrize("name", engine_params())
def test_same_deck_same_deal_across_calls(name):
    """Seeds are honoured: different seeds usually give different deals, None works."""
    mod = load(name)
    lo = player_range(mod)[0]
    deals = {json.dumps(mod.new_game(lo, s).hands) for s in range(8)}
    assert len(deals) > 1, "eight seeds gave one deal"
    g = mod.new_game(lo)  # seed=None
    check_conservation(mod, g)


@pytest.mark.parametrize("name", engine_params())
def test_players_outside_the_range_raise(name):
    mod = load(name)
    rules = mod.VARIANT["rules"]
    lo, hi = int(rules["players.min"]), int(rules["players.max"])
    inside_refused = [n for n in range(lo, hi + 1) if n not in player_range(mod)]  # PR1
    for bad in sorted({0, 1, lo - 1, hi + 1, hi + 5, *inside_refused}):
        if lo <= bad <= hi and bad not in inside_refused:
            continue
        with pytest.raises(ValueError):
            mod.new_game(bad, 1)
    for ok in (lo, hi):
        assert mod.new_game(ok, 1).players == ok


@pytest.mark.parametrize("name", engine_params())
def test_next_game_only_after_the_end(name):
    mod = load(name)
    for players in player_range(mod):
        g = mod.new_game(players, 7)
        with pytest.raises(ValueError):
            g.next_game()
        g.apply(texts(g.legal_actions())[0])
        if not g.is_over:
            with pytest.raises(ValueError):
                g.next_game(3)
        rng = random.Random(players)
        g, _ = playout(mod, players, 11, lambda legal: rng.randrange(len(legal)))  # noqa: B023
        before = dict_json(g)
        nxt = g.next_game(5)
        assert dict_json(g) == before, "next_game() changed the finished game"
        _check_fresh(mod, nxt, players)
        # the series goes on: a second next game from the new one, once it ends
        for _ in range(MAX_ACTIONS):
            if nxt.is_over:
                break
            legal = texts(nxt.legal_actions())
            nxt.apply(legal[rng.randrange(len(legal))])
        _check_fresh(mod, nxt.next_game(), players)


@pytest.mark.parametrize("name", engine_params())
def test_copy_is_independent(name):
    mod = load(name)
    g = mod.new_game(player_range(mod)[0], 3)
    rng = random.Random(3)
    for _ in range(40):
        if g.is_over:
            break
        before = dict_json(g)
        c = g.copy()
        assert dict_json(c) == before
        legal = texts(g.legal_actions())
        c.apply(legal[rng.randrange(len(legal))])
        assert dict_json(g) == before, "applying to the copy changed the original"
        assert texts(g.legal_actions()) == legal
        # mutating what the properties return must not reach the game either
        for seq in (c.hands, c.history, c.stock, c.table, c.discard, c.out):
            if isinstance(seq, list):
                seq.append("XX")
        assert dict_json(g) == before
        g.apply(legal[rng.randrange(len(legal))])


MALFORMED = ["", "   ", "fly 7S", "attack", "beat", "beat 7S", "throw", "transfer",
             "attack 1Z", "attack 7X", "attack 7S 7S", "beat 7S 8S 9S", "take 7S",
             "pass 7S", "show", "attack,7S"]


@pytest.mark.parametrize("name", engine_params())
def test_malformed_action_texts_raise_without_change(name):
    """Texts that are no action at all raise a ValueError (IllegalAction is one), unchanged."""
    mod = load(name)
    g = mod.new_game(player_range(mod)[0], 5)
    before = dict_json(g)
    if mod.VARIANT["rules"].get("deck.copies", 1) > 1:  # HR17: 7S twice names both copies
        mod_malformed = [t if t != "attack 7S 7S" else "attack 7S 7S 7S" for t in MALFORMED]
    else:
        mod_malformed = MALFORMED
    for t in mod_malformed:
        with pytest.raises(ValueError):
            g.apply(t)
        assert dict_json(g) == before, f"{t!r} changed the state"
    for t in mod_malformed:
        try:
            a = mod.parse_action(t)
        except ValueError:
            continue
        raise AssertionError(f"parse_action({t!r}) accepted a malformed text: {a}")


class _EqualToEverything:
    def __eq__(self, other):
        return True

    __hash__ = object.__hash__


@pytest.mark.parametrize("name", engine_params())
def test_objects_that_are_not_actions_raise_illegal_action_without_change(name):
    """apply takes an Action or its text; anything else is refused the same way."""
    mod = load(name)
    g = mod.new_game(player_range(mod)[0], 5)
    before = dict_json(g)
    for thing in (None, 7, 2.5, [], {}, object(), _EqualToEverything()):
        with pytest.raises(mod.IllegalAction):
            g.apply(thing)
        assert dict_json(g) == before, f"{thing!r} changed the state"


@pytest.mark.parametrize("name", engine_params())
def test_legal_action_order_is_canonical_and_stable(name):
    """Cards inside an action text are listed low to high, suits S H D C (except `beat A D`
    and `swap C C`, whose order counts: PK3); the list is the same from the game, its copy and its from_dict."""
    mod = load(name)
    ranks = list(mod.VARIANT["rules"]["deck.ranks"])
    # W2: a wild card with a named suit ('6S/H') sorts by its printed card, then the named
    # suit; J1: the jokers last, RJ then BJ
    key = lambda c: ((len(ranks), JOKERS.index(c), 0) if c in JOKERS else
                     (ranks.index(printed(c)[:-1]), "SHDC".index(printed(c)[-1]), "SHDC".index(c[-1])))
    by_suit = lambda c: ((4, JOKERS.index(c)) if c in JOKERS
                         else ("SHDC".index(c[-1]), ranks.index(c[:-1])))
    for players in player_range(mod):
        rng = random.Random(players)
        g = mod.new_game(players, players * 13)
        while not g.is_over:
            legal = texts(g.legal_actions())
            assert texts(g.copy().legal_actions()) == legal
            assert texts(mod.Game.from_dict(json.loads(json.dumps(g.to_dict())))
                         .legal_actions()) == legal
            for t in legal:
                verb, *cards = t.split()
                if verb not in ("beat", "swap"):
                    assert cards == sorted(cards, key=key), f"{t!r}: cards not in canonical order"
            for hand in g.hands:
                assert list(hand) in (sorted(hand, key=key), sorted(hand, key=by_suit)), (
                    f"hand not sorted: {hand}")
            g.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("name", engine_params())
def test_from_position_example(name):
    """The contract's example position loads (when the variant's deck and players allow it);
    duplicate or foreign cards raise ValueError."""
    mod = load(name)
    pos = {"players": 3, "trump": "C", "stock": ["7H", "KD", "6C"],
           "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
           "attacker": 0, "discard": [], "dealer": 2, "first_round": False}
    full = set(deck(mod))
    used = set(pos["stock"]) | {c for h in pos["hands"] for c in h}
    rules = mod.VARIANT["rules"]
    if not used <= full or not rules["players.min"] <= 3 <= rules["players.max"] \
            or rules.get("trump.mode") in ("none", "turned_top", "fixed", "per_seat") \
            or rules.get("trump.mode") == "per_seat_by_lot" or rules.get("deal.stock") == "aside" \
            or "C" in rules.get("trump.never", []):
        pytest.skip("the example position does not fit this variant")
    if rules.get("deck.copies", 1) > 1:  # 9C twice is no duplicate there
        pytest.skip("HR17: positions with copies: tests/unit/test_copies_engine.py")
    g = mod.from_position(pos)
    check_state(mod, g, random.Random(0))
    assert g.trump == "C" and g.to_move == 0 and g.attacker == 0 and g.defender == 1
    assert sorted(g.discard) == sorted(full - used)
    bad = json.loads(json.dumps(pos))
    bad["hands"][1].append("9C")
    with pytest.raises(ValueError):
        mod.from_position(bad)
    bad = json.loads(json.dumps(pos))
    bad["hands"][1].append("1Z")
    with pytest.raises(ValueError):
        mod.from_position(bad)
    bad = json.loads(json.dumps(pos))
    if rules.get("trump.card") == "aside":  # HR12: the trump card lies aside, not in the stock
        bad["set_aside"] = ["KC"]
        check_state(mod, mod.from_position(bad), random.Random(0))
    bad["trump"] = "H"
    with pytest.raises(ValueError):
        mod.from_position(bad)
