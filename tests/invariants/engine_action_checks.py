"""Helpers of the invariant suite (engine_support.py): the per-state checks of the legal
actions (parse, round trip, apply on a copy, illegal ones refused) and of the observations,
with the time limit that turns a hanging call into a failure."""

from __future__ import annotations

import contextlib
import json
import random
import signal
import threading

from tests.invariants.engine_cards import (
    SUIT_SYMBOLS,
    VERBS,
    check_conservation,
    deck,
    dict_json,
    printed,
    rules_of,
    strings_in,
    texts,
    trump_cards_in,
)


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
