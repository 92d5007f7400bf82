"""The observation half of the RL encoding (`durakc.rl.encoding.DurakEncoding`): the layout of
the flat observation vector and its filling from `game.observation(seat)` (docs/rl.md).

Functions take the DurakEncoding `enc` whose deck, seats and rules size the blocks.
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.rl import require
from durakc.rl.readers import this_round

np = require("numpy")

PHASES = ("attack", "defend", "throw", "over")
"""`observation(seat)["phase"]` values, in the order of the phase one-hot."""


@dataclass(frozen=True)
class ObservationLayout:
    """Where each block lies in the flat observation vector: name -> slice."""

    slices: dict
    size: int
    high: object  # np.ndarray of float32 upper bounds (lower bounds are all 0)

    def block(self, vector, name: str):
        """The part of an observation `vector` that holds block `name`."""
        return vector[self.slices[name]]


def observation_layout(enc) -> ObservationLayout:
    """The observation blocks of a DurakEncoding `enc` (docs/rl.md): name -> slice, with
    each block's upper bound."""
    n, held, played, p = enc.n_cards, enc.n_held, enc.n_played, enc.max_players
    k, most = enc.copies, enc.most_cards  # HR17: card blocks count up to k copies
    blocks = (
        ("hand", held, k), ("table_attack", played, k), ("table_defence", played, k),
        ("table_unbeaten", played, k), ("discard", held, k), ("trump_card", n, 1),
        ("shown", n, k), ("trump_suit", enc.n_suits + 1, 1),
        ("seats", p, 1), ("hand_sizes", p, most), ("out", p, 1), ("attacker", p, 1),
        ("defender", p, 1), ("to_move", p, 1), ("phase", len(PHASES), 1),
        ("stock_size", 1, most), ("limit", 1, most), ("took", 1, 1),
        # only with the rule: PK4 swaps left per seat, TX1 the exchange made
        ("swaps_left", p if enc.swaps else 0, enc.swaps),
        ("exchanged", 1 if enc.exchanges else 0, 1),
        # only with the rule: HR25 the discard pile's size, HR26 every seat's hand
        ("discard_size", 1 if enc.closed_discard else 0, most),
        ("hands", p * held if enc.open_hands else 0, k),
    )
    slices, highs, start = {}, [], 0
    for name, size, high in (b for b in blocks if b[1]):  # no empty blocks
        slices[name] = slice(start, start + size)
        highs.extend([high] * size)
        start += size
    return ObservationLayout(slices, start, np.asarray(highs, dtype=np.float32))


def fill_vector(enc, obs: dict, seat: int, vec=None):
    """DurakEncoding `enc`'s observation vector of `seat` from the dict
    `game.observation(seat)` gave (into `vec`, zeros)."""
    vec = np.zeros(enc.layout.size, dtype=np.float32) if vec is None else vec
    _card_blocks(enc, vec, obs)
    _seat_blocks(enc, vec, obs, seat)
    shown, took = this_round(obs["history"]) if obs["table"] else ([], False)
    _put(enc, vec, "shown", [enc.card_index(c) for c in shown])
    _put(enc, vec, "phase", [PHASES.index(obs["phase"])])
    enc.layout.block(vec, "stock_size")[0] = obs["stock_size"]
    enc.layout.block(vec, "limit")[0] = min(int(obs.get("limit") or 0), enc.most_cards)
    enc.layout.block(vec, "took")[0] = float(took)
    _swap_blocks(enc, vec, obs, seat)
    _view_blocks(enc, vec, obs, seat)
    return vec


def _view_blocks(enc, vec, obs, seat: int) -> None:
    """HR25: the discard pile's size (its cards are hidden); HR26: every hand, slot k the
    seat k places clockwise of `seat`, each a block of the held cards."""
    if enc.closed_discard:
        enc.layout.block(vec, "discard_size")[0] = obs.get("discard_size") or 0
    if enc.open_hands:
        players = int(obs["players"])
        block = enc.layout.block(vec, "hands")
        for s, hand in enumerate(obs["hands"]):
            base = ((s - seat) % players) * enc.n_held
            for c in hand:
                block[base + enc.card_index(c)] += 1.0  # HR17: copies count


def _swap_blocks(enc, vec, obs, seat: int) -> None:
    """PK4: swaps left per seat (relative slots); TX1: whether this game's exchange is made."""
    if enc.swaps:
        players = int(obs["players"])
        block = enc.layout.block(vec, "swaps_left")
        for s, left in enumerate(obs["swaps_left"]):
            block[(s - seat) % players] = left
    if enc.exchanges:
        made = any(h.startswith("exchange ") for h in obs["history"])
        enc.layout.block(vec, "exchanged")[0] = float(made)


def _card_blocks(enc, vec, obs) -> None:
    """hand, table, discard, the face-up trump card and the trump suit."""
    def put(name, cards, index=enc.card_index):
        _put(enc, vec, name, [index(c) for c in cards])
    table = obs["table"]
    put("hand", obs["hand"])
    put("table_attack", [a for a, _ in table], enc.played_index)
    put("table_defence", [d for _, d in table if d is not None], enc.played_index)
    put("table_unbeaten", [a for a, d in table if d is None], enc.played_index)
    put("discard", obs["discard"] or ())  # HR25: None when the pile is closed
    put("trump_card", [obs["trump_card"]] if obs.get("trump_card") else [])
    trump = obs.get("trump")
    _put(enc, vec, "trump_suit",
         [enc.suits.index(trump) if trump in enc.suits else enc.n_suits])


def _seat_blocks(enc, vec, obs, seat: int) -> None:
    """seats, hand sizes, out, attacker, defender, to move: relative to `seat`."""
    players = int(obs["players"])
    slot = {(seat + k) % players: k for k in range(players)}
    _put(enc, vec, "seats", range(players))
    sizes = enc.layout.block(vec, "hand_sizes")
    for s, size in enumerate(obs["hand_sizes"]):
        sizes[slot[s]] = size
    _put(enc, vec, "out", [slot[s] for s in obs["out"]])
    for role in ("attacker", "defender", "to_move"):
        if obs.get(role) is not None:
            _put(enc, vec, role, [slot[obs[role]]])


def _put(enc, vec, name: str, positions) -> None:
    """One more at each of `positions` of block `name` (a card's copies count, HR17)."""
    block = enc.layout.block(vec, name)
    for i in positions:
        block[i] += 1.0
