"""Helpers of the invariant suite (engine_support.py): the cards and rules of an engine, read
through the contract surface (VARIANT, the card texts), and the card-conservation check."""

from __future__ import annotations

import json
from collections import Counter

SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
VERBS = ("attack", "beat", "transfer", "show", "throw", "take", "pass")


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
