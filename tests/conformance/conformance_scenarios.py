"""Loading, validating and selecting conformance scenarios (no engine needed).

The format is documented in README.md next to this file.  Everything here works
without any generated engine, so the schema tests run even before engines exist.
"""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
SCENARIO_DIR = HERE / "scenarios"
RULES_FILE = HERE / "rules.yaml"

SUITS = ("S", "H", "D", "C")
DEFAULT_RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKERS = ("RJ", "BJ", "RJ2", "BJ2")  # deck.jokers (J1, HR16), in deck and sort order
JOKERS_BY_COUNT = ("BJ", "RJ", "BJ2", "RJ2")  # HR16: a deck of n jokers holds the first n
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
CARD_VERBS = {"attack", "transfer", "throw"}  # cards listed in canonical order
ALL_VERBS = {"attack", "beat", "transfer", "show", "throw", "take", "pass"}
ALL_VERBS |= {"swap", "exchange"}  # PK1 (two cards, order kept), TX1 (one card)
ALL_VERBS |= {"resign"}  # HR24: no cards
ALL_VERBS |= {"redeal", "keep"}  # HR19
ALL_VERBS |= {"catch"}  # HR34: catch SEAT CARD, out of turn

FILE_KEYS = {"assumes", "variants", "scenarios", "doc"}
SCENARIO_KEYS = {
    "id", "rules", "doc", "assumes", "variants", "position", "new_game", "property",
    "params", "actions", "expect", "steps", "by_variant", "overrides",
}
POSITION_KEYS = {"players", "trump", "stock", "hands", "attacker", "discard", "dealer",
                 "first_round", "hidden_trump", "losses"}
POSITION_KEYS |= {"swaps_left", "exchanged"}  # PK4, TX1: passed to from_position when given
POSITION_KEYS |= {"set_aside"}  # HR12, HR13: the cards out of play
POSITION_KEYS |= {"seat_trumps"}  # HR15: each seat's own trump suit
NEW_GAME_KEYS = {"players", "seed", "dealer"}
OVERRIDE_KEYS = {"when", "actions", "expect", "steps"}
BY_VARIANT_KEYS = {"actions", "expect", "steps"}
STEP_KEYS = {"do", "expect", "next_game", "note"}
EXPECT_KEYS = {
    "to_move", "attacker", "defender", "trump", "legal", "legal_has", "legal_lacks",
    "illegal", "hands", "hand_sizes", "table", "stock", "stock_size", "discard_added",
    "out", "is_over", "loser", "is_draw", "attacker_holds_lowest_trump", "annotations",
    "teams", "losing_team", "losses",
    "hidden_trump", "trump_card", "trump_of",
    "set_aside", "seen_trump_card",  # HR12, HR13: cards out of play, the trump card seen
}
EXPECT_KEYS |= {"actors", "out_of_turn"}  # HR34: actors(), {seat: out_of_turn_actions(seat)}
EXPECT_KEYS |= {"swaps_left"}  # PK4: the game's swaps_left member
EXPECT_KEYS |= {"observation"}  # HR25, HR26: {seat: n, key: value, ...} of observation(seat)
# matches and results (HR20-HR23, EP): the game's members of those names
EXPECT_KEYS |= {"dealer", "finishing_order", "winner", "points", "match_points", "match_over",
                "standings", "next_game_refused"}
