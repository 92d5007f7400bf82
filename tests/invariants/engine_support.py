"""Helpers shared by the invariant suite: finding the generated engines and
checking one game state against the engine contract
(`shared/contract/engine-api.md`) and the round protocol
(`shared/rules/profiles.md`, Decision (protocol, all variants)).

Everything here reads engines only through the contract surface, so the same
checks hold for every generated engine.
"""

from __future__ import annotations

import importlib
import itertools
import random
import sys
from pathlib import Path

import engine_backend
import pytest

from tests.invariants.engine_action_checks import (
    check_actions_apply,
    check_illegal,
    check_observations,
    check_parse,
    check_roundtrip,
    checked_actions,
    time_limit,  # noqa: F401 - the tests import it from here
)
from tests.invariants.engine_cards import (
    JOKERS,
    VERBS,
    attack_cap,
    check_conservation,
    check_wild,
    deck,  # noqa: F401 - the tests import it from here
    dict_json,
    played_as,
    printed,
    rank_of,
    round_took,
    rules_of,
    texts,
    wild_cards,
)

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NO_ENGINES = "no generated engines yet"
python_engine_only = pytest.mark.skipif(
    engine_backend.backend() == "native",
    reason="checks the Python engine itself (its file or its internals); "
           "tests/native checks the C engine")
"""For tests of the Python engine file or internals (header, imports, inlined shuffle)."""
RULE_VERBS = {"resign": ("play.resign",), "redeal": ("deal.offer_redeal",),
              "keep": ("deal.offer_redeal",)}
"""Verbs a variant offers only where its rule key is on (HR24 resign, HR19 redeal/keep)."""
OPENING_EXTRAS = {"swap": "swap.per_game", "exchange": "trump.six_exchange"}  # PK1, TX1
"""Verbs offered before the opening attack, each only when its rule key is on."""
MAX_PLAYERS_TESTED = 8


# ---------------------------------------------------------------------------
# Finding the engines
# ---------------------------------------------------------------------------
def engine_names() -> tuple[str, ...]:
    """Variant names listed by `durakc.engines.ENGINES` (empty before the first build)."""
    try:
        generated = importlib.import_module("durakc.engines")
    except ImportError:
        return ()
    return tuple(getattr(generated, "ENGINES", ()) or ())


def module_name(variant: str) -> str:
    return "durakc.engines." + variant.replace("-", "_")


def load(variant: str):
    """The engine module of `variant` (an import error fails the test, it is not a skip)."""
    return engine_backend.load_engine(variant)


def engine_params():
    """pytest parameters: one per engine, or a single skipped one when there are none."""
    names = engine_names()
    if not names:
        return [pytest.param(None, marks=pytest.mark.skip(reason=NO_ENGINES), id="none")]
    return [pytest.param(n, id=n) for n in names]


TEAM_COUNTS = {"opposite": (4, 6), "alternate": (6,)}
"""PR1: the player counts each team mode seats; the others are refused."""


def player_range(mod) -> list[int]:
    """The player counts the engine seats: its range, less the counts its team mode refuses."""
    rules = rules_of(mod)
    lo = int(rules.get("players.min", 2))
    hi = min(int(rules.get("players.max", 6)), MAX_PLAYERS_TESTED)
    seated = TEAM_COUNTS.get(rules.get("teams.mode", "none"))
    return [n for n in range(lo, hi + 1) if seated is None or n in seated]


def engine_player_params():
    """pytest parameters (variant, players) over every engine and its player range."""
    names = engine_names()
    if not names:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=NO_ENGINES), id="none")]
    params = []
    for name in names:
        try:
            counts = list(player_range(load(name)))
        except Exception:
            counts = [2]
        params.extend(pytest.param(name, n, id=f"{name}-{n}p") for n in counts)
    return params




# ---------------------------------------------------------------------------
# The per-state checks
# ---------------------------------------------------------------------------
def check_table_limits(mod, g) -> None:
    table = [list(p) for p in g.table]
    assert len(table) <= attack_cap(mod), (
        f"{len(table)} attack cards on the table, limit {attack_cap(mod)}: {table}")
    if table and not g.is_over:
        unbeaten = sum(1 for a, d in table if d is None)
        hand = len(g.hands[g.defender])
        assert unbeaten <= hand, (
            f"{unbeaten} unbeaten attack cards but defender {g.defender} holds {hand} "
            f"(took={round_took(g)}): table {table}")


def opening_verbs(rules: dict) -> set[str]:
    """The verbs an empty table may offer the attacker: `attack`, and the opening extras
    (PK1 `swap`, TX1 `exchange`) whose rule key is on."""
    return {"attack"} | {v for v, key in OPENING_EXTRAS.items() if rules.get(key)}


