"""Implicit applicability of position scenarios (the "baseline", see README.md).

A position scenario is written for the transfer profile's shared rules: the default beat
relation, throw-ins by every non-defender and only after the defence (the protocol Decision:
not siege's SG4), a limit of 6 attack cards, a face-up trump under the stock and a hand size
of 6 (for refills).  A variant that words a rule differently
still gets the scenario when the difference can not matter for it: e.g. fallen-ace's beat
rule agrees with the default on every pair of the scenario's cards, "5 if first_round else
6" is 6 outside the first round, and "left or right of the defender" is every non-defender
with three players or fewer.  Expressions are evaluated with Python's `eval` over a small
namespace, which the spec expression language (and/or/not, comparisons, min, if-else) fits;
anything that fails to evaluate makes the scenario not apply.
"""

from __future__ import annotations

import functools
import itertools
import re

import conformance_scenarios as S

BEATS_DEFAULT = "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump)"
THROW_DEFAULT = "not is_defender"
THROW_CARD_DEFAULT = "c.rank in table.ranks"


@functools.total_ordering
class Rank:
    def __init__(self, text, ranks):
        self.text, self.ranks = str(text), list(ranks)

    def _idx(self, other):
        if isinstance(other, Rank):
            other = other.text
        return self.ranks.index(str(other))

    def __eq__(self, other):
        try:
            return self.ranks.index(self.text) == self._idx(other)
        except ValueError:
            return False

    def __lt__(self, other):
        return self.ranks.index(self.text) < self._idx(other)

    def __hash__(self):
        return hash(self.text)


class Card:
    def __init__(self, text, trump, ranks):
        self.rank = Rank(text[:-1], ranks)
        self.suit = text[-1]
        self.is_trump = trump is not None and self.suit == trump
        # jokers (J1-J4): a joker's rank compares with nothing here, so a scenario with
        # jokers under a rule that reads ranks does not count as agreeing (it names its rules)
        self.is_joker = text in S.JOKERS
        self.colour = "red" if self.suit in "HD" or text == "RJ" else "black"


def _names(ranks):
    names = {s: s for s in S.SUITS}
    for r in ranks:
        if not r.isdigit():
            names[r] = Rank(r, ranks)
    names["lowest"], names["highest"] = Rank(ranks[0], ranks), Rank(ranks[-1], ranks)
    names["min"], names["max"] = min, max
    names["red"], names["black"] = "red", "black"
    return names


def _eval(expr, names):
    return eval(str(expr), {"__builtins__": {}}, names)


def beats_agree(rules, cards, trump) -> bool:
    expr = rules.get("beating.beats", BEATS_DEFAULT)
    if S.rule_matches(expr, BEATS_DEFAULT):
        return True
    ranks = list(rules.get("deck.ranks", S.DEFAULT_RANKS))
    base = _names(ranks)
    try:
        for a_txt, d_txt in itertools.permutations(sorted(cards), 2):
            a, d = Card(a_txt, trump, ranks), Card(d_txt, trump, ranks)
            names = dict(base, a=a, d=d)
            default = bool(_eval(BEATS_DEFAULT, names))
            names["inherited"] = default
            if bool(_eval(expr, names)) != default:
                return False
    except Exception:
        return False
    return True


def throw_in_agrees(rules, players) -> bool:
    expr = rules.get("throw_in.who", THROW_DEFAULT)
    if S.rule_matches(expr, THROW_DEFAULT):
        return True
    if players > 3:
        return False
    try:
        for att, orig in itertools.product([False, True], repeat=2):
            for left, right in ([(True, True)] if players == 2 else [(True, False), (False, True)]):
                for active in range(2, players + 1):
                    names = {"is_attacker": att, "is_original_attacker": orig,
                             "is_defender": False, "left_of_defender": left,
                             "right_of_defender": right, "players": players,
                             "active_players": active}
                    if not _eval(expr, names):
                        return False
    except Exception:
        return False
    return True


