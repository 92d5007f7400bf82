"""A Gymnasium environment: one seat learns, the other seats are durakc bots.

    from durakc.rl import DurakEnv
    env = DurakEnv("podkidnoy", players=3, opponents="greedy")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))

Also registered as `durakc/Durak-v0` for `gymnasium.make("durakc/Durak-v0", variant=...)`.
Spaces, layout and rewards are those of the PettingZoo environment (docs/rl.md).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from durakc.rl import require
from durakc.rl.aec import observation_space, render_text, start_game
from durakc.rl.encoding import DurakEncoding, check_player_count
from durakc.rl.rewards import final_rewards
from durakc.sim.bots import get_bot

np = require("numpy")
if TYPE_CHECKING:
    import gymnasium as gym
else:
    gym = require("gymnasium")

ENV_ID = "durakc/Durak-v0"


def _bots(opponents, players: int, seat: int) -> dict:
    """{seat: bot} for every seat but the learner's, from a bot name, callable or list."""
    others = [s for s in range(players) if s != seat]
    if isinstance(opponents, (list, tuple)):
        if len(opponents) != len(others):
            raise ValueError(f"opponents lists {len(opponents)} bots for {len(others)} seats")
        chosen = list(opponents)
    else:
        chosen = [opponents] * len(others)
    return {s: get_bot(b) if isinstance(b, str) else b for s, b in zip(others, chosen)}


class DurakEnv(gym.Env):
    """Durak from the point of view of seat `seat`; `opponents` play every other seat.

    `opponents` is a bot name of durakc.sim.bots (`random`, `greedy`, `mcts:N`), a bot
    callable `bot(game, seat, rng)`, or a list of either, one per other seat in seat order.
    An action that is not legal leaves the game unchanged and gives `illegal_reward`
    (info["illegal_action"] is True); use the mask (`obs["action_mask"]` or
    `action_masks()`) to avoid them.  The episode ends with the game: reward -1 for losing,
    1 / (players - 1) (or `non_loser_reward`) otherwise, 0 for a draw.
    """

    # Class data, though gymnasium's Env declares `metadata` as an instance attribute.
    metadata: ClassVar[dict] = {"render_modes": ["ansi", "human"], "render_fps": 4}  # type: ignore[misc]

    def __init__(self, variant="transfer", players: int = 2, seat: int = 0,
                 opponents="greedy", render_mode: str | None = None,
                 illegal_reward: float = -1.0, non_loser_reward: float | None = None):
        self.encoding = DurakEncoding(variant)
        self.engine = self.encoding.engine
        self.players = check_player_count(self.engine, players)
        if not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError(f"seat must be 0..{players - 1}, not {seat!r}")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, "
                             f"not {render_mode!r}")
        self.seat = seat
        self.bots = _bots(opponents, players, seat)
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.non_loser_reward = non_loser_reward
        self.observation_space = observation_space(self.encoding)
        self.action_space = gym.spaces.Discrete(self.encoding.num_actions)
        self.game: Any = None  # the engine's Game, from reset() on
        self._bot_rng = random.Random()

    def reset(self, *, seed=None, options=None):
        """Deal `new_game(players, seed)` (a seed from the env's generator when None), or set
        up `options["position"]` with `from_position`; the bots play until the learner is to
        move."""
        super().reset(seed=seed)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31 - 1))
        self.game = start_game(self.engine, self.players, game_seed, options)
        self._bot_rng = random.Random(f"durakc-rl-bots-{game_seed}")
        self._play_bots()
        return self._observe(), self._info()

    def step(self, action):
        """Play the learner's action index, then the bots' moves up to the learner's next turn."""
        if self.game is None or self.game.is_over:
            raise RuntimeError("the game is over (or never started): call reset()")
        chosen = self.encoding.legal_indices(self.game).get(int(action))
        if chosen is None:
            return self._observe(), self.illegal_reward, False, False, self._info(illegal=True)
        self.game.apply(chosen)
        self._play_bots()
        terminated = self.game.is_over
        reward = final_rewards(self.game, self.non_loser_reward)[self.seat] if terminated else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, False, self._info()

    def action_masks(self):
        """The legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self.encoding.action_mask(self.game, self.seat)

    def _play_bots(self):
        game = self.game
        while not game.is_over and game.to_move != self.seat:
            mover = game.to_move
            game.apply(self.bots[mover](game, mover, self._bot_rng))

    def _observe(self):
        return {"observation": self.encoding.observation(self.game, self.seat),
                "action_mask": self.encoding.action_mask(self.game, self.seat)}

    def _info(self, illegal: bool = False) -> dict:
        info = {"illegal_action": illegal}
        if self.game.is_over:
            info.update(loser=self.game.loser, is_draw=self.game.is_draw)
        return info

    def render(self):
        """The game as text: returned for "ansi", printed for "human"."""
        if self.game is None:
            return None
        text = render_text(self.game)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register() -> None:
    """Register `durakc/Durak-v0` with Gymnasium (done on import of this module)."""
    if ENV_ID not in gym.registry:
        gym.register(id=ENV_ID, entry_point="durakc.rl.gym_env:DurakEnv")


register()
