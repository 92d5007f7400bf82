"""One durakc engine as an OpenSpiel (pyspiel) Python game: `DurakcGame` and its state.

- **Chance** (explicit chance nodes over a sampled set of deals): the engine deals from a
  seed, so the deal is `SEED_BYTES` chance nodes, each a uniform byte, that make a 32-bit
  seed (big-endian); then the engine's `new_game(players, seed)` deals.  Every one of the
  2^32 seeds is equally likely; the deal a seed gives is the engine's (`durakc simulate`
  deals the same one).
  Everything random after the deal (a redeal, HR18/HR19) follows from that seed.
- **Actions**: the RL encoding's indices (`DurakEncoding`, docs/rl.md), so
  `num_distinct_actions` is its `num_actions` and an action's string is the engine's text.
- **Out-of-turn decisions** (HR34's `catch`, `cheating`): the seats are asked by the schedule
  of `durakc.rl.schedule` (docs/rl.md, "Out-of-turn decisions"): before each in-turn decision
  every seat of `actors()` holding catches is a decision node of its own, its legal actions
  its catches and `wait`; the seat to move decides in turn once all have waited.
- **Returns**: `durakc.openspiel.returns` (durak -1, others share +1; points where scored).
- **Length**: the engine has no move cap and a game of three or more seats can go round for
  ever, so the state stops a game after `MAX_ACTIONS` player actions (waits included) (the simulator's cap,
  `durakc.sim.seeds`) as a draw: `max_game_length` is that cap plus the chance nodes.
"""

from __future__ import annotations

import random

import pyspiel

from durakc.openspiel.infostate import make_observer
from durakc.openspiel.returns import seat_returns, utility_bounds
from durakc.rl.encoding import DurakEncoding
from durakc.rl.infostate import ActionRecord
from durakc.rl.schedule import WAIT, Schedule
from durakc.sim.determinize import determinize, public_cards
from durakc.sim.seeds import MAX_ACTIONS

SEED_BYTES = 4
"""Chance nodes per deal, each one byte of the deal's seed."""


def game_type(short_name: str, players_min: int, players_max: int) -> pyspiel.GameType:
    """The GameType a variant is registered under (its player range)."""
    return pyspiel.GameType(
        short_name=short_name,
        long_name=f"durakc {short_name[len('durakc_'):]}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players_max,
        min_num_players=players_min,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": players_min})


class Setup:
    """What every state of one game shares: the engine, its encoding, the seat count.  States hold it, not the pyspiel game (a deep copy of that, as pyspiel's clone
    makes, would lose its Python attributes); copies share it."""

    def __init__(self, engine, players: int):
        self.engine = engine
        self.encoding = DurakEncoding(engine)
        self.players = players

    def __deepcopy__(self, memo):
        return self


class DurakcGame(pyspiel.Game):
    """A durakc variant as an OpenSpiel game; `load_engine()` gives its engine module."""

    def __init__(self, game_type_: pyspiel.GameType, load_engine, params=None):
        params = dict(params or {})
        players = int(params.get("players", game_type_.min_num_players))
        if not game_type_.min_num_players <= players <= game_type_.max_num_players:
            raise ValueError(f"{game_type_.short_name} is for {game_type_.min_num_players}-"
                             f"{game_type_.max_num_players} players, not {players}")
        self.setup = Setup(load_engine(), players)
        low, high = utility_bounds(self.setup.engine, players)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.setup.encoding.num_actions,
            max_chance_outcomes=256,
            num_players=players,
            min_utility=low,
            max_utility=high,
            utility_sum=0.0,
            max_game_length=MAX_ACTIONS + SEED_BYTES)
        super().__init__(game_type_, info, params)

    def new_initial_state(self) -> DurakcState:
        """A state before the deal: SEED_BYTES chance nodes come first."""
        return DurakcState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        """The observation (default) or, for a perfect-recall type, the information state."""
        return make_observer(self.setup.encoding, iig_obs_type, params)


