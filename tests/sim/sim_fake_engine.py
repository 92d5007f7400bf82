"""A tiny engine that follows the engine contract (docs: shared/contract/engine-api.md).

Test fixture only: a small transfer durak (24 cards 9-A, hand 6, 2-3 players) so that the
simulator, bots, diff and play can be tested without the generated engines.  The line
`TRANSFER = True` is rewritten by tests to make a second variant.
"""

import random

TRANSFER = True
NAME = "fake"
RANKS = ["9", "10", "J", "Q", "K", "A"]
SUITS = "SHDC"
HAND = 6
VARIANT = {
    "name": NAME, "title": "Fake durak", "source": "tests/sim/sim_fake_engine.py",
    "spec_sha256": "0" * 64,
    "rules": {"players.min": 2, "players.max": 3, "transfer.enabled": TRANSFER,
              "transfer.show_trump": False, "deal.hand_size": HAND},
}


class IllegalAction(ValueError):
    pass


def _key(card):
    return (RANKS.index(card[:-1]), SUITS.index(card[-1]))


def _card(text):
    text = text.strip().upper()
    for sym, s in zip("♠♥♦♣", SUITS):
        text = text.replace(sym, s)
    if len(text) < 2 or text[:-1] not in RANKS or text[-1] not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return text


class Action:
    def __init__(self, kind, cards=()):
        self.kind, self.cards = kind, tuple(cards)

    def __str__(self):
        return " ".join((self.kind,) + self.cards)

    def __eq__(self, other):
        return str(self) == str(other)

    def __hash__(self):
        return hash(str(self))


def parse_action(text):
    parts = str(text).split()
    if not parts or parts[0] not in ("attack", "beat", "transfer", "throw", "take", "pass"):
        raise ValueError(f"not an action: {text!r}")
    cards = [_card(c) for c in parts[1:]]
    if parts[0] != "beat":
        cards.sort(key=_key)
    return Action(parts[0], cards)


def new_game(players, seed=None, *, dealer=0):
    if not 2 <= players <= 3:
        raise ValueError("fake durak is for 2-3 players")
    deck = [r + s for s in SUITS for r in RANKS]
    random.Random(seed).shuffle(deck)
    hands = [[] for _ in range(players)]
    for i in range(HAND * players):
        hands[(dealer + 1 + i) % players].append(deck.pop(0))
    trump = deck[0][-1]
    stock = deck[1:] + deck[:1]
    holders = [(min(_key(c)[0] for c in h if c[-1] == trump), s)
               for s, h in enumerate(hands) if any(c[-1] == trump for c in h)]
    first = min(holders)[1] if holders else (dealer + 1) % players
    return Game({"players": players, "trump": trump, "stock": stock, "hands": hands,
                 "table": [], "discard": [], "attacker": first, "out": [], "history": [],
                 "taken": False, "passed": [], "dealer": dealer})


def from_position(position):
    d = dict(position)
    d.update(table=[], out=[], history=[], taken=False, passed=[])
    return Game(d)


