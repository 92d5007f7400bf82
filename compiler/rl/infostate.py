"""Each seat's information state, as a string and a fixed-size float32 tensor (docs/rl.md,
"Information state"), computed from the engine contract only, so the same on every backend.

A seat's information state is its current view (`observation(seat)`) plus the public record
of the game as the rules let it recall it: every action of the observation's `history` with
the seat that made it, and its own hand at every round point where that changed.  An
engine's history does not say who made each action, so the game is played through an
`ActionRecord` (`RecordedGame` wraps a game with one; the OpenSpiel state keeps one too):

    from durakc.rl.infostate import RecordedGame, information_state_tensor
    rec = RecordedGame(engine.new_game(2, seed=7), engine)
    rec.apply("attack 6S")
    vec = information_state_tensor(rec, seat=1)   # information_state_size(engine) numbers

- **string**: the observation as sorted JSON less `history` and `legal_actions`, then
  `public:` the record (`0:attack 6H 1:beat 6H 9D ...`), then `own hands:` the seat's hand
  at each numbered round point (an action on an empty table) where it changed.
- **tensor**: the RL observation vector (`DurakEncoding.observation`), then RECORD_BLOCKS,
  each players.max seat slots (relative, slot 0 the seat itself) of N held cards (counts).

With a closed discard pile (`view.discard: closed`, HR25) the observation's history is the
current round only, so the record is too and the own-hand line is left out.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from durakc.cards import printed
from durakc.rl import require
from durakc.rl.encoding import DurakEncoding, check_player_count, resolve_engine

np = require("numpy")

RECORD_BLOCKS = ("played_by", "transferred_by", "taken_by", "shown_by")
"""The tensor's blocks after the observation vector, in order; each players.max x N held
cards: cards the seat put on the table (attacks, throws, beats, transfers), the cards of its
transfers, the cards of every round it ended by taking (the taker's, once the round is
over), trumps it showed (S1)."""
PLAYED_VERBS = frozenset(("attack", "throw", "transfer", "beat"))
OBSERVATION_MODES = ("observation", "infostate")
"""What the RL environments' "observation" vector is (`observation_mode=`, docs/rl.md): the
seat's current view (`DurakEncoding.observation`), or its information state (this module)."""
ROUND_OPENERS = frozenset(("attack", "swap", "exchange", "redeal", "keep", "resign"))
"""Verbs after which no take of an earlier round is pending: those played on an empty table
(a round before them is over), and resign (the table is discarded, HR24)."""


@dataclass
class CardTally:
    """RECORD_BLOCKS kept as counts per (mover, printed card), fed one action at a time, so
    a step costs the same late in a game as early (`card_counts` feeds a fresh one a whole
    record).  `fed` is how many actions of the record it has read."""

    blocks: dict = field(default_factory=lambda: {name: {} for name in RECORD_BLOCKS})
    round_cards: list = field(default_factory=list)
    taker: int | None = None
    fed: int = 0

    def feed(self, mover: int, text: str) -> None:
        """Count one action: what it put on the table, transferred or showed, and a pending
        take's cards once the next round opens (RECORD_BLOCKS)."""
        played, transferred, taken, shown = (self.blocks[name] for name in RECORD_BLOCKS)
        verb, named = _parsed(text)
        if verb in ROUND_OPENERS:
            if self.taker is not None:
                _count(taken, self.taker, self.round_cards)
            self.round_cards, self.taker = [], None
        if verb in PLAYED_VERBS:
            _count(played, mover, named)
            self.round_cards.extend(named)
            if verb == "transfer":
                _count(transferred, mover, named)
        elif verb == "show":
            _count(shown, mover, named)
        elif verb == "take":
            self.taker = mover
        self.fed += 1

    def counts(self, round_over: bool) -> list[dict]:
        """Each block's {(mover, card): count}, the pending take's cards included once the
        round is over."""
        out = [self.blocks[name] for name in RECORD_BLOCKS]
        if round_over and self.taker is not None and self.round_cards:
            taken = dict(out[2])
            _count(taken, self.taker, self.round_cards)
            out[2] = taken
        return out

    def copy(self) -> CardTally:
        """An independent copy."""
        return CardTally({k: dict(v) for k, v in self.blocks.items()}, list(self.round_cards),
                         self.taker, self.fed)


def _count(block: dict, mover: int, cards) -> None:
    for card in cards:
        key = (mover, card)
        block[key] = block.get(key, 0) + 1


def _mover(game, action) -> int:
    """The seat making `action`: `to_move`, or the seat an out-of-turn action names
    (`catch SEAT CARD`, docs/engine-api.md "Out-of-turn actions")."""
    words = str(action).split()
    if words and words[0] == "catch" and len(words) > 1 and words[1].isdigit():
        return int(words[1])
    return game.to_move