class _Cards(list):
    """A `cards` value of the throw environment, for `eval` (fields of schema SET_FIELDS)."""

    @property
    def ranks(self):
        return {c.rank for c in self if not c.is_joker}

    @property
    def suits(self):
        return {c.suit for c in self if not c.is_joker}

    @property
    def trumps(self):
        return _Cards(c for c in self if c.is_trump)

    @property
    def pairs(self):
        ranks = [c.rank.text for c in self if not c.is_joker]
        return sum(1 for r in set(ranks) if ranks.count(r) >= 2)

    def count(self, x):
        return sum(1 for c in self if x in (c.rank, c.suit, c.colour))


def throw_card_agrees(rules, sc) -> bool:
    """throw_in.card allows the same cards as T17's rule for the scenario's cards: every card
    `c` against every table of one or two of the other cards (the first the attack and the
    opening), before a take and, when the scenario takes, after one too."""
    expr = rules.get("throw_in.card", THROW_CARD_DEFAULT)
    if S.rule_matches(expr, THROW_CARD_DEFAULT):
        return True
    ranks = list(rules.get("deck.ranks", S.DEFAULT_RANKS))
    trump = sc["position"]["trump"]
    cards = [Card(t, trump, ranks) for t in sorted(S.scenario_cards(sc))]
    takes = "take" in str(sc)
    base = dict(_names(ranks), attack_cards=1, unbeaten=0, limit=6, first_round=False,
                stock=len(sc["position"]["stock"]), is_attacker=True,
                players=sc["position"]["players"], active_players=sc["position"]["players"])
    try:
        for c in cards:
            others = [x for x in cards if x is not c]
            for x in others:
                for y in [None] + others:
                    table = _Cards([x] if y is None or y is x else [x, y])
                    for took in (False, True) if takes else (False,):
                        names = dict(base, c=c, table=table, attack=_Cards([x]),
                                     opening=_Cards([x]), took=took)
                        if bool(_eval(expr, names)) != bool(_eval(THROW_CARD_DEFAULT, names)):
                            return False
    except Exception:
        return False
    return True


_ONLY_REMOVE = re.compile(r"\b(played|hand_after|stock|next_defender|original_attacker|"
                          r"attacker|defender|dealer)\b")
"""transfer names a transfer.when reads to remove transfers the parent allows: the
transfer's own cards (HR5, HR6), the stock (HR29), the seats (HR28, issue 31)."""


def transfer_when_agrees(rules, sc) -> bool:
    """A transfer.when over the transfer's own cards (`played`, `hand_after`: HR5, HR6), the
    stock (HR29) or the seats (HR28) only removes transfers and shows: it agrees with the
    scenario when no transfer or show is played or expected in it."""
    expr = str(rules.get("transfer.when", "beaten == 0"))
    if not _ONLY_REMOVE.search(expr):
        return True
    body = {k: v for k, v in sc.items() if k not in ("doc", "id", "rules")}
    return "transfer" not in str(body) and "show" not in str(body)


ENDS_DEFAULT = "active_players < 2"
_GAME_END = re.compile(r"\b(is_over|is_draw|loser|losing_team|out|finishing_order|winner|"
                       r"losses|next_game)\b")


def ends_when_agrees(rules, sc) -> bool:
    """outcome.ends_when other than the game's own end (HR35, HR36) ends a game earlier once a
    seat goes out: it agrees with a scenario where nobody is out or going out (no empty hand,
    no expectation about a game's end)."""
    expr = str(rules.get("outcome.ends_when", ENDS_DEFAULT))
    if S.rule_matches(expr, ENDS_DEFAULT):
        return True
    body = {k: v for k, v in sc.items() if k not in ("doc", "id", "rules")}
    return all(sc["position"]["hands"]) and not _GAME_END.search(str(body))


def limit_is_six(rules, pos) -> bool:
    expr = rules.get("attack.limit", "6")
    names = {"first_round": bool(pos.get("first_round", False)), "players": pos["players"],
             "active_players": sum(1 for h in pos["hands"] if h), "stock": len(pos["stock"]),
             "discard": _discard_size(rules, pos), "min": min, "max": max}
    try:
        return _eval(expr, names) == 6
    except Exception:
        return False