class Game:
    def __init__(self, d):
        self.players = d["players"]
        self.trump = d["trump"]
        self.stock = list(d["stock"])
        self.hands = [sorted(h, key=_key) for h in d["hands"]]
        self.table = [list(p) for p in d["table"]]
        self.discard = list(d["discard"])
        self.attacker = d["attacker"]
        self.out = list(d["out"])
        self.history = list(d["history"])
        self.taken = d["taken"]
        self.passed = list(d["passed"])
        self.dealer = d.get("dealer", 0)
        self.loser, self.is_draw = d.get("loser"), d.get("is_draw", False)

    @classmethod
    def from_dict(cls, d):
        return cls(d)

    def to_dict(self):
        return {"players": self.players, "trump": self.trump, "stock": list(self.stock),
                "hands": [list(h) for h in self.hands], "table": [list(p) for p in self.table],
                "discard": list(self.discard), "attacker": self.attacker, "out": list(self.out),
                "history": list(self.history), "taken": self.taken, "passed": list(self.passed),
                "dealer": self.dealer, "loser": self.loser, "is_draw": self.is_draw}

    def copy(self):
        return Game(self.to_dict())

    @property
    def is_over(self):
        return self.loser is not None or self.is_draw

    def _next(self, seat):
        for k in range(1, self.players + 1):
            s = (seat + k) % self.players
            if s not in self.out:
                return s
        return seat

    @property
    def defender(self):
        return None if self.is_over else self._next(self.attacker)

    def _beats(self, a, d):
        if d[-1] == a[-1]:
            return _key(d)[0] > _key(a)[0]
        return d[-1] == self.trump

    def _throwers(self):
        ranks = {c[:-1] for p in self.table for c in p if c}
        if len(self.table) >= 6:
            return []
        unbeaten = sum(1 for p in self.table if p[1] is None)
        if not self.taken and unbeaten >= len(self.hands[self.defender]):
            return []
        seats, s = [], self.attacker
        for _ in range(self.players):
            if s != self.defender and s not in self.out and s not in self.passed:
                cards = [c for c in self.hands[s] if c[:-1] in ranks]
                if cards:
                    seats.append((s, cards))
            s = (s + 1) % self.players
        return seats

    @property
    def to_move(self):
        if self.is_over:
            return None
        if not self.table:
            return self.attacker
        if not self.taken and any(p[1] is None for p in self.table):
            return self.defender
        throwers = self._throwers()
        return throwers[0][0] if throwers else None

    def legal_actions(self):
        seat = self.to_move
        if seat is None:
            return []
        hand = self.hands[seat]
        if not self.table:
            return [Action("attack", [c]) for c in hand]
        if seat == self.defender and not self.taken:
            acts = []
            for a, d in self.table:
                if d is None:
                    acts += [Action("beat", [a, c]) for c in hand if self._beats(a, c)]
            rank = self.table[0][0][:-1]
            nxt = self._next(self.defender)
            if (TRANSFER and all(d is None for _, d in self.table)
                    and len(self.table) + 1 <= min(6, len(self.hands[nxt]))):
                acts += [Action("transfer", [c]) for c in hand if c[:-1] == rank]
            return acts + [Action("take")]
        cards = dict(self._throwers())[seat]
        return [Action("throw", [c]) for c in cards] + [Action("pass")]

    def apply(self, action):
        text = str(action)
        try:
            act = parse_action(text)
        except ValueError as exc:
            raise IllegalAction(str(exc)) from None
        if act not in self.legal_actions():
            raise IllegalAction(f"{act} is not legal now")
        seat = self.to_move
        self.history.append(str(act))
        if act.kind in ("attack", "throw", "transfer"):
            self.hands[seat].remove(act.cards[0])
            self.table.append([act.cards[0], None])
            self.passed = []
            if act.kind == "transfer":
                self.attacker = self.defender
        elif act.kind == "beat":
            self.hands[seat].remove(act.cards[1])
            for p in self.table:
                if p[0] == act.cards[0]:
                    p[1] = act.cards[1]
            self.passed = []
        elif act.kind == "take":
            self.taken = True
        else:
            self.passed.append(seat)
        if self.to_move is None:
            self._close()

    def _close(self):
        defender = self.defender
        cards = [c for p in self.table for c in p if c]
        if self.taken:
            self.hands[defender] += cards
        else:
            self.discard += cards
        self.table, self.passed = [], []
        order = [s for s in range(self.players) if s != defender and s not in self.out]
        order.sort(key=lambda s: (s - self.attacker) % self.players)
        for s in order + [defender]:
            while len(self.hands[s]) < HAND and self.stock:
                self.hands[s].append(self.stock.pop(0))
        for h in self.hands:
            h.sort(key=_key)
        for s in range(self.players):
            if not self.hands[s] and not self.stock and s not in self.out:
                self.out.append(s)
        active = [s for s in range(self.players) if s not in self.out]
        if len(active) == 1:
            self.loser = active[0]
        elif not active:
            self.is_draw = True
        elif self.taken or defender in self.out:
            self.attacker = self._next(defender)
        else:
            self.attacker = defender
        self.taken = False

    def observation(self, seat):
        return {"seat": seat, "hand": list(self.hands[seat]),
                "hand_sizes": [len(h) for h in self.hands], "table": [list(p) for p in self.table],
                "trump": self.trump, "trump_card": self.stock[-1] if self.stock else None,
                "stock_size": len(self.stock), "discard": list(self.discard)}

    def next_game(self, seed=None):
        if not self.is_over:
            raise ValueError("the game is not over")
        dealer = self.dealer if self.is_draw else self.loser
        return new_game(self.players, seed, dealer=dealer)