def check_before_opening(g, rules, legal: list[str]) -> None:
    """PK1-PK4, TX1: swaps and the exchange only where the rules allow them."""
    most = rules.get("swap.per_game") or 0
    left = g.swaps_left
    if most:
        assert len(left) == g.players and all(0 <= n <= most for n in left), f"swaps_left {left}"
    else:
        assert left is None, f"swaps_left {left} in a variant without swaps"
    stock = g.stock
    for t in legal:
        verb, *cards = t.split()
        if verb == "swap":  # PK1, PK2, PK4
            assert len(cards) == 2 and cards[0] != cards[1], t
            assert len(stock) >= 3 and left[g.to_move] > 0, f"{t} with stock {stock}, {left}"
        elif verb == "exchange":  # TX1: the lowest trump, under another card
            assert cards == [rules["deck.ranks"][0] + g.trump], t
            assert len(stock) >= 2 and stock[-1] == g.trump_card, f"{t} with stock {stock}"


def check_turn_consistency(mod, g, legal: list[str]) -> None:
    if g.is_over:
        assert g.to_move is None, "to_move must be None once the game is over"
        assert legal == [], f"legal actions after the end: {legal}"
        assert g.attacker is None and g.defender is None, (
            f"attacker/defender after the end: {g.attacker}/{g.defender}")
        assert (g.loser is None) == bool(g.is_draw), (
            f"over with loser={g.loser} is_draw={g.is_draw}")
        if g.loser is not None:
            assert 0 <= g.loser < g.players
            assert g.hands[g.loser], f"loser {g.loser} holds no cards"
        return
    assert g.to_move is not None, "to_move is None but the game is not over"
    assert legal, "no legal actions but the game is not over"
    assert not g.is_draw and g.loser is None
    n = g.players
    for who in ("to_move", "attacker", "defender"):
        seat = getattr(g, who)
        assert seat is not None and 0 <= seat < n, f"{who}={seat!r}"
        assert seat not in g.out, f"{who}={seat} has left the game (out={g.out})"
    assert g.attacker != g.defender, f"attacker == defender == {g.attacker}"
    assert g.hands[g.to_move], f"to_move={g.to_move} holds no cards but must act: {legal}"
    rules = rules_of(mod)
    siege = rules.get("throw_in.timing") == "any_time"
    rule_verbs = {v for v, keys in RULE_VERBS.items() if any(rules.get(k) for k in keys)}
    assert "resign" in rule_verbs or not any(t == "resign" for t in legal), legal
    legal = [t for t in legal if t != "resign"]  # HR24: offered beside every other action
    verbs = {t.split()[0] for t in legal}
    extras = opening_verbs(rules) - {"attack"}
    assert verbs <= set(VERBS) | extras | rule_verbs, f"unknown verbs in {legal}"
    if verbs & {"redeal", "keep"}:  # HR19: asked before the first attack, nothing else
        assert not g.table and verbs == {"redeal", "keep"}, legal
        return
    table = [list(p) for p in g.table]
    unbeaten = [a for a, d in table if d is None]
    hand = set(g.hands[g.to_move])
    check_wild(mod, g)
    if not table:
        assert g.to_move == g.attacker, f"empty table: to_move {g.to_move} != attacker {g.attacker}"
        assert verbs - extras == {"attack"}, f"empty table: only attacks allowed, got {legal}"
        check_before_opening(g, rules, legal)
    elif unbeaten and not round_took(g) and not (siege and g.to_move != g.defender):
        # SG2, SG4: under siege the others may be asked to throw in while cards are unbeaten
        assert g.to_move == g.defender, (
            f"unbeaten cards {unbeaten}: to_move {g.to_move} != defender {g.defender}")
        assert verbs <= {"beat", "transfer", "show", "take"}, legal
        assert "take" in legal, f"the defender may always take: {legal}"
    else:
        assert g.to_move != g.defender, f"throw-in phase but the defender {g.defender} moves"
        assert verbs <= {"throw", "pass"}, legal
        assert "pass" in legal, f"throw-in phase without pass: {legal}"
    if not rules.get("transfer.enabled", True):
        assert "transfer" not in verbs, f"transfer disabled but offered: {legal}"
    if not rules.get("transfer.show_trump", False):
        assert "show" not in verbs, f"show disabled but offered: {legal}"
    on_table = {rank_of(c) for p in table for c in p if c is not None} - {None}  # J3
    check_complete(g, rules, legal, table, hand, on_table, wild_cards(mod))
    for t in legal:
        verb, *cards = t.split()
        for c in cards[1:] if verb == "beat" else cards:
            assert printed(c) in hand, f"{t}: {c} not in the hand of seat {g.to_move}"
        if verb == "attack":
            if not opening_condition(rules):  # HR7, HR8: mixed ranks by the condition
                assert len({rank_of(c) for c in cards}) == 1, f"{t}: opening of mixed ranks"
            if rules.get("attack.opening") == "single":
                assert len(cards) == 1, f"{t}: opening must be one card"
        elif verb == "throw":
            assert len(cards) == 1, f"{t}: throw carries exactly one card"
            if not rules.get("throw_in.card"):  # HR1-HR9: the variant's own condition
                assert rank_of(cards[0]) in on_table, f"{t}: rank not on the table"
        elif verb == "beat":
            assert len(cards) == 2 and cards[0] in unbeaten, f"{t}: not an unbeaten attack card"
        elif verb in ("transfer", "show"):
            assert cards and {rank_of(c) for c in cards} <= {rank_of(a) for a in unbeaten}, t
            assert not set(cards) & set(JOKERS), f"{t}: a joker has no rank to pass on (J3)"
            if verb == "show":
                assert len(cards) == 1, f"{t}: a show carries exactly one card"
                if str(rules.get("transfer.show_card", "c.is_trump")) == "c.is_trump":
                    assert cards[0][-1] == g.trump, f"{t}: shows a non-trump (S1)"
        elif verb in OPENING_EXTRAS:
            pass  # check_before_opening
        else:
            assert not cards, t