def _discard_size(rules, pos) -> int:
    """Cards on the position's discard pile: every card not in a hand or the stock (H1)."""
    ranks = rules.get("deck.ranks", S.DEFAULT_RANKS)
    size = len(ranks) * len(rules.get("deck.suits", S.SUITS))
    return size - len(pos["stock"]) - sum(len(h) for h in pos["hands"])


def trump_agrees(rules, pos) -> bool:
    mode = rules.get("trump.mode", "turned_bottom")
    trump = pos["trump"]
    if trump in (rules.get("trump.never") or []):
        return False
    if mode == "turned_bottom":
        return True
    if mode == "turned_top":  # the same as turned_bottom once the stock is empty
        return not pos["stock"]
    if mode == "fixed":
        return rules.get("trump.suit") == trump
    if mode == "per_seat":  # SK1: no card is turned, nobody shares one trump
        return trump is None
    if mode == "per_seat_by_lot":  # HR15: a position without seat_trumps gives no seat one
        return trump is None
    return False


def wild_free(rules, sc) -> bool:
    """W1: no card of the scenario is wild in these rules (wild cards are played with a
    named suit, so positions written for plain cards do not hold for them)."""
    rank = rules.get("deck.wild_rank")
    if rank is None:
        return True
    wild = {rank + s for s in rules.get("deck.wild_suits", "SHDC")}
    return not any(S.printed(c) in wild for c in S.scenario_cards(sc))


def position_compatible(sc, rules) -> bool:
    """True when the scenario's baseline assumptions hold for these rules (README.md)."""
    pos = sc["position"]
    relaxed = {k for k, v in sc.get("_assumes", {}).items() if v == "*"}
    if pos.get("hidden_trump") and not rules.get("trump.hidden_second"):
        return False  # CT1: only a variant with a hidden second trump card has one
    if "trump.mode" not in relaxed and not trump_agrees(rules, pos):
        return False
    if "beating.beats" not in relaxed and not beats_agree(
            rules, S.scenario_cards(sc), pos["trump"]):
        return False
    if "throw_in.who" not in relaxed and not throw_in_agrees(rules, pos["players"]):
        return False
    # throw-ins only after the defence (the protocol Decision); siege (SG4) asks before it
    if "throw_in.timing" not in sc.get("_assumes", {}) \
            and rules.get("throw_in.timing", "after_defence") != "after_defence":
        return False
    # the card being played (throw_in.card, HR1-HR4, HR9): T17's rule unless the scenario names it
    if "throw_in.card" not in sc.get("_assumes", {}) and not throw_card_agrees(rules, sc):
        return False
    # attack.opening as a condition on the opening's cards (HR7, HR8): every position
    # scenario opens a round, so only those that name the rule apply
    if "attack.opening" not in sc.get("_assumes", {}) \
            and rules.get("attack.opening", "same_rank") not in ("same_rank", "single"):
        return False
    if "transfer.when" not in sc.get("_assumes", {}) and not transfer_when_agrees(rules, sc):
        return False
    if "attack.limit" not in relaxed and "attack.limit" not in sc.get("_assumes", {}) \
            and not limit_is_six(rules, pos):
        return False
    if "outcome.ends_when" not in sc.get("_assumes", {}) and not ends_when_agrees(rules, sc):
        return False
    if "deck.wild_rank" not in sc.get("_assumes", {}) and not wild_free(rules, sc):
        return False
    # a cheating table (HR34) lists cheats and asks seats holding no rank of the table:
    # only the scenarios that name the rule apply
    if rules.get("play.cheating") and "play.cheating" not in sc.get("_assumes", {}):
        return False
    if pos["stock"] and rules.get("deal.stock", "drawn") != "drawn":
        return False  # HR13: a variant without a stock has no position with one
    # a stock means refills, which assume the default hand of six (HR31: at the position's
    # player count)
    return not (pos["stock"] and "deal.hand_size" not in relaxed
                and not hand_is_six(rules, pos))


def hand_is_six(rules, pos) -> bool:
    """deal.hand_size is 6 at the position's player count (a number, or HR31's expression
    over `players`)."""
    size = rules.get("deal.hand_size", 6)
    if not isinstance(size, str):
        return size == 6
    try:
        return _eval(size, {"players": pos["players"]}) == 6
    except Exception:
        return False