POSITION_KEYS |= {"game", "match_points"}  # HR21, HR22: the series so far
PROPERTIES = {
    "deal_shape", "six_player_deal", "first_attacker", "opening_any_card", "players_range",
    "series", "random_play", "team_seats", "team_play", "team_series",
    "ladder_series", "redeal_condition",  # series capability (L1, L2, H3)
    "joker_deal",  # jokers (J1)
    "repeat_series",  # HR23
    "whole_deck_deal", "aside_deal", "lot_deal",  # decks, deals and trumps (HR12-HR15)
    "redeal_questions",  # HR19
    "lowest_card_opens", "hand_size_by_players",  # choices as data (HR30, HR31)
    "opener_criteria",  # first_attacker.first_game as a list (issue 31 item 2)
    "later_opener_criteria",  # series.first_attacker as a list (issue 31 item 2, T8)
}
PARAM_KEYS = {"players", "seeds", "dealers", "games", "max_actions", "longest_suit_below",
              "passed_over",  # jokers (J1): deals that must turn up a joker first
              "one_colour",  # HR18: false - no dealt hand is all red or all black
              "longest_suit", "asked", "redealt",  # HR19: who may ask; how often seen
              "no_trump", "not_left", "trump_first",  # HR30: deals that must be met
              "sizes",  # HR31: the hand size at each player count
              "items", "fallback", "met",  # issue 31 item 2: the opener's criteria
              "narrowed"}  # ... and its seat items (a tie broken among the tied seats only)


# ---------------------------------------------------------------------------
# cards and actions
# ---------------------------------------------------------------------------
def canon_card(text: str) -> str:
    text = str(text).strip()
    if "/" in text:  # W2: a wild card with the suit it is played as, '6S/H'
        card, _, named = text.partition("/")
        return canon_card(card) + "/" + _SYMBOLS.get(named, named.upper())
    suit = _SYMBOLS.get(text[-1], text[-1].upper())
    return text[:-1].upper() + suit


def printed(card: str) -> str:
    """W2, W3: the printed card of a card text ('6S/H' -> '6S')."""
    return card.partition("/")[0]


def card_key(card: str, ranks=DEFAULT_RANKS):
    if card in JOKERS:  # J1: the jokers sort after every other card, RJ then BJ
        return (len(ranks) + 1, JOKERS.index(card), -1)
    card, _, named = card.partition("/")
    rank, suit = card[:-1], card[-1]
    order = list(ranks)
    return (order.index(rank) if rank in order else len(order), SUITS.index(suit),
            SUITS.index(named) if named in SUITS else len(SUITS) if named else -1)


def sort_cards(cards, ranks=DEFAULT_RANKS) -> list[str]:
    return sorted((canon_card(c) for c in cards), key=lambda c: card_key(c, ranks))


def canon_action(text: str, ranks=DEFAULT_RANKS) -> str:
    parts = str(text).split()
    verb = parts[0].lower()
    cards = [canon_card(c) for c in parts[1:]]
    if verb in CARD_VERBS:
        cards = sorted(cards, key=lambda c: card_key(c, ranks))
    return " ".join([verb, *cards])


def action_cards(text: str) -> list[str]:
    words = str(text).split()
    if words and words[0].lower() == "catch":  # HR34: catch SEAT CARD
        words = words[1:]
    return [canon_card(c) for c in words[1:]]


# ---------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------
def engine_rules(mod) -> dict:
    """The rules the games of engine `mod` play: its VARIANT["rules"]; for an engine with
    table settings (OPTIONS, a spec's `options:`), those rules with every option at its
    default, which the scenarios' games start with (`durakc.spec.options.rules_at`)."""
    if not getattr(mod, "OPTIONS", None):
        return mod.VARIANT["rules"]
    from durakc.spec import load_spec
    from durakc.spec.options import rules_at

    return rules_at(load_spec(mod.VARIANT["name"]), {})