@dataclass
class ActionRecord:
    """What a game's observations do not say: the seat of each action of the engine's
    history (`movers`), and per seat its hand as "k:cards" at each round point k (an action
    applied to an empty table) where it changed (`own_hands`)."""

    players: int
    movers: list = field(default_factory=list)
    own_hands: list = field(default_factory=list)
    round_points: int = 0
    tally: CardTally = field(default_factory=CardTally)

    def __post_init__(self):
        if not self.own_hands:
            self.own_hands = [[] for _ in range(self.players)]

    def apply(self, game, action) -> None:
        """Play `action` on `game` and record it; an illegal action (IllegalAction) leaves
        both unchanged.  A hand changes unseen by the others only by the deal, a redeal,
        draws and swaps, all before an action on an empty table: recording the hands there
        keeps all a seat saw privately (perfect recall)."""
        seat = _mover(game, action)
        hands = [" ".join(hand) for hand in game.hands] if not game.table else None
        game.apply(action)
        self.movers.append(seat)
        if hands is not None:
            self.round_points += 1
            for record, text in zip(self.own_hands, hands):
                if not record or record[-1].partition(":")[2] != text:
                    record.append(f"{self.round_points}:{text}")

    def only(self, seat: int) -> ActionRecord:
        """A copy that keeps `seat`'s own hands only (another deal of the hidden cards)."""
        return ActionRecord(self.players, list(self.movers),
                            [list(h) if s == seat else [] for s, h in enumerate(self.own_hands)],
                            self.round_points, self.tally.copy())

    def tally_of(self, history: list) -> CardTally | None:
        """The running tally brought up to `history`, when that is the whole game's (a
        seat that recalls every action); None otherwise (HR25: the current round only)."""
        if len(history) != len(self.movers) or self.tally.fed > len(history):
            return None
        tally = self.tally
        for k in range(tally.fed, len(history)):
            tally.feed(self.movers[k], history[k])
        return tally


class RecordedGame:
    """An engine game played through an ActionRecord: `apply` records who moved; `game`,
    `movers`, `own_hands` and `encoding` are what the information-state functions read.
    A game that has actions already needs `movers` (the seat of each); its own-hand record
    then starts at the next round point."""

    def __init__(self, game, engine=None, encoding: DurakEncoding | None = None,
                 movers: list | None = None):
        if encoding is None and engine is None:
            raise TypeError("RecordedGame needs the game's engine (or its DurakEncoding)")
        played = len(game.history)
        if len(movers or ()) != played:
            raise ValueError(f"the game has {played} actions and {len(movers or ())} movers "
                             "are given: wrap a game before its first action, or pass movers= "
                             "(the seat of each action of its history)")
        self.game = game
        self.encoding = encoding if encoding is not None else infostate_encoding(engine)
        self.record = ActionRecord(game.players, list(movers or ()))

    @property
    def movers(self) -> list:
        """The seat of each action of the game's history."""
        return self.record.movers

    @property
    def own_hands(self) -> list:
        """Per seat, its hand at each round point where it changed ("k:cards")."""
        return self.record.own_hands

    def apply(self, action) -> None:
        """Play an action (an `Action` or its text) and record it (ActionRecord.apply)."""
        self.record.apply(self.game, action)


def check_observation_mode(mode) -> str:
    """`mode` if it is one of OBSERVATION_MODES, else a ValueError listing them."""
    if mode not in OBSERVATION_MODES:
        raise ValueError(f"observation_mode must be one of {list(OBSERVATION_MODES)}, "
                         f"not {mode!r}")
    return mode


def infostate_encoding(engine) -> DurakEncoding:
    """The DurakEncoding of an engine module, a bundled variant name or a spec path; one per
    engine (they are costly to build and never change)."""
    module = resolve_engine(engine)
    cached = _ENCODINGS.get(id(module))
    if cached is None or cached.engine is not module:
        cached = _ENCODINGS[id(module)] = DurakEncoding(module)
    return cached


_ENCODINGS: dict[int, DurakEncoding] = {}


def _encoding_of(source, encoding) -> DurakEncoding:
    if encoding is not None:
        return encoding if isinstance(encoding, DurakEncoding) else infostate_encoding(encoding)
    found = getattr(source, "encoding", None) or getattr(getattr(source, "owner", None),
                                                         "encoding", None)
    if found is None:
        raise TypeError("pass encoding= (the variant's engine or DurakEncoding) or a source "
                        "that has one (RecordedGame, an OpenSpiel durakc state)")
    return found


def _check_source(source):
    game = getattr(source, "game", None)
    if game is None or not hasattr(source, "movers"):
        raise TypeError(f"{type(source).__name__}: an information state needs the seat of "
                        "every action, which an engine game does not keep; play the game "
                        "through durakc.rl.infostate.RecordedGame (or use an OpenSpiel state)")
    return game


