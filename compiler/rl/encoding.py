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

from types import ModuleType

from durakc.cards import SUIT_ORDER
from durakc.loading import constants
from durakc.loading.engines import check_players, load_engine
from durakc.rl import require
from durakc.rl.observation import ObservationLayout, fill_vector, observation_layout
from durakc.rl.readers import action_verbs, refuse_unsupported, wild_cards
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
        """The observation blocks of this variant (durakc.rl.observation)."""
        return observation_layout(self)

    def observation(self, game, seat: int):
        """The float32 observation vector of `seat` (docs/rl.md), from `game.observation(seat)`.

        It reads the keys docs/engine-api.md lists.  Seat blocks are relative: slot k is the
        seat k places clockwise of `seat`.
        """
        return self.vector(game.observation(seat), seat)

    def vector(self, obs: dict, seat: int, vec=None):
        """`observation` from the dict `game.observation(seat)` gave (into `vec`, zeros)."""
        return fill_vector(self, obs, seat, vec)
