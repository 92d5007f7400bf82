"""A Gymnasium environment: one seat learns, the other seats are durakc bots.

    from durakc.rl import DurakEnv
    env = DurakEnv("podkidnoy", players=3, opponents="greedy")
    obs, info = env.reset(seed=7)
    obs, reward, terminated, truncated, info = env.step(env.action_space.sample(obs["action_mask"]))

Also registered as `durakc/Durak-v0` for `gymnasium.make("durakc/Durak-v0", variant=...)`
(durakc.rl.registration).  Spaces, layout and rewards are those of the PettingZoo
environment; episodes, step limit, illegal actions and reset options: docs/rl.md.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from durakc.rl import require
from durakc.rl.aec import (
    DEFAULT_MAX_STEPS,
    check_max_steps,
    check_table_options,
    observation_space,
    start_game,
)
from durakc.rl.encoding import DurakEncoding, check_player_count
from durakc.rl.infostate import (
    OBSERVATION_MODES,
    RecordedGame,
    check_observation_mode,
    information_state_high,
    information_state_tensor,
)
from durakc.rl.opponents import resolve_opponents
from durakc.rl.registration import ENV_ID, register_envs
from durakc.rl.render import RENDER_MODES, check_render_mode, render
from durakc.rl.rewards import final_rewards
from durakc.rl.schedule import WAIT, Schedule, bot_answer

np = require("numpy")
if TYPE_CHECKING:
    import gymnasium as gym
else:
    gym = require("gymnasium")

__all__ = ["DEFAULT_MAX_STEPS", "ENV_ID", "ILLEGAL_ACTIONS", "OBSERVATION_MODES", "RESET_OPTIONS",
           "DurakEnv"]

ILLEGAL_ACTIONS = ("terminate", "penalize", "raise")
"""What `DurakEnv` does with an action that is not legal (`illegal_action=`, docs/rl.md)."""
RESET_OPTIONS = ("position", "seat", "opponents")
"""The keys `DurakEnv.reset(options=...)` reads."""


class DurakEnv(gym.Env):
    """Durak from the point of view of seat `seat`; `opponents` play every other seat.

    `opponents` is a bot name of durakc.sim.bots (`random`, `greedy`, `mcts:N`), a bot
    callable `bot(game, seat, rng)` (`durakc.rl.policy_bot` makes one from a policy over
    observations), or a list of either, one per other seat in seat order;
    `reset(options={"seat": s, "opponents": ...})` changes both for that episode and the
    following ones.  An action that is not legal leaves the game unchanged, gives
    `illegal_reward` and sets info["illegal_action"]; then `illegal_action="terminate"` (the
    default) ends the episode, "penalize" goes on, "raise" raises ValueError instead.  The
    episode ends with the game: reward -1 for losing, 1 / (players - 1) (or
    `non_loser_reward`) otherwise, 0 for a draw; it is truncated after `max_steps` steps
    (None: no limit), illegal ones included; truncation adds no reward: the truncating step
    gives what its action earns (0, or `illegal_reward` for an illegal one).
    `observation_mode="infostate"` makes the "observation" vector the learner's information
    state (`durakc.rl.infostate.information_state_tensor`) instead of its current view.
    `table_options` (a variant with table settings, its spec's `options:`) are the settings
    every episode's game starts with, e.g. `DurakEnv("table", table_options={"deck": 52})`.
    A variant with out-of-turn actions (HR34's `catch`) also asks the learner out of turn,
    by the schedule of durakc.rl.schedule: such a decision's mask holds its catches and
    `wait`; the opponents catch by the bots' rule (docs/rl.md, "Out-of-turn decisions").
    """

    # Class data, though gymnasium's Env declares `metadata` as an instance attribute.
    metadata: ClassVar[dict] = {"render_modes": list(RENDER_MODES), "render_fps": 4}  # type: ignore[misc]

    def __init__(self, variant="transfer", players: int = 2, seat: int = 0,
                 opponents="greedy", render_mode: str | None = None,
                 illegal_reward: float = -1.0, non_loser_reward: float | None = None,
                 max_steps: int | None = DEFAULT_MAX_STEPS, illegal_action: str = "terminate",
                 observation_mode: str = "observation", table_options: dict | None = None):
        self.encoding = DurakEncoding(variant)
        self.engine = self.encoding.engine
        self.players = check_player_count(self.engine, players)
        self.table_options = check_table_options(self.engine, self.players, table_options)
        check_render_mode(render_mode)
        if illegal_action not in ILLEGAL_ACTIONS:
            raise ValueError(f"illegal_action must be one of {list(ILLEGAL_ACTIONS)}, "
                             f"not {illegal_action!r}")
        self.observation_mode = check_observation_mode(observation_mode)
        self.seat = self._check_seat(seat)
        self.opponents = opponents
        self.bots = resolve_opponents(opponents, players, seat)
        self.render_mode = render_mode
        self.illegal_reward = float(illegal_reward)
        self.illegal_action = illegal_action
        self.non_loser_reward = non_loser_reward
        self.max_steps = check_max_steps(max_steps)
        self.observation_space = observation_space(
            self.encoding, information_state_high(self.encoding)
            if observation_mode == "infostate" else None)
        self.recorded: RecordedGame | None = None  # with "infostate": who made each action
        self.action_space = gym.spaces.Discrete(self.encoding.num_actions)
        self.game: Any = None  # the engine's Game, from reset() on
        self.steps = 0
        self._ended = True
        self._bot_rng = random.Random()
        self.schedule = Schedule()

    def _check_seat(self, seat) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"seat must be 0..{self.players - 1}, not {seat!r}")
        return seat

    def reset(self, *, seed=None, options=None):
        """Deal `new_game(players, seed)` (a seed from the env's generator when None), or set
        up `options["position"]` with `from_position`; the bots play until the learner is to
        move.  `options["seat"]` and `options["opponents"]` replace the learner's seat and
        the opponents from this episode on."""
        super().reset(seed=seed)
        options = dict(options or {})
        unknown = sorted(set(options) - set(RESET_OPTIONS))
        if unknown:
            raise ValueError(f"unknown reset option {unknown[0]!r} (known: "
                             f"{', '.join(RESET_OPTIONS)})")
        self._choose_seats(options)
        game_seed = seed if seed is not None else int(self.np_random.integers(2**31 - 1))
        self.game = start_game(self.engine, self.players, game_seed, options,
                               self.table_options)
        if self.observation_mode == "infostate":
            self.recorded = RecordedGame(self.game, encoding=self.encoding)
        self.schedule.reset(self.game)
        self._bot_rng = random.Random(f"durakc-rl-bots-{game_seed}")
        self.steps, self._ended = 0, False
        if not self._play_bots():
            raise RuntimeError("the bots played on past the step limit before the learner's "
                               "first turn")
        self._ended = self.game.is_over
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def _choose_seats(self, options: dict) -> None:
        """The reset options' seat and opponents, checked before anything changes."""
        if "seat" not in options and "opponents" not in options:
            return
        seat = self._check_seat(options.get("seat", self.seat))
        opponents = options.get("opponents", self.opponents)
        self.bots = resolve_opponents(opponents, self.players, seat)
        self.seat, self.opponents = seat, opponents

    def step(self, action):
        """Play the learner's action index, then the bots' moves up to the learner's next turn."""
        if self.game is None or self._ended:
            raise RuntimeError("the episode is over (or never started): call reset()")
        chosen = self._choices().get(int(action))
        if chosen is None:
            return self._illegal(action)
        self.steps += 1
        if chosen == WAIT:
            self.schedule.decline(self.seat)
        else:
            self._apply(chosen)
        finished = self._play_bots()
        terminated = self.game.is_over
        truncated = not terminated and (not finished or self._out_of_steps())
        reward = final_rewards(self.game, self.non_loser_reward)[self.seat] if terminated else 0.0
        self._ended = terminated or truncated
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, terminated, truncated, self._info()

    def _illegal(self, action):
        """An action that is not legal: the game unchanged, by the `illegal_action` policy."""
        if self.illegal_action == "raise":
            legal = ", ".join(str(a) for a in self._choices().values())
            raise ValueError(f"seat {self.seat}: action {_describe(self.encoding, action)} is "
                             f"not legal now; legal: {legal}")
        self.steps += 1
        terminated = self.illegal_action == "terminate"
        truncated = not terminated and self._out_of_steps()
        self._ended = terminated or truncated
        return (self._observe(), self.illegal_reward, terminated, truncated,
                self._info(illegal=True))

    def _out_of_steps(self) -> bool:
        return self.max_steps is not None and self.steps >= self.max_steps

    def action_masks(self):
        """The legal-action mask (the name sb3-contrib's MaskablePPO looks for)."""
        if self.game is None:
            raise RuntimeError("action_masks() before reset(): there is no game yet")
        return self._mask()

    def _asked_out_of_turn(self) -> bool:
        """Whether the learner's decision now is an out-of-turn one (HR34's catch or wait)."""
        seat, out_of_turn = self.schedule.decider(self.game)
        return out_of_turn and seat == self.seat

    def _choices(self) -> dict:
        """{index: action} of the learner's decision now (DurakEncoding.choices)."""
        return self.encoding.choices(self.game, self.seat, self._asked_out_of_turn())

    def _mask(self):
        return self.encoding.action_mask(self.game, self.seat, self._asked_out_of_turn())

    def _play_bots(self) -> bool:
        """The bots' moves up to the learner's turn or the end; False if they made more than
        max_steps x (players - 1) moves before either (the episode is then truncated)."""
        game, bots = self.game, self.bots
        cap = None if self.max_steps is None else self.max_steps * (self.players - 1)
        moves = 0
        while True:
            mover, out_of_turn = self.schedule.decider(game)
            if mover is None or mover == self.seat:
                return True
            if cap is not None and moves >= cap:
                return False
            if out_of_turn:  # HR34: the bots' catching rule (durakc.rl.schedule)
                action = bot_answer(game, mover)
                if action is None:
                    self.schedule.decline(mover)
                    continue
            else:
                action = bots[mover](game, mover, self._bot_rng)
            self._apply(action)
            moves += 1

    def _apply(self, action) -> None:
        """Play an action, recorded when the observation is the information state."""
        if self.recorded is not None:
            self.recorded.apply(action)
        else:
            self.game.apply(action)
        self.schedule.applied()

    def _observe(self):
        if self.recorded is not None:
            vector = information_state_tensor(self.recorded, self.seat, self.encoding)
        else:
            vector = self.encoding.observation(self.game, self.seat)
        return {"observation": vector, "action_mask": self._mask()}

    def _info(self, illegal: bool = False) -> dict:
        info = {"illegal_action": illegal, "seat": self.seat, "steps": self.steps}
        if self.game.is_over:
            info.update(loser=self.game.loser, is_draw=self.game.is_draw)
        return info

    def render(self):
        """The game as text ("ansi": returned, "human": printed) or as a picture
        ("rgb_array": an H x W x 3 uint8 array, durakc.rl.render); None before reset."""
        return render(self.game, self.encoding, self.render_mode)


def _describe(encoding, action) -> str:
    try:
        return f"{action} ({encoding.action_text(action)})"
    except (TypeError, ValueError):
        return repr(action)


register_envs()