def public_record(source, seat: int, obs=None) -> list[tuple[int, str]]:
    """(mover, action text) of every action `seat`'s observation (`obs`, read from the game
    when None) shows: its `history`."""
    if obs is None:
        obs = _check_source(source).observation(seat)
    history, movers = obs["history"], source.movers
    if len(movers) < len(history):
        raise ValueError(f"the record names the movers of {len(movers)} actions, the "
                         f"observation's history has {len(history)}")
    return list(zip(movers[len(movers) - len(history):], history)) if history else []


def card_counts(record: list[tuple[int, str]], round_over: bool) -> list[dict]:
    """Each of RECORD_BLOCKS as {(seat, printed card): count}, read from a whole public
    record (a fresh CardTally fed every action): cards played and transferred, cards taken
    (every card of a round that ended in a take, the taker's; the last round's once
    `round_over`, the table being empty), trumps shown."""
    tally = CardTally()
    for mover, text in record:
        tally.feed(mover, text)
    return tally.counts(round_over)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> tuple[str, tuple[str, ...]]:
    """An action text's verb and the printed cards it puts on the table, shows or names
    (a beat: only the defence card, the attack card was counted when it was played)."""
    verb, *cards = text.split()
    named = tuple(printed(c) for c in cards)
    if verb == "beat":
        return verb, named[1:]
    return verb, named


def information_state_slices(engine_or_encoding) -> dict[str, slice]:
    """Where each block lies in the tensor: the observation layout's blocks, then
    RECORD_BLOCKS, name -> slice."""
    enc = _as_encoding(engine_or_encoding)
    slices = dict(enc.layout.slices)
    start, width = enc.layout.size, enc.max_players * enc.n_held
    for name in RECORD_BLOCKS:
        slices[name] = slice(start, start + width)
        start += width
    return slices


def information_state_size(engine_or_encoding, players: int | None = None) -> int:
    """The tensor's length for a variant: the same for every player count it allows
    (`players`, when given, is checked against the variant's range)."""
    enc = _as_encoding(engine_or_encoding)
    if players is not None:
        check_player_count(enc.engine, players)
    return enc.layout.size + len(RECORD_BLOCKS) * enc.max_players * enc.n_held


def information_state_shape(engine_or_encoding, players: int | None = None) -> tuple[int]:
    """The tensor's shape, `(information_state_size(...),)`."""
    return (information_state_size(engine_or_encoding, players),)


def information_state_high(engine_or_encoding):
    """float32 upper bounds of the tensor (lower bounds are 0): the observation's, then the
    largest float32 for the record blocks (no finite bound: a card may be played and taken
    again and again)."""
    enc = _as_encoding(engine_or_encoding)
    extra = information_state_size(enc) - enc.layout.size
    top = np.finfo(np.float32).max
    return np.concatenate([enc.layout.high, np.full(extra, top, dtype=np.float32)])


def _as_encoding(engine_or_encoding) -> DurakEncoding:
    if isinstance(engine_or_encoding, DurakEncoding):
        return engine_or_encoding
    return infostate_encoding(engine_or_encoding)


def information_state_tensor(source, seat: int, encoding=None, out=None):
    """`seat`'s information state as a float32 vector (module docstring); `source` is a
    RecordedGame or an OpenSpiel durakc state; `out`, when given, is filled and returned."""
    enc = _encoding_of(source, encoding)
    game = _check_source(source)
    size = information_state_size(enc)
    vec = np.zeros(size, dtype=np.float32) if out is None else out
    if out is not None:
        vec.fill(0)
    base = enc.layout.size
    obs = game.observation(seat)
    enc.vector(obs, seat, vec[:base])
    players, width, held = game.players, enc.max_players * enc.n_held, enc.n_held
    round_over = not obs["table"]
    record = getattr(source, "record", None)
    tally = record.tally_of(obs["history"]) if isinstance(record, ActionRecord) else None
    counts = (tally.counts(round_over) if tally is not None
              else card_counts(public_record(source, seat, obs), round_over))
    for k, block in enumerate(counts):
        start = base + k * width
        for (mover, card), n in block.items():
            vec[start + ((mover - seat) % players) * held + enc.card_index(card)] += n
    return vec


def information_state_string(source, seat: int, encoding=None) -> str:
    """`seat`'s information state as text (module docstring)."""
    enc = _encoding_of(source, encoding)
    obs = _check_source(source).observation(seat)
    view = {k: v for k, v in obs.items() if k not in ("history", "legal_actions")}
    lines = [json.dumps(view, sort_keys=True, separators=(",", ":")),
             "public: " + " ".join(f"{m}:{a}" for m, a in public_record(source, seat, obs))]
    if not enc.closed_discard:
        lines.append("own hands: " + " | ".join(source.own_hands[seat]))
    return "\n".join(lines)


__all__ = ["OBSERVATION_MODES", "RECORD_BLOCKS", "ActionRecord", "CardTally", "RecordedGame", "card_counts",
           "check_observation_mode",
           "information_state_high", "information_state_shape", "information_state_size",
           "information_state_slices", "information_state_string", "information_state_tensor",
           "infostate_encoding", "public_record"]
