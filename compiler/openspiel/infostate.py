"""What one seat knows, as OpenSpiel observers: strings and fixed-size float32 tensors.

Two views (docs/openspiel.md):

- **observation** (`observation_string` / `_tensor`): the seat's current view, the engine's
  `observation(seat)`.  The tensor is the RL encoding's vector (`DurakEncoding.observation`,
  docs/rl.md); the string is that observation as sorted JSON, less its `history` and
  `legal_actions`.
- **information state** (`information_state_string` / `_tensor`): the observation plus the
  public record of the game as the seat may recall it, computed by `durakc.rl.infostate`
  (docs/rl.md, "Information state"; the state keeps the `ActionRecord` it reads): every
  action of the observation's `history` with the seat that made it, the seat's own hand at
  every round point where it changed, and the tensor's `played_by`, `transferred_by`,
  `taken_by` and `shown_by` card blocks.  With a closed discard pile (HR25) only the
  current round's actions are in it and the own-hand records are left out.
"""

from __future__ import annotations

import json

import numpy as np
import pyspiel

from durakc.rl.infostate import (
    RECORD_BLOCKS,
    information_state_size,
    information_state_slices,
    information_state_string,
    information_state_tensor,
)

__all__ = ["RECORD_BLOCKS", "DurakcObserver", "make_observer"]


class DurakcObserver:
    """An OpenSpiel observer (`set_from`, `string_from`, `tensor`, `dict`) of one game type:
    the observation, or with `perfect_recall` the information state (module docstring)."""

    def __init__(self, encoding, perfect_recall: bool):
        self.encoding = encoding
        self.perfect_recall = perfect_recall
        size = information_state_size(encoding) if perfect_recall else encoding.layout.size
        self.tensor = np.zeros(size, np.float32)
        self.dict = {name: self.tensor[part] for name, part in
                     information_state_slices(encoding).items() if part.stop <= size}

    def set_from(self, state, player: int) -> None:
        """Fill `tensor` with `player`'s view of `state` (zeros before the deal)."""
        if state.game is None:
            self.tensor.fill(0)
        elif self.perfect_recall:
            information_state_tensor(state, player, self.encoding, out=self.tensor)
        else:
            self.tensor[:] = self.encoding.observation(state.game, player)

    def string_from(self, state, player: int) -> str:
        """`player`'s view of `state` as text (module docstring)."""
        if state.game is None:
            return f"seat {player}: dealing ({len(state.seed_bytes)} seed bytes drawn)"
        if self.perfect_recall:
            return information_state_string(state, player, self.encoding)
        obs = state.game.observation(player)
        view = {k: v for k, v in obs.items() if k not in ("history", "legal_actions")}
        return json.dumps(view, sort_keys=True, separators=(",", ":"))


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
