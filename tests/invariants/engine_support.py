"""Helpers shared by the invariant suite: finding the generated engines and
checking one game state against the engine contract
(`shared/contract/engine-api.md`) and the round protocol
(`shared/rules/profiles.md`, Decision (protocol, all variants)).

Everything here reads engines only through the contract surface, so the same
checks hold for every generated engine.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import json
import random
import signal
import sys
import threading
from collections import Counter
from pathlib import Path

import engine_backend
import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

NO_ENGINES = "no generated engines yet"
python_engine_only = pytest.mark.skipif(
    engine_backend.backend() == "native",
    reason="checks the Python engine itself (its file or its internals); "
           "tests/native checks the C engine")
"""For tests of the Python engine file or internals (header, imports, inlined shuffle)."""
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
VERBS = ("attack", "beat", "transfer", "show", "throw", "take", "pass")
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


@contextlib.contextmanager
def time_limit(seconds: float, what: str):
    """Fail (AssertionError) instead of hanging when `what` takes longer than `seconds`.
    Uses SIGALRM, so it only works in the main thread (elsewhere it does nothing); nested
    uses keep the outermost limit."""
    if (not hasattr(signal, "setitimer") or _ALARM["depth"]
            or threading.current_thread() is not threading.main_thread()):
        yield
        return

    def _alarm(signum, frame):
        raise AssertionError(f"{what} did not return within {seconds} s (endless loop?)")

    old = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    _ALARM["depth"] += 1
    try:
        yield
    finally:
        _ALARM["depth"] -= 1
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


_ALARM = {"depth": 0}
_HUNG: dict[str, str] = {}  # engine module -> the state on which from_dict hung


# ---------------------------------------------------------------------------
# Cards and rules
# ---------------------------------------------------------------------------
def rules_of(mod) -> dict:
    """The rules the games here play: VARIANT["rules"]; for an engine with table settings
    (OPTIONS, a spec's `options:`), those rules with every option at its default, as
    `new_game(players, seed)` starts them (`durakc.spec.options.rules_at`)."""
    if not getattr(mod, "OPTIONS", None):
        return mod.VARIANT["rules"]
    key = mod.VARIANT["spec_sha256"]
    if key not in _RULES_AT:
        from durakc.spec import load_spec
        from durakc.spec.options import rules_at

        _RULES_AT[key] = rules_at(load_spec(mod.VARIANT["name"]), {})
    return _RULES_AT[key]


_RULES_AT: dict[str, dict] = {}


def deck(mod) -> list[str]:
    rules = rules_of(mod)
    ranks = rules.get("deck.ranks", ["6", "7", "8", "9", "10", "J", "Q", "K", "A"])
    suits = rules.get("deck.suits", ["S", "H", "D", "C"])
    return [r + s for s in suits for r in ranks] + [j for j in JOKERS if j in ("BJ", "RJ", "BJ2", "RJ2")[:rules.get("deck.jokers", 0)]]


JOKERS = ("RJ", "BJ", "RJ2", "BJ2")  # HR16: a deck of n jokers holds the first n of BJ RJ BJ2 RJ2
"""deck.jokers: 2 (J1): card conservation counts them like any card."""


def rank_of(card: str) -> str | None:
    """The rank text (W3: a wild card keeps its rank); None for a joker, which has no rank (J3)."""
    return None if card in JOKERS else printed(card)[:-1]


# -- wild cards (W1-W3): '6S/H' is the six of spades played as a six of hearts -------
def printed(card: str) -> str:
    """The printed card of a card text ('6S/H' -> '6S')."""
    return card.partition("/")[0]


def wild_cards(mod) -> set[str]:
    """W1: the variant's wild cards (deck.wild_rank in each of deck.wild_suits)."""
    rules = rules_of(mod)
    rank = rules.get("deck.wild_rank")
    if rank is None:
        return set()
    return {rank + s for s in rules.get("deck.suits", "SHDC") if s in rules.get("deck.wild_suits", "SHDC")}


def played_as(wild: set[str], card: str) -> list[str]:
    """W2: the texts a hand card is played as: a wild card once per suit it may name."""
    return [f"{card}/{s}" for s in "SHDC"] if card in wild else [card]


def check_wild(mod, g) -> None:
    """W2, W3: named suits exist only on the table, and only for wild cards."""
    wild = wild_cards(mod)
    for place, cards in [("hands", [c for h in g.hands for c in h]), ("stock", g.stock),
                         ("discard", g.discard)]:
        named = [c for c in cards if "/" in c]
        assert not named, f"a wild card's named suit leaked into the {place}: {named}"
    for pair in g.table:
        for c in pair:
            if c is not None and "/" in c:
                assert printed(c) in wild, f"{c} on the table names a suit but is not wild"
            if c is not None and wild:
                assert printed(c) not in wild or "/" in c, f"wild {c} on the table without a suit"


def attack_cap(mod) -> int:
    """Upper bound on attack cards per round: 6, or attack.limit when it is a plain integer."""
    text = str(rules_of(mod).get("attack.limit", "6")).strip()
    return int(text) if text.isdigit() else 6


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


def dict_json(g) -> str:
    """Canonical JSON of `to_dict()` (also proves it is JSON-safe)."""
    return json.dumps(g.to_dict(), sort_keys=True)


def round_took(g) -> bool:
    """Has the current defender declared `take` in this round (since the last opening)?"""
    hist = list(g.history)
    start = None
    for i in range(len(hist) - 1, -1, -1):
        if hist[i].split()[0] == "attack":
            start = i
            break
    if start is None:
        return False
    return any(h == "take" for h in hist[start:])


def strings_in(obj) -> list[str]:
    """Every whitespace-separated token of every string (keys included) in a JSON value."""
    out: list[str] = []
    stack = [obj]
    while stack:
        cur = stack.pop()
        if isinstance(cur, str):
            out.extend(cur.replace(",", " ").split())
        elif isinstance(cur, dict):
            for k, v in cur.items():
                stack.append(str(k))
                stack.append(v)
        elif isinstance(cur, (list, tuple)):
            stack.extend(cur)
    return out


def trump_cards_in(obj, trump) -> set[str]:
    """Card texts found under keys naming the trump (e.g. `trump_card`) in a JSON value."""
    found: set[str] = set()
    stack = [(None, obj)]
    while stack:
        key, cur = stack.pop()
        if isinstance(cur, dict):
            for k, v in cur.items():
                stack.append((str(k), v))
        elif isinstance(cur, (list, tuple)):
            for v in cur:
                stack.append((key, v))
        elif (isinstance(cur, str) and key is not None and "trump" in key.lower()
              and trump is not None and cur.endswith(trump) and len(cur) >= 2):
            found.add(cur)
    return found


# ---------------------------------------------------------------------------
# The per-state checks
# ---------------------------------------------------------------------------
def check_conservation(mod, g) -> None:
    full = deck(mod)
    places: list[tuple[str, str]] = []
    for seat, hand in enumerate(g.hands):
        places += [(c, f"hand {seat}") for c in hand]
    for pair in g.table:
        places += [(printed(c), "table") for c in pair if c is not None]  # W2
    places += [(c, "stock") for c in g.stock]
    places += [(c, "discard") for c in g.discard]
    places += [(c, "set aside") for c in getattr(g, "set_aside", None) or ()]  # HR12, HR13
    if g.hidden_trump is not None:  # CT1: face down under the face-up trump, not in the stock
        places.append((g.hidden_trump, "hidden_trump"))
    counts = Counter(c for c, _ in places)
    copies = rules_of(mod).get("deck.copies", 1)  # HR17: each text this many times
    dup = {c: [p for cc, p in places if cc == c] for c, k in counts.items() if k > copies}
    assert not dup, f"cards in more than one place: {dup}"
    assert sum(counts.values()) == len(full) * copies, "cards of the deck nowhere or twice"
    missing = sorted(set(full) - set(counts))
    extra = sorted(set(counts) - set(full))
    assert not missing, f"cards of the deck nowhere (hands/table/stock/discard): {missing}"
    assert not extra, f"cards not in the variant's deck: {extra}"
    assert len(g.hands) == g.players
    assert g.trump_card not in JOKERS, f"a joker never fixes trump (J1): {g.trump_card}"


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


def check_parse(mod, legal: list[str]) -> None:
    for t in legal:
        assert str(mod.parse_action(t)) == t, f"parse_action({t!r}) prints {mod.parse_action(t)}"
        for variant in spellings(t):
            got = str(mod.parse_action(variant))
            assert got == t, f"parse_action({variant!r}) gives {got!r}, expected {t!r}"


def spellings(t: str) -> list[str]:
    """Other accepted spellings of an action text: lowercase, suit symbols, other card order."""
    verb, *cards = t.split()
    out = [t.lower()]
    sym = [c[:-1] + SUIT_SYMBOLS.get(c[-1], c[-1]) for c in cards]
    out.append(" ".join([verb] + sym))
    out.append(" ".join([verb.upper()] + [c.lower() for c in sym]))
    if len(cards) > 1 and verb not in ("beat", "swap"):  # PK3: a swap's order counts
        out.append(" ".join([verb] + cards[::-1]))
        out.append(" ".join([verb] + [c.lower() for c in sym[::-1]]))
    return out


def check_roundtrip(mod, g, legal: list[str]) -> None:
    d = json.loads(json.dumps(g.to_dict()))
    # A hang costs seconds per test: once from_dict hung on a finished game of an engine,
    # later finished games of that engine fail at once (other states: the same state only).
    key = (mod.__name__, "over") if g.is_over else (mod.__name__, json.dumps(d, sort_keys=True))
    if key in _HUNG:
        raise AssertionError(f"Game.from_dict(g.to_dict()) hangs (is_over={g.is_over}); first "
                             f"seen after history {_HUNG[key]}")
    try:
        with time_limit(3, "Game.from_dict(g.to_dict())"):
            h = mod.Game.from_dict(d)
    except AssertionError as exc:
        _HUNG[key] = json.dumps(list(g.history))
        raise AssertionError(f"{exc} (is_over={g.is_over})") from None
    assert dict_json(h) == dict_json(g), "from_dict(to_dict()) changes the state"
    assert texts(h.legal_actions()) == legal, "from_dict(to_dict()) changes the legal actions"
    for attr in ("players", "to_move", "hands", "table", "stock", "discard", "attacker",
                 "defender", "out", "history", "trump", "is_over", "loser", "is_draw"):
        assert _plain(getattr(h, attr)) == _plain(getattr(g, attr)), f"from_dict changes {attr}"


def _plain(v):
    return json.loads(json.dumps(v))


def check_actions_apply(mod, g, legal: list[str], before: str) -> None:
    """Every legal action applies on a copy, leaving the original unchanged."""
    for t in legal:
        c = g.copy()
        with time_limit(5, f"apply({t!r}) on a copy"):
            c.apply(t)
        assert list(c.history)[-1] == t, f"history ends with {list(c.history)[-1:]} after {t!r}"
        check_conservation(mod, c)
    assert dict_json(g) == before, "applying to a copy changed the original"


def illegal_candidates(mod, g, rng: random.Random, legal: list[str], k: int = 12) -> list[str]:
    """Well-formed action texts that are not legal now (random verbs and cards)."""
    full = deck(mod)
    hand = list(g.hands[g.to_move]) if g.to_move is not None else []
    not_hand = [c for c in full if c not in hand]
    table_attacks = [p[0] for p in g.table]
    legal_set = set(legal)
    out: list[str] = []
    for _ in range(k * 4):
        verb = rng.choice(VERBS)
        pool = hand if (hand and rng.random() < 0.6) else (not_hand or full)
        if verb in ("take", "pass"):
            text = verb
        elif verb == "beat":
            a = rng.choice(table_attacks) if table_attacks and rng.random() < 0.7 else rng.choice(full)
            text = f"beat {a} {rng.choice(pool)}"
        else:
            n = 1 if rng.random() < 0.7 else 2
            cards = rng.sample(pool, min(n, len(pool)))
            text = " ".join([verb] + cards)
        try:
            canon = str(mod.parse_action(text))
        except ValueError:
            continue  # e.g. a card twice: malformed, covered elsewhere
        if canon not in legal_set and canon not in out:
            out.append(canon)
        if len(out) >= k:
            break
    if g.is_over:
        out.extend(["take", "pass"])
    return out


def check_illegal(mod, g, rng: random.Random, legal: list[str], before: str) -> None:
    """Sampled illegal actions (as text and as Action) raise IllegalAction with a message.
    The state is compared once after all of them; on a change the culprit is searched."""
    cands = illegal_candidates(mod, g, rng, legal)
    for i, t in enumerate(cands):
        try:
            g.apply(t if i % 2 == 0 else mod.parse_action(t))
        except mod.IllegalAction as exc:
            assert str(exc), f"IllegalAction for {t!r} without a message"
        else:
            raise AssertionError(f"illegal action {t!r} was accepted (legal: {legal})")
    if dict_json(g) != before:
        for t in cands:
            c = mod.Game.from_dict(json.loads(before))
            try:
                c.apply(t)
            except mod.IllegalAction:
                pass
            assert dict_json(c) == before, f"rejected {t!r} but the state changed"
        raise AssertionError(f"rejecting {cands} changed the state")


def check_observations(mod, g) -> None:
    full = set(deck(mod))
    public = {c for p in g.table for c in p if c is not None} | set(g.discard)
    # cards once seen by everybody: played or shown in an action (e.g. picked up later)
    for h in g.history:
        public.update(x for x in h.split()[1:])
        public.update(printed(x) for x in h.split()[1:])  # W2: a played wild card, printed
    stock = list(g.stock)
    face_up = set()
    if stock:
        face_up.add(stock[-1])
        if rules_of(mod).get("trump.mode") == "turned_top":
            face_up.add(stock[0])
    saved = g.to_dict()
    face_up |= trump_cards_in({k: v for k, v in saved.items() if k != "hidden_trump"}, g.trump)
    # CT2: every card that lay face up as trump (drawn since) was seen by everybody
    face_up |= {c for pair in saved.get("trump_changes", []) for c in pair}
    face_up |= set(saved.get("lot_cards") or ())  # HR15: each seat's lot card lies face up
    if rules_of(mod).get("view.hands") == "all":  # HR26: every hand is open
        face_up |= {c for h in g.hands for c in h}
    hands = [list(h) for h in g.hands]
    for seat in range(g.players):
        obs = g.observation(seat)
        json.dumps(obs)  # JSON-safe, or this raises
        tokens = set(strings_in(obs))
        own = set(hands[seat])
        assert own <= tokens, f"observation({seat}) lacks own cards {sorted(own - tokens)}"
        for other in range(g.players):
            if other == seat:
                continue
            leaked = (set(hands[other]) & tokens) - public - face_up
            if rules_of(mod).get("deck.copies", 1) > 1:  # HR17: the text of own copies
                leaked -= own
            assert not leaked, f"observation({seat}) shows seat {other}'s cards {sorted(leaked)}"
        assert g.hidden_trump is None or g.hidden_trump not in tokens, (
            f"observation({seat}) shows the hidden trump card {g.hidden_trump} (CT1)")
        hidden_stock = (set(stock) & tokens) - face_up - public
        if rules_of(mod).get("deck.copies", 1) > 1:  # HR17: the text of own copies
            hidden_stock -= own
        assert not hidden_stock, f"observation({seat}) shows stock cards {sorted(hidden_stock)}"
        assert tokens & full <= own | public | face_up, (
            f"observation({seat}) names unexpected cards {sorted((tokens & full) - own - public - face_up)}")


ACTIONS_CHECKED = 40
"""At most this many legal actions of one state are parsed in every spelling and applied on
a copy.  Openings by condition (attack.opening, HR7, HR8) can offer hundreds in one state;
those states check the first and last few and a sample chosen by the state's seeded rng."""


def checked_actions(legal: list[str], rng: random.Random) -> list[str]:
    """`legal`, or ACTIONS_CHECKED of them: the first and last eight and a seeded sample."""
    if len(legal) <= ACTIONS_CHECKED:
        return legal
    middle = legal[8:-8]
    return legal[:8] + rng.sample(middle, ACTIONS_CHECKED - 16) + legal[-8:]


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
