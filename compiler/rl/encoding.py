"""The fixed-size action encoding and observation layout shared by the RL environments.

Both are derived from an engine's constants only (`durakc.loading.constants`; never its
`VARIANT["rules"]`) and its action verbs (`VERBS`): the deck (`RANKS` x `SUITS`: deck.ranks x
deck.suits, N cards), the most seats (`PLAYERS_MAX`: players.max, P) and one block
per verb, shaped by what the verb names (`SHAPES`).  Every game of the variant, with
any number of players, uses the same spaces.  docs/rl.md documents the layout; in short:

    cards:    card = rank_index * S + suit_index (ranks low to high, suits in the order S H D C),
              then the J jokers (deck.jokers: RJ, BJ), N + J held cards
    played:   the held cards, then each wild card with each suit it may name (W x S, `6S/H`)
    actions:  attack (R x (2^S - 1) rank/suit-set, then J joker and W x S wild singles;
              with attack.opening a condition, HR7 and HR8: every subset of the allowed sizes)
              | throw (N') | beat (N' x N' attack/defence) | transfer (R x (2^S - 1))
              | show (N) | take (1) | pass (1) | exchange (N, TX1) | swap (N x N ordered,
              PK1-PK3) | resign (1, HR24) | redeal (1) | keep (1, HR19)
              | catch (N', HR34: the deciding seat's) | wait (1, HR34)   with N' = N + J + W x S
              (deck.copies k, HR17: card blocks count copies, 0..k, and a suit set is a
              multiset, (k + 1)^S - 1 a rank)
              played identities; exchange, swap, resign, redeal and keep only with
              trump.six_exchange / swap.per_game / play.resign / deal.offer_redeal
    views:    view.discard closed (HR25): no discard cards, a discard_size block instead;
              view.hands all (HR26): a `hands` block, P x (N + J), every seat's hand

The engine is used through its contract only: `legal_actions()`, the action texts, and
`observation(seat)`.
"""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType

from durakc.cards import SUIT_ORDER
from durakc.loading import constants
from durakc.loading.engines import check_players, load_engine
from durakc.rl import require
from durakc.rl.readers import action_verbs, refuse_unsupported, this_round, wild_cards
from durakc.rl.subsets import condition_block
from durakc.schema.envs import joker_texts

np = require("numpy")

SHAPES = {
    "attack": "opening",      # one rank's suit set, then the joker and wild singles (J4, W2)
    "throw": "played",        # one card as played (a wild card with its suit)
    "beat": "played_pair",    # attack card, defence card, both as played
    "transfer": "rank_set",   # one rank's suit set
    "show": "printed",        # one printed card (S1)
    "take": "bare",           # no card
    "pass": "bare",
    "exchange": "printed",    # the lowest trump given (TX1)
    "swap": "held_pair",      # ordered pair of held cards (PK3)
    "resign": "bare",         # no card (HR24)
    "redeal": "bare",         # ask for a redeal at the deal (HR19)
    "keep": "bare",           # play on with the dealt hand (HR19)
    "catch": "played",        # HR34: catch a table card as played, the acting seat implied
    "wait": "bare",           # HR34: decline to act out of turn (the environments' own)
}
"""The shape of each action verb's block: which cards it names, so how many indices it takes.
Blocks follow this order; the first seven are in every engine, the others only where the
engine's `VERBS` lists them.  A new verb of the engines needs one line here (a verb that
names no card is "bare": one index), placed after the existing ones so that earlier indices
keep their meaning."""
OUT_OF_TURN = ("catch",)
"""Verbs only ever offered out of turn (HR34's `catch SEAT CARD`, through `actors()` and
`out_of_turn_actions(seat)`), never among `legal_actions()`.  Their block names the card
only (the seat is the one deciding); an engine with one also gets the `wait` block, the
environments' "do not act now" (durakc.rl.schedule, docs/rl.md "Out-of-turn decisions")."""
KINDS = tuple(SHAPES)
"""Action kinds in the order of their blocks in the action space (`DurakEncoding.offsets`
has the kinds of its variant)."""
CORE_VERBS = KINDS[:7]
"""The verbs every engine lists (their blocks exist in every variant, used or not)."""
PHASES = ("attack", "defend", "throw", "over")
"""`observation(seat)["phase"]` values, in the order of the phase one-hot."""


