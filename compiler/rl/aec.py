"""A PettingZoo AEC environment for any durakc engine: every seat is an agent.

    from durakc.rl import aec_env
    env = aec_env("kyiv", players=3)
    env.reset(seed=7)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Observations are dicts {"observation": float32 vector, "action_mask": int8 vector} in the
layout of `DurakEncoding` (docs/rl.md).  Rewards come only at the end of the game
(`durakc.rl.rewards.final_rewards`); every agent stays in `agents` until then.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from durakc.rl import require
from durakc.rl.encoding import DurakEncoding, check_player_count
from durakc.rl.infostate import (
    RecordedGame,
    check_observation_mode,
    information_state_high,
    information_state_tensor,
)
from durakc.rl.render import RENDER_MODES, check_render_mode, render
from durakc.rl.rewards import final_rewards
from durakc.rl.schedule import WAIT, Schedule

require("numpy")
spaces = require("gymnasium.spaces")
if TYPE_CHECKING:
    import pettingzoo
else:
    pettingzoo = require("pettingzoo")
wrappers = require("pettingzoo.utils.wrappers")

ILLEGAL_REWARD = -1.0
"""What `aec_env` gives an agent whose action is not legal (the game then ends)."""
DEFAULT_MAX_STEPS = 1000
"""The default step limit: an episode is truncated once one seat has made this many moves
(a random 6-seat game of transfer takes at most about 160 moves of one seat)."""


def observation_space(encoding: DurakEncoding, high=None):
    """The Dict space of one agent's observation: the vector (upper bounds `high`, by default
    the observation layout's) and the action mask."""
    return spaces.Dict({
        "observation": spaces.Box(0.0, encoding.layout.high if high is None else high,
                                  dtype="float32"),
        "action_mask": spaces.Box(0, 1, (encoding.num_actions,), dtype="int8"),
    })


def check_max_steps(max_steps):
    """`max_steps` if it is a whole number >= 1 or None (no limit), else a ValueError."""
    if max_steps is None:
        return None
    if not isinstance(max_steps, int) or isinstance(max_steps, bool) or max_steps < 1:
        raise ValueError(f"max_steps must be a whole number >= 1 or None, not {max_steps!r}")
    return max_steps


def check_table_options(engine, players: int, table_options):
    """`table_options` (a dict of the variant's table settings, its spec's `options:`) when
    a game takes them, else a ValueError saying why (an unknown name, a value an option does
    not take, a deck too small for the players); None stays None."""
    if table_options is None:
        return None
    if not isinstance(table_options, dict):
        raise ValueError(  # noqa: TRY004 - a bad argument is a ValueError, as the others
            f"table_options must be a dict, not {type(table_options).__name__}")
    if not getattr(engine, "OPTIONS", None):
        raise ValueError(f"{engine.VARIANT.get('name', '?')} has no table settings (options:)")
    engine.new_game(players, 0, options=table_options)  # InvalidGame is a ValueError
    return dict(table_options)


def start_game(engine, players: int, seed, options, table_options=None):
    """`options["position"]` set up with `from_position`, else `new_game(players, seed)`
    (with the table settings `table_options`, when given)."""
    position = (options or {}).get("position")
    if position is None:
        if table_options is not None:
            return engine.new_game(players, seed, options=table_options)
        return engine.new_game(players, seed)
    game = engine.from_position(position)
    if game.players != players:
        raise ValueError(f"the position has {game.players} players, the environment {players}")
    return game