def opening_condition(rules: dict) -> bool:
    """attack.opening is a condition on the proposed `cards` (HR7, HR8), not a choice."""
    return rules.get("attack.opening", "same_rank") not in ("same_rank", "single")


def check_complete(g, rules, legal: list[str], table, hand: set, on_table: set,
                   wild: set = frozenset()) -> None:
    """No opening and no throw-in is missing (T10, T2), computed from the rule text alone;
    a wild card counts once per suit it may name (W2)."""
    if not table and opening_condition(rules):  # HR7, HR8: subsets of the hand, within room
        room = min(g.limit, len(g.hands[g.defender]))
        for t in legal:
            if t.startswith("attack "):
                assert len(t.split()) - 1 <= room, f"{t}: more cards than room {room}"
    elif not table:
        cap = 1 if rules.get("attack.opening") == "single" else min(g.limit, len(g.hands[g.defender]))
        expected = set()
        expected |= {frozenset([c]) for c in hand if c in JOKERS}  # J4: a joker opens alone
        for rank in {rank_of(c) for c in hand} - {None}:
            mine = sorted(c for c in hand if rank_of(c) == rank)
            for size in range(1, min(cap, len(mine)) + 1):
                for combo in itertools.combinations(mine, size):
                    expected |= {frozenset(named) for named in
                                 itertools.product(*(played_as(wild, c) for c in combo))}
        got = {frozenset(t.split()[1:]) for t in legal if t.startswith("attack ")}
        assert got == expected, (f"openings: missing {sorted(map(sorted, expected - got))}, "
                                 f"extra {sorted(map(sorted, got - expected))}")
    elif legal and legal[-1] == "pass" and not rules.get("throw_in.card"):
        # throw_in.card (HR1-HR9): the variant's own condition, checked by its scenarios
        throws = {t.split()[1] for t in legal if t.startswith("throw ")}
        assert throws == {p for c in hand if rank_of(c) in on_table for p in played_as(wild, c)}, (
            f"throw-ins {sorted(throws)} are not every card of a rank on the table")


def check_state(mod, g, rng: random.Random | None = None, heavy: bool = True) -> list[str]:
    """Run every per-state check; returns the legal action texts."""
    rng = rng or random.Random(0)
    legal = texts(g.legal_actions())
    assert texts(g.legal_actions()) == legal, "legal_actions() is not stable"
    assert len(set(legal)) == len(legal), f"duplicate legal actions: {legal}"
    check_conservation(mod, g)
    check_table_limits(mod, g)
    check_turn_consistency(mod, g, legal)
    sample = checked_actions(legal, rng)
    check_parse(mod, sample)
    if heavy:
        before = dict_json(g)
        check_roundtrip(mod, g, legal)
        check_actions_apply(mod, g, sample, before)
        check_illegal(mod, g, rng, legal, before)
        check_observations(mod, g)
        assert dict_json(g) == before, "checks changed the state"
    return legal


def playout(mod, players: int, seed, chooser, limit: int = 2000):
    """Play a game choosing with `chooser(legal_texts) -> index`; returns (game, applied)."""
    g = mod.new_game(players, seed)
    applied: list[str] = []
    while not g.is_over:
        assert len(applied) < limit, f"game did not end within {limit} actions"
        legal = texts(g.legal_actions())
        t = legal[chooser(legal)]
        g.apply(t)
        applied.append(t)
    return g, applied