class DurakcState(pyspiel.State):
    """A game of the variant: before the deal the seed bytes, then the engine's `Game`."""

    def __init__(self, game: DurakcGame):
        super().__init__(game)
        self.owner = game.setup
        self.seed_bytes: list[int] = []
        self.game = None              # the engine's Game, once dealt
        # who made each action, each seat's hand at the round points (durakc.rl.infostate)
        self.record = ActionRecord(game.setup.players)
        self._legal: dict | None = None
        self.schedule = Schedule()    # who decides next (HR34's out-of-turn seats)
        self.waits = 0                # out-of-turn decisions answered `wait`

    # -- the OpenSpiel state API ---------------------------------------------
    def current_player(self) -> int:
        """The seat to move, CHANCE before the deal, TERMINAL at the end."""
        if self.game is None:
            return pyspiel.PlayerId.CHANCE
        if self.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return self.schedule.decider(self.game)[0]

    def is_terminal(self) -> bool:
        """Over, or stopped at the step cap (a draw)."""
        return self.game is not None and (
            self.game.is_over or len(self.movers) + self.waits >= MAX_ACTIONS)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next seed byte: 256 equally likely values."""
        return [(b, 1 / 256) for b in range(256)]

    def _legal_indices(self) -> dict:
        if self._legal is None:
            seat, out_of_turn = self.schedule.decider(self.game)
            self._legal = self.owner.encoding.choices(self.game, seat, out_of_turn)
        return self._legal

    def _legal_actions(self, player: int) -> list[int]:
        if self.game is None or self.is_terminal() or player != self.current_player():
            return []
        return sorted(self._legal_indices())

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            self._deal_byte(action)
            return
        legal = self._legal_indices()
        if action not in legal:
            raise ValueError(f"action {action} is not legal now; legal: {sorted(legal)}")
        if legal[action] == WAIT:
            self.schedule.decline(self.current_player())
            self.waits += 1
        else:
            self.record.apply(self.game, legal[action])
            self.schedule.applied()
        self._legal = None

    @property
    def movers(self) -> list[int]:
        """The seat of each action in the engine's history."""
        return self.record.movers

    @property
    def own_hands(self) -> list[list[str]]:
        """Per seat, "k:hand" at each round point k where its hand changed (perfect recall)."""
        return self.record.own_hands

    def _deal_byte(self, byte: int) -> None:
        if not 0 <= byte < 256:
            raise ValueError(f"a seed byte is 0-255, not {byte}")
        self.seed_bytes.append(byte)
        if len(self.seed_bytes) == SEED_BYTES:
            seed = int.from_bytes(bytes(self.seed_bytes), "big")
            self.game = self.owner.engine.new_game(self.owner.players, seed)
            self.schedule.reset(self.game)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed byte {action}"
        text = self.owner.encoding.action_text(action)
        if text.startswith("catch "):  # HR34: the engine's text names the catching seat
            return f"catch {player} {text.split()[1]}"
        return text

    def returns(self) -> list[float]:
        """Every seat's return: `durakc.openspiel.returns` once over, zeros before."""
        if self.game is None:
            return [0.0] * self.owner.players
        return seat_returns(self.game, self.owner.engine)

    def resample_from_infostate(self, player_id: int, probability_sampler=None) -> DurakcState:
        """A state `player_id` can not tell from this one: the hidden cards (other hands,
        the face-down stock) dealt again at random, consistently with what the seat has
        seen (`durakc.sim.determinize`; with open hands, HR26, only the stock).  Other seats'
        recalled hands are dropped (they belonged to the true deal).  The sampler's draws
        seed the shuffle."""
        clone = self.clone()
        if self.game is None or self.is_terminal():
            return clone
        draw = probability_sampler() if probability_sampler is not None else random.random()
        known = public_cards(self.game)
        if self.owner.encoding.open_hands:
            known.update(c for hand in self.game.hands for c in hand)
        world = determinize(self.game, player_id, known, random.Random(int(draw * 2 ** 53)))
        if world is not None:
            clone.game = world
            clone._legal = None
        clone.record = self.record.only(player_id)
        return clone

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing: seed bytes {self.seed_bytes}"
        g = self.game
        return (f"hands {g.hands} table {g.table} trump {g.trump} stock {len(g.stock)} "
                f"to move {g.to_move} history {' | '.join(g.history)}")