class DurakAECEnv(pettingzoo.AECEnv):
    """Durak for `players` seats of a variant (bundled name, engine file or module).

    Agents are named `player_<seat>`.  `reset(seed=s)` deals `new_game(players, s)`;
    `reset()` without a seed draws one from the last seed's generator.  `options` may give a
    `position` (a dict for the engine's `from_position`) to start from instead of a deal.
    `step` with an action that is not legal raises ValueError; `aec_env` wraps the
    environment so that such an action ends the game instead (PettingZoo's convention).
    Once one agent has made `max_steps` moves in a game that is not over, every agent is
    truncated (None: no limit).  `observation_mode="infostate"` makes each agent's
    "observation" vector its information state (durakc.rl.infostate).  `table_options`: the
    table settings (a spec's `options:`) every game starts with.  A variant with out-of-turn
    actions (HR34's `catch`) selects the agents by the schedule of durakc.rl.schedule: an
    agent asked out of turn has its catches and `wait` in its mask (docs/rl.md).
    """

    metadata: ClassVar[dict] = {"name": "durakc_v0", "render_modes": list(RENDER_MODES),
                                "is_parallelizable": False, "render_fps": 4}

    def __init__(self, variant="transfer", players: int = 2, render_mode: str | None = None,
                 non_loser_reward: float | None = None,
                 max_steps: int | None = DEFAULT_MAX_STEPS,
                 observation_mode: str = "observation", table_options: dict | None = None):
        super().__init__()
        self.encoding = DurakEncoding(variant)
        self.engine = self.encoding.engine
        self.players = check_player_count(self.engine, players)
        self.table_options = check_table_options(self.engine, self.players, table_options)
        check_render_mode(render_mode)
        self.render_mode = render_mode
        self.max_steps = check_max_steps(max_steps)
        self.non_loser_reward = non_loser_reward
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_mode = check_observation_mode(observation_mode)
        space = observation_space(self.encoding, information_state_high(self.encoding)
                                  if observation_mode == "infostate" else None)
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        action = spaces.Discrete(self.encoding.num_actions)
        self.action_spaces = dict.fromkeys(self.possible_agents, action)
        self._seeds = random.Random()
        self.game: Any = None  # the engine's Game, from reset() on
        self.recorded: RecordedGame | None = None  # with "infostate": who made each action
        self._moves: dict[str, int] = {}
        self.schedule = Schedule()
        self._out_of_turn = False  # whether agent_selection is asked out of turn (HR34)

    def observation_space(self, agent):
        """The same Dict space for every agent (docs/rl.md)."""
        return self.observation_spaces[agent]

    def action_space(self, agent):
        """Discrete(num_actions) for every agent."""
        return self.action_spaces[agent]

    def reset(self, seed=None, options=None):
        """Deal a new game (or set up `options["position"]`); the player to move acts first.
        Other option keys are ignored (PettingZoo's api_test passes one)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = seed if seed is not None else self._seeds.getrandbits(32)
        self.game = start_game(self.engine, self.players, game_seed, options,
                               self.table_options)
        if self.observation_mode == "infostate":
            self.recorded = RecordedGame(self.game, encoding=self.encoding)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self._moves = dict.fromkeys(self.agents, 0)
        self.schedule.reset(self.game)
        self._select()
        if self.render_mode == "human":
            self.render()

    def observe(self, agent):
        """{"observation": vector of the agent's seat, "action_mask": its legal actions}."""
        if self.game is None:
            raise RuntimeError("observe() before reset(): there is no game yet")
        seat = self._seat[agent]
        if self.recorded is not None:
            vector = information_state_tensor(self.recorded, seat, self.encoding)
        else:
            vector = self.encoding.observation(self.game, seat)
        out_of_turn = self._out_of_turn and agent == self.agent_selection
        return {"observation": vector,
                "action_mask": self.encoding.action_mask(self.game, seat, out_of_turn)}

    def _select(self) -> None:
        """The next deciding agent by the schedule (durakc.rl.schedule)."""
        seat, self._out_of_turn = self.schedule.decider(self.game)
        self.agent_selection = self.possible_agents[self.game.to_move if seat is None else seat]

    def _choices(self, agent) -> dict:
        return self.encoding.choices(self.game, self._seat[agent], self._out_of_turn)

    def step(self, action):
        """Apply the selected agent's action index; at the end every agent is terminated."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        chosen = None if action is None else self._choices(agent).get(int(action))
        if chosen is None:
            raise ValueError(self._illegal_message(agent, action))
        self._cumulative_rewards[agent] = 0.0
        if chosen == WAIT:
            self.schedule.decline(self._seat[agent])
        elif self.recorded is not None:
            self.recorded.apply(chosen)
        else:
            self.game.apply(chosen)
        if chosen != WAIT:
            self.schedule.applied()
        self._moves[agent] += 1
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.game.is_over:
            finals = final_rewards(self.game, self.non_loser_reward)
            self.rewards = {a: finals[self._seat[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
            if self.max_steps is not None and self._moves[agent] >= self.max_steps:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _illegal_message(self, agent, action) -> str:
        try:
            what = f"{action} ({self.encoding.action_text(action)})"
        except (TypeError, ValueError):
            what = repr(action)
        legal = ", ".join(str(a) for a in self._choices(agent).values())
        return f"{agent}: action {what} is not legal now; legal: {legal}"

    def render(self):
        """The game as text ("ansi": returned, "human": printed) or as a picture
        ("rgb_array": an H x W x 3 uint8 array, durakc.rl.render); None before reset."""
        return render(self.game, self.encoding, self.render_mode)

    def close(self):
        """Nothing to release."""


def aec_env(variant="transfer", players: int = 2, illegal_reward: float = ILLEGAL_REWARD,
            **kwargs):
    """A `DurakAECEnv` in PettingZoo's usual wrappers: an illegal action ends the game with
    `illegal_reward` for the agent that played it; out-of-range actions and calls out of
    order are caught."""
    env = DurakAECEnv(variant, players, **kwargs)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=illegal_reward)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    return wrappers.OrderEnforcingWrapper(env)
