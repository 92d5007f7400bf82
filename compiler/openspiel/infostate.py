"""What one seat knows, as OpenSpiel observers: strings and fixed-size float32 tensors.

Two views (docs/openspiel.md):

- **observation** (`observation_string` / `_tensor`): the seat's current view, the engine's
  `observation(seat)`.  The tensor is the RL encoding's vector (`DurakEncoding.observation`,
  docs/rl.md); the string is that observation as sorted JSON, less its `history` and
  `legal_actions`.
- **information state** (`information_state_string` / `_tensor`): the observation plus the
  public record of the game as the seat may recall it: every action of the observation's
  `history` with the seat that made it, and the seat's own hand at every round point (an
  action on an empty table: openings, swaps, redeals) where it changed, numbered: all it
  saw of its deal and its draws that the others did not.  With a closed discard pile (`view.discard:
  closed`, HR25) the observation's history holds only the current round's actions and the
  seat's own past hands are left out too: the information state is the view the rule leaves.
  The tensor adds three card blocks per seat slot (relative, slot 0 the seat itself, P =
  players.max slots of N held cards each, counts of copies): `played_by` (cards the seat put
  on the table: attacks, throws, beats, transfers), `taken_by` (cards it picked up in a take)
  and `shown_by` (trumps it showed, S1).  The tensor summarises the record; the string is
  the record itself.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from durakc.cards import printed

RECORD_BLOCKS = ("played_by", "taken_by", "shown_by")
"""The information-state tensor's blocks after the observation vector, in order; each has
players.max x N held cards (names apart from the observation's blocks: OpenSpiel sizes
the tensor by the observer's `dict`)."""
PLAYED_VERBS = frozenset(("attack", "throw", "transfer"))


def public_record(state, seat: int) -> list[tuple[int, str]]:
    """(mover, action text) of every action the seat's observation shows (`history`)."""
    history = state.game.observation(seat)["history"]
    movers = state.movers[len(state.movers) - len(history):] if history else []
    return list(zip(movers, history))


def card_record(record: list[tuple[int, str]],
                round_over: bool) -> dict[str, list[tuple[int, str]]]:
    """{block: [(seat, printed card)]} of RECORD_BLOCKS from a public record: cards played,
    cards taken (every card of a round that ended in a take, the taker's; the last round's
    when `round_over`, the table being empty), trumps shown."""
    out: dict[str, list[tuple[int, str]]] = {name: [] for name in RECORD_BLOCKS}
    round_cards: list[str] = []
    taker = None
    for mover, text in record:
        verb, *cards = text.split()
        if verb in ("attack", "swap", "exchange", "redeal", "keep", "resign"):
            if taker is not None:
                out["taken_by"].extend((taker, c) for c in round_cards)
            round_cards, taker = [], None
        named = [printed(c) for c in cards]
        if verb == "beat":
            named = named[1:]  # the attack card was already counted when it was played
            out["played_by"].extend((mover, c) for c in named)
            round_cards.extend(named)
        elif verb in PLAYED_VERBS:
            out["played_by"].extend((mover, c) for c in named)
            round_cards.extend(named)
        elif verb == "show":
            out["shown_by"].extend((mover, c) for c in named)
        elif verb == "take":
            taker = mover
    if round_over and taker is not None:
        out["taken_by"].extend((taker, c) for c in round_cards)
    return out


class DurakcObserver:
    """An OpenSpiel observer (`set_from`, `string_from`, `tensor`, `dict`) of one game type:
    the observation, or with `perfect_recall` the information state (module docstring)."""

    def __init__(self, encoding, perfect_recall: bool):
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        layout = encoding.layout
        card_blocks = encoding.max_players * encoding.n_held
        pieces = [(name, s.stop - s.start) for name, s in layout.slices.items()]
        if perfect_recall:
            pieces += [(name, card_blocks) for name in RECORD_BLOCKS]
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict = {}
        start = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[start:start + size]
            start += size
        self._base = layout.size

    def set_from(self, state, player: int) -> None:
        """Fill `tensor` with `player`'s view of `state` (zeros before the deal)."""
        self.tensor.fill(0)
        if state.game is None:
            return
        self.tensor[:self._base] = self.encoding.observation(state.game, player)
        if not self.perfect_recall:
            return
        enc, n = self.encoding, state.game.players
        for name, entries in card_record(public_record(state, player),
                                               not state.game.table).items():
            block = self.dict[name]
            for seat, card in entries:
                block[((seat - player) % n) * enc.n_held + enc.card_index(card)] += 1

    def string_from(self, state, player: int) -> str:
        """`player`'s view of `state` as text (module docstring)."""
        if state.game is None:
            return f"seat {player}: dealing ({len(state.seed_bytes)} seed bytes drawn)"
        obs = state.game.observation(player)
        view = {k: v for k, v in obs.items() if k not in ("history", "legal_actions")}
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if not self.perfect_recall:
            return text
        record = " ".join(f"{seat}:{action}" for seat, action in public_record(state, player))
        lines = [text, f"public: {record}"]
        if not self.encoding.closed_discard:
            lines.append("own hands: " + " | ".join(state.own_hands[player]))
        return "\n".join(lines)


def make_observer(encoding, iig_obs_type=None, params=None) -> DurakcObserver:
    """The observer OpenSpiel asks for: the information state for a perfect-recall type,
    else the observation.  Only the seat's own view is offered (a private-info type other
    than SINGLE_PLAYER, or public information switched off, is refused)."""
    if params:
        raise ValueError(f"durakc observers take no parameters; got {params}")
    if iig_obs_type is None:
        return DurakcObserver(encoding, perfect_recall=False)
    if (iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
            or not iig_obs_type.public_info):
        raise ValueError("durakc games offer each seat's own view only "
                         "(private_info SINGLE_PLAYER with public_info)")
    return DurakcObserver(encoding, perfect_recall=iig_obs_type.perfect_recall)