def load_rules() -> dict[str, str]:
    with RULES_FILE.open(encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def scenario_files() -> list[Path]:
    return sorted(SCENARIO_DIR.glob("*.yaml"))


def load_scenarios() -> list[dict]:
    """Every scenario, with the file-level `assumes`/`variants` merged in and `_file` set."""
    out = []
    for path in scenario_files():
        with path.open(encoding="utf-8") as fh:
            data = yaml.safe_load(fh) or {}
        file_assumes = data.get("assumes", {}) or {}
        file_variants = data.get("variants")
        for raw in data.get("scenarios", []) or []:
            sc = copy.deepcopy(raw)
            sc["_file"] = path.name
            merged = dict(file_assumes)
            merged.update(sc.get("assumes", {}) or {})
            sc["_assumes"] = merged
            if "variants" not in sc and file_variants is not None:
                sc["_variants"] = file_variants
            else:
                sc["_variants"] = sc.get("variants")
            out.append(sc)
    return out


def _position_cards(pos):
    cards = []
    for h in pos.get("hands", []):
        cards += [canon_card(c) for c in h]
    cards += [canon_card(c) for c in pos.get("stock", [])]
    cards += [canon_card(c) for c in pos.get("discard", []) or []]
    if pos.get("hidden_trump"):
        cards.append(canon_card(pos["hidden_trump"]))
    cards += [canon_card(c) for c in pos.get("set_aside", [])]  # HR12, HR13
    return cards


# ---------------------------------------------------------------------------
# applicability
# ---------------------------------------------------------------------------
def rule_matches(actual, wanted) -> bool:
    if isinstance(wanted, bool) or isinstance(actual, bool):
        return actual is wanted or actual == wanted
    if isinstance(wanted, list) or isinstance(actual, (list, tuple)):
        return isinstance(actual, (list, tuple)) and [str(a) for a in actual] == [
            str(w) for w in (wanted if isinstance(wanted, list) else [wanted])]
    if isinstance(wanted, str) or isinstance(actual, str):
        return " ".join(str(actual).split()) == " ".join(str(wanted).split())
    return actual == wanted


def conditions_hold(rules: dict, cond: dict) -> bool:
    """Every key matches; the value "*" only relaxes a baseline assumption (any value)."""
    return all(v == "*" or (k in rules and rule_matches(rules[k], v)) for k, v in cond.items())


def deck_of(rules: dict) -> list[str]:
    ranks = rules.get("deck.ranks", list(DEFAULT_RANKS))
    suits = rules.get("deck.suits", list(SUITS))
    copies = rules.get("deck.copies", 1)  # HR17: each card text this many times
    return ([r + s for r in ranks for s in suits for _ in range(copies)]
            + [j for j in JOKERS if j in JOKERS_BY_COUNT[:rules.get("deck.jokers", 0)]])


def scenario_cards(sc) -> set[str]:
    cards = set()
    if "position" in sc:
        cards |= set(_position_cards(sc["position"]))

    def body_cards(body):
        acts = list(body.get("actions", []) or [])
        for st in body.get("steps", []) or []:
            if "do" in st:
                acts += st["do"] if isinstance(st["do"], list) else [st["do"]]
        for a in acts:
            cards.update(action_cards(a))
    body_cards(sc)
    return cards


def applies(sc, name: str, rules: dict) -> bool:
    if sc.get("_variants") is not None and name not in sc["_variants"]:
        return False
    if not conditions_hold(rules, sc.get("_assumes", {})):
        return False
    deck = set(deck_of(rules))
    if not {printed(c) for c in scenario_cards(sc)} <= deck:
        return False
    if "position" in sc:
        from conformance_compat import position_compatible
        if not position_compatible(sc, rules):
            return False
    pos = sc.get("position") or sc.get("new_game")
    if pos and "players" in pos:
        lo, hi = rules.get("players.min", 2), rules.get("players.max", 6)
        if not lo <= pos["players"] <= hi:
            return False
    return True


def body_for(sc, name: str, rules: dict) -> dict:
    """The actions/expect/steps to run for this variant (by_variant, then overrides)."""
    if name in (sc.get("by_variant") or {}):
        return sc["by_variant"][name]
    for ov in sc.get("overrides") or []:
        if conditions_hold(rules, ov["when"]):
            return ov
    return sc


def steps_of(body: dict) -> list[dict]:
    if "steps" in body:
        return body["steps"]
    steps = []
    if body.get("actions"):
        steps.append({"do": list(body["actions"])})
    if "expect" in body:
        steps.append({"expect": body["expect"]})
    return steps