def resolve_engine(engine) -> ModuleType:
    """An engine module from a module, a bundled variant name or a path (load_engine)."""
    if isinstance(engine, ModuleType):
        return engine
    return load_engine(str(engine))


def check_player_count(module: ModuleType, players: int) -> int:
    """`players` if the variant allows it, else a ValueError saying the range (TypeError
    when it is not an int)."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise TypeError(f"players must be an int, not {players!r}")
    problem = check_players(module, players)
    if problem:
        raise ValueError(problem)
    return players


@dataclass(frozen=True)
class ObservationLayout:
    """Where each block lies in the flat observation vector: name -> slice."""

    slices: dict
    size: int
    high: object  # np.ndarray of float32 upper bounds (lower bounds are all 0)

    def block(self, vector, name: str):
        """The part of an observation `vector` that holds block `name`."""
        return vector[self.slices[name]]


class DurakEncoding:
    """Action indices and observation arrays for one variant (see docs/rl.md).

    `action_index(action)` and `action_text(index)` are inverse on every action the variant's
    engine can list; `legal_indices(game)` maps the indices of the legal actions to the
    engine's own `Action` objects, so the mask is exactly `legal_actions()`.
    """

    def __init__(self, engine):
        self.engine = resolve_engine(engine)
        engine = self.engine
        refuse_unsupported(engine)
        built = constants.built(engine)  # CAPABILITIES (durakc.loading.constants)
        self.ranks = tuple(engine.RANKS)
        self.suits = tuple(sorted(engine.SUITS, key=SUIT_ORDER.index))
        self.max_players = int(getattr(engine, "PLAYERS_MAX", 6))
        self.n_suits = len(self.suits)
        self.n_cards = len(self.ranks) * self.n_suits
        # HR17 (deck.copies): a card text may be held, played or discarded `copies` times, so
        # card blocks count copies and one rank's suit sets are multisets, base copies + 1
        self.copies = int(getattr(engine, "COPIES", 1))
        self.suit_sets = (self.copies + 1) ** self.n_suits - 1
        sizes = getattr(engine, "OPENING_SIZES", None)  # HR7, HR8: a condition (subsets.py)
        self.subsets = None if sizes is None else condition_block(self.variant, sizes, self.n_cards)
        # J1: the jokers are held cards after the N ranked ones (never shown, never trump).
        self.card_texts = (tuple(r + s for r in self.ranks for s in self.suits)
                           + tuple(joker_texts(int(getattr(engine, "NJOKERS", 0)))))
        self.n_held = len(self.card_texts)
        self.most_cards = self.n_held * self.copies  # the whole deck (hand sizes, the stock)
        self._card_index = {text: i for i, text in enumerate(self.card_texts)}
        # W2: a wild card on the table is a (printed card, named suit) pair; those identities
        # follow the held cards.  Without wild cards, played == held.
        self.wild_cards = wild_cards(engine, self.suits)
        self.played_texts = self.card_texts + tuple(
            f"{card}/{suit}" for card in self.wild_cards for suit in self.suits)
        self.n_played = len(self.played_texts)
        self._played_index = {text: i for i, text in enumerate(self.played_texts)}
        self.exchanges = "trump_exchange" in built  # TX1
        self.swaps = int(getattr(engine, "SWAPS_PER_GAME", 0))  # PK1-PK4
        self.closed_discard = "view_discard" in built  # HR25 (view.discard: closed)
        self.open_hands = "view_hands" in built  # HR26 (view.hands: all)
        self._sets = len(self.ranks) * self.suit_sets  # one rank's suit sets, every rank
        self.verbs = action_verbs(engine, built, tuple(SHAPES), OUT_OF_TURN)
        self.offsets, self.num_actions = self._action_blocks()
        self.layout = self._observation_layout()
        self._index_of_text: dict[str, int] = {}

    # -- actions --------------------------------------------------------------
    def _action_blocks(self):
        """{kind: first index} for the verbs of the engine, in the order of SHAPES, and the
        number of actions."""
        opening = self.subsets.size if self.subsets else self._sets + self.n_played - self.n_cards
        sizes = {"opening": opening, "played": self.n_played,
                 "played_pair": self.n_played ** 2, "rank_set": self._sets,
                 "printed": self.n_cards, "bare": 1, "held_pair": self.n_held ** 2}
        offsets, start = {}, 0
        for kind in self.verbs:
            offsets[kind] = start
            start += sizes[SHAPES[kind]]
        return offsets, start

    def card_index(self, card: str) -> int:
        """The index of a card text of this deck ('10H' -> 4 * S + 1 in a 6-A deck; a joker
        N + its number, 'RJ' then 'BJ')."""
        try:
            return self._card_index[card]
        except KeyError:
            raise ValueError(f"{card!r} is not a card of the {self.variant} deck") from None

    def played_index(self, card: str) -> int:
        """The index of a card as it lies on the table: a printed card ('9D' -> its card
        index) or a wild card with its named suit ('6S/H' -> N + J + wild_number * S + suit)."""
        try:
            return self._played_index[card]
        except KeyError:
            raise ValueError(f"{card!r} is not a card of the {self.variant} deck") from None

    @property
    def variant(self) -> str:
        """The variant's name."""
        return str(self.engine.VARIANT.get("name", "?"))

    def action_index(self, action) -> int:
        """The index of an action (an engine `Action` or its canonical text)."""
        text = str(action)
        index = self._index_of_text.get(text)
        if index is None:
            index = self._index_of_text[text] = self._encode(text)
        return index

    def _encode(self, text: str) -> int:
        kind, *cards = text.split()
        if kind in OUT_OF_TURN and len(cards) == 2 and cards[0].isdigit():
            cards = cards[1:]  # `catch SEAT CARD`: the block names the card (the seat decides)
        shape = SHAPES.get(kind) if kind in self.offsets else None
        if shape is None:
            raise ValueError(f"{text!r}: the RL encoding of {self.variant} has no {kind!r} actions")
        local = self._encode_cards(shape, cards)
        if local is None:
            raise ValueError(f"{text!r}: not an action the RL encoding can index")
        return self.offsets[kind] + local

    def _encode_cards(self, shape: str, cards: list):
        """The index within a block of `shape` of the action naming `cards` (None if none)."""
        if shape == "bare":
            return 0 if not cards else None
        if shape == "opening" and self.subsets:  # HR7, HR8: any subset of the sizes allowed
            return self.subsets.index([self.card_index(c) for c in cards])
        if shape in ("played", "played_pair") or (
                shape == "opening" and len(cards) == 1
                and self._played_index.get(cards[0], 0) >= self.n_cards):
            idx = [self.played_index(c) for c in cards]
            if shape == "played" and len(idx) == 1:
                return idx[0]
            if shape == "played_pair" and len(idx) == 2:
                return idx[0] * self.n_played + idx[1]
            if shape == "opening" and len(idx) == 1:  # a joker or wild single (J4, W2)
                return self._sets + idx[0] - self.n_cards
            return None
        idx = [self.card_index(c) for c in cards]
        if shape == "printed" and len(idx) == 1 and idx[0] < self.n_cards:
            return idx[0]
        if shape == "held_pair" and len(idx) == 2:  # PK3: the order counts (A A stays masked)
            return idx[0] * self.n_held + idx[1]
        if shape in ("opening", "rank_set") and idx and max(idx) < self.n_cards:
            rank = idx[0] // self.n_suits
            if any(i // self.n_suits != rank for i in idx):
                raise ValueError(f"{' '.join(cards)!r}: cards of several ranks have no index")
            if max(idx.count(i) for i in idx) <= self.copies:  # HR17: each text at most copies times
                base = self.copies + 1
                return rank * self.suit_sets + sum(base ** (i % self.n_suits) for i in idx) - 1
        return None

    def action_text(self, index: int) -> str:
        """The canonical action text of an index (the inverse of `action_index`)."""
        index = int(index)
        if not 0 <= index < self.num_actions:
            raise ValueError(f"action index {index} is outside 0..{self.num_actions - 1}")
        kind = max((k for k in self.offsets if self.offsets[k] <= index), key=self.offsets.get)
        cards = self._decode_cards(SHAPES[kind], index - self.offsets[kind])
        return " ".join((kind, *cards))

    def _decode_cards(self, shape: str, local: int) -> list:
        """The card texts an index within a block of `shape` names."""
        if shape == "bare":
            return []
        if shape == "printed":
            return [self.card_texts[local]]
        if shape == "held_pair":
            first, second = divmod(local, self.n_held)
            return [self.card_texts[first], self.card_texts[second]]
        if shape == "played":
            return [self.played_texts[local]]
        if shape == "played_pair":
            attack, defence = divmod(local, self.n_played)
            return [self.played_texts[attack], self.played_texts[defence]]
        if shape == "opening" and self.subsets:  # HR7, HR8
            return [self.card_texts[c] for c in self.subsets.cards(local)]
        if shape == "opening" and local >= self._sets:
            return [self.played_texts[self.n_cards + local - self._sets]]
        rank, suit_set = divmod(local, self.suit_sets)
        base = self.copies + 1  # each suit's count, a digit of suit_set + 1 (HR17: up to copies)
        return [self.card_texts[rank * self.n_suits + s]
                for s in range(self.n_suits) for _ in range((suit_set + 1) // base ** s % base)]

    def legal_indices(self, game) -> dict:
        """{index: Action} for the legal actions of `game` (empty once it is over)."""
        return {self.action_index(a): a for a in game.legal_actions()}

    def choices(self, game, seat: int, out_of_turn: bool = False) -> dict:
        """{index: action} of `seat`'s decision: in turn, `legal_indices` (empty unless
        `seat` is to move); asked out of turn (durakc.rl.schedule), its
        `out_of_turn_actions(seat)` and `wait` (the text WAIT, applied by nobody)."""
        if not out_of_turn:
            return self.legal_indices(game) if seat == game.to_move else {}
        found = {self.action_index(a): a for a in game.out_of_turn_actions(seat)}
        found[self.offsets["wait"]] = "wait"
        return found

    def action_mask(self, game, seat=None, out_of_turn: bool = False):
        """int8 mask of the legal action indices; all zeros unless `seat` is to move (or,
        `out_of_turn`, its out-of-turn actions and `wait`: see `choices`)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if out_of_turn:
            mask[list(self.choices(game, seat, True))] = 1
        elif seat is None or seat == game.to_move:
            for action in game.legal_actions():
                mask[self.action_index(action)] = 1
        return mask

    # -- observations ---------------------------------------------------------
    def _observation_layout(self) -> ObservationLayout:
        n, held, played, p = self.n_cards, self.n_held, self.n_played, self.max_players
        k, most = self.copies, self.most_cards  # HR17: card blocks count up to k copies
        blocks = (
            ("hand", held, k), ("table_attack", played, k), ("table_defence", played, k),
            ("table_unbeaten", played, k), ("discard", held, k), ("trump_card", n, 1),
            ("shown", n, k), ("trump_suit", self.n_suits + 1, 1),
            ("seats", p, 1), ("hand_sizes", p, most), ("out", p, 1), ("attacker", p, 1),
            ("defender", p, 1), ("to_move", p, 1), ("phase", len(PHASES), 1),
            ("stock_size", 1, most), ("limit", 1, most), ("took", 1, 1),
            # only with the rule: PK4 swaps left per seat, TX1 the exchange made
            ("swaps_left", p if self.swaps else 0, self.swaps),
            ("exchanged", 1 if self.exchanges else 0, 1),
            # only with the rule: HR25 the discard pile's size, HR26 every seat's hand
            ("discard_size", 1 if self.closed_discard else 0, most),
            ("hands", p * held if self.open_hands else 0, k),
        )
        slices, highs, start = {}, [], 0
        for name, size, high in (b for b in blocks if b[1]):  # no empty blocks
            slices[name] = slice(start, start + size)
            highs.extend([high] * size)
            start += size
        return ObservationLayout(slices, start, np.asarray(highs, dtype=np.float32))

    def observation(self, game, seat: int):
        """The float32 observation vector of `seat` (docs/rl.md), from `game.observation(seat)`.

        It reads the keys docs/engine-api.md lists.  Seat blocks are relative: slot k is the
        seat k places clockwise of `seat`.
        """
        return self.vector(game.observation(seat), seat)

    def vector(self, obs: dict, seat: int, vec=None):
        """`observation` from the dict `game.observation(seat)` gave (into `vec`, zeros)."""
        vec = np.zeros(self.layout.size, dtype=np.float32) if vec is None else vec
        self._card_blocks(vec, obs)
        self._seat_blocks(vec, obs, seat)
        shown, took = this_round(obs["history"]) if obs["table"] else ([], False)
        self._put(vec, "shown", [self.card_index(c) for c in shown])
        self._put(vec, "phase", [PHASES.index(obs["phase"])])
        self.layout.block(vec, "stock_size")[0] = obs["stock_size"]
        self.layout.block(vec, "limit")[0] = min(int(obs.get("limit") or 0), self.most_cards)
        self.layout.block(vec, "took")[0] = float(took)
        self._swap_blocks(vec, obs, seat)
        self._view_blocks(vec, obs, seat)
        return vec

    def _view_blocks(self, vec, obs, seat: int) -> None:
        """HR25: the discard pile's size (its cards are hidden); HR26: every hand, slot k the
        seat k places clockwise of `seat`, each a block of the held cards."""
        if self.closed_discard:
            self.layout.block(vec, "discard_size")[0] = obs.get("discard_size") or 0
        if self.open_hands:
            players = int(obs["players"])
            block = self.layout.block(vec, "hands")
            for s, hand in enumerate(obs["hands"]):
                base = ((s - seat) % players) * self.n_held
                for c in hand:
                    block[base + self.card_index(c)] += 1.0  # HR17: copies count

    def _swap_blocks(self, vec, obs, seat: int) -> None:
        """PK4: swaps left per seat (relative slots); TX1: whether this game's exchange is made."""
        if self.swaps:
            players = int(obs["players"])
            block = self.layout.block(vec, "swaps_left")
            for s, left in enumerate(obs["swaps_left"]):
                block[(s - seat) % players] = left
        if self.exchanges:
            made = any(h.startswith("exchange ") for h in obs["history"])
            self.layout.block(vec, "exchanged")[0] = float(made)

    def _card_blocks(self, vec, obs) -> None:
        """hand, table, discard, the face-up trump card and the trump suit."""
        def put(name, cards, index=self.card_index):
            self._put(vec, name, [index(c) for c in cards])
        table = obs["table"]
        put("hand", obs["hand"])
        put("table_attack", [a for a, _ in table], self.played_index)
        put("table_defence", [d for _, d in table if d is not None], self.played_index)
        put("table_unbeaten", [a for a, d in table if d is None], self.played_index)
        put("discard", obs["discard"] or ())  # HR25: None when the pile is closed
        put("trump_card", [obs["trump_card"]] if obs.get("trump_card") else [])
        trump = obs.get("trump")
        self._put(vec, "trump_suit",
                  [self.suits.index(trump) if trump in self.suits else self.n_suits])

    def _seat_blocks(self, vec, obs, seat: int) -> None:
        """seats, hand sizes, out, attacker, defender, to move: relative to `seat`."""
        players = int(obs["players"])
        slot = {(seat + k) % players: k for k in range(players)}
        self._put(vec, "seats", range(players))
        sizes = self.layout.block(vec, "hand_sizes")
        for s, size in enumerate(obs["hand_sizes"]):
            sizes[slot[s]] = size
        self._put(vec, "out", [slot[s] for s in obs["out"]])
        for role in ("attacker", "defender", "to_move"):
            if obs.get(role) is not None:
                self._put(vec, role, [slot[obs[role]]])

    def _put(self, vec, name: str, positions) -> None:
        """One more at each of `positions` of block `name` (a card's copies count, HR17)."""
        block = self.layout.block(vec, name)
        for i in positions:
            block[i] += 1.0

