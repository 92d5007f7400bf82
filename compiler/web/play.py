"""A game in the page, kept by the browser: seed + actions, replayed on every request.

The server keeps no game.  Each request carries the deal seed, the players, the human's
seat, a bot per other seat and the actions played so far (`history`); the engine replays
them, applies the human's new action (an illegal one is refused with the engine's
`IllegalAction` text and the game stays as it was), then lets the bots play until it is the
human's turn again, the game ends or the bots' time budget is spent (the page then asks
again).  A bot's choice is drawn from a generator seeded by the game seed and the action's
index, so the same seed and the same human moves give the same game, on any server.
"""

from __future__ import annotations

import random
import time

from durakc.sim import bots as bot_registry
from durakc.sim.runner import REPEAT_LIMIT, RoundStarts, bot_seed

PUBLIC_VERBS_NO_ROUND = ("swap", "exchange")
"""Actions before an opening (PK1, TX1): the table is empty after them, but no round ended."""


class BadRequest(ValueError):
    """Something in the request can not be played (its message says what)."""


def available_bots() -> list[str]:
    """The bots of `durakc.sim.bots`' registry (its `BOT_NAMES`), each one `get_bot` builds."""
    names = getattr(bot_registry, "BOT_NAMES", ("random", "greedy"))
    found = []
    for name in (names.keys() if isinstance(names, dict) else names):
        try:
            bot_registry.get_bot(name)
        except (ValueError, ImportError):
            continue
        found.append(str(name))
    return found


class Replay:
    """A game replayed from its seed and history, with the log the page shows."""

    def __init__(self, engine, players: int, seed: int, options: dict | None = None):
        if options and not getattr(engine, "OPTIONS", None):
            raise BadRequest(f"unknown option {next(iter(options))!r} (this variant has no "
                             f"table settings)")
        try:
            self.game = (engine.new_game(players, seed, options=options) if options
                         else engine.new_game(players, seed))
        except ValueError as exc:
            raise BadRequest(str(exc)) from None
        self.engine = engine
        self.seed = seed
        self.log: list[dict] = []
        self.starts = RoundStarts()
        self.repeated = False
        self.cycle = False
        self._taker = None
        self._counted = -1

    def _round_start(self) -> None:
        """Count the position at a round start (`runner.play_game` does the same), once."""
        game = self.game
        if self._counted == len(game.history):
            return
        self._counted = len(game.history)
        if game.to_move == game.attacker and not game.table:
            seen = self.starts.count(game)
            self.repeated = seen > 1
            self.cycle = seen >= REPEAT_LIMIT

    def apply(self, action) -> None:
        """Apply one action (an engine `Action` or text) and log it; raises what `apply`
        raises (`IllegalAction`, `ValueError`), the game unchanged."""
        game = self.game
        self._round_start()
        seat = game.to_move
        game.apply(action)
        text = game.history[-1] if game.history else str(action)
        verb = text.split(" ", 1)[0]
        self.starts.took = self.starts.took or verb == "take"
        self.log.append({"seat": seat, "action": text})
        if verb == "take":
            self._taker = seat
        if not game.table and verb not in PUBLIC_VERBS_NO_ROUND:
            who = self._taker
            end = "discarded" if who is None else f"seat {who} picked up the cards"
            self.log.append({"event": f"round over: {end}"})
            self._taker = None

    def replay(self, history: list[str]) -> None:
        """Apply every action of `history`; BadRequest naming the first that fails."""
        for k, text in enumerate(history, 1):
            if self.game.is_over:
                raise BadRequest(f"history goes on after the game ended (action {k}: {text!r})")
            try:
                self.apply(text)
            except ValueError as exc:
                raise BadRequest(f"history action {k} ({text!r}) does not replay: {exc}") from None

    def bot_moves(self, seat: int, bots: list, budget: float, max_history: int) -> bool:
        """Let the bots play until `seat` is to move or the game ends; False when it stopped
        early (the budget spent: the page asks again), True otherwise."""
        game = self.game
        deadline = time.monotonic() + budget
        while not game.is_over and game.to_move != seat:
            self._round_start()
            if self.cycle or len(game.history) >= max_history:
                return True
            if time.monotonic() > deadline:
                return False
            mover = game.to_move
            rng = random.Random(bot_seed(self.seed, len(game.history)))
            self.apply(bots[mover](game, mover, rng, self.repeated))
        return True


def play_step(engine, request: dict, bot_budget: float, max_history: int) -> dict:
    """One request of a game: replay, the human's action, the bots; the seat's view.

    `request` is validated (`durakc.web.validate.play`): players, seat, seed, bots (one name
    per seat, None at the human's seat), history, an optional action and the table settings
    (`options`, name -> value; the engine refuses those its spec does not declare).
    """
    players, seat, seed = request["players"], request["seat"], request["seed"]
    bots = [None if name is None else bot_registry.get_bot(name) for name in request["bots"]]
    replay = Replay(engine, players, seed, request.get("options"))
    replay.replay(request["history"])
    refused = None
    action = request.get("action")
    if action is not None:
        game = replay.game
        if game.is_over:
            refused = "the game is over: start a new one"
        elif game.to_move != seat:
            refused = f"it is seat {game.to_move}'s turn, not yours"
        else:
            try:
                replay.apply(action)
            except engine.IllegalAction as exc:
                refused = str(exc)
            except ValueError as exc:  # text that is no action at all
                refused = str(exc)
    finished = replay.bot_moves(seat, bots, bot_budget, max_history)
    return _view(replay, seat, refused, thinking=not finished)


def _view(replay: Replay, seat: int, refused: str | None, thinking: bool) -> dict:
    """What the page shows: the seat's observation (hidden cards stay hidden), the log."""
    game = replay.game
    view = game.observation(seat)
    stopped = None
    if not game.is_over and not thinking and game.to_move != seat:
        stopped = ("stopped: the same position came back again and again (a cycle)"
                   if replay.cycle else "stopped: the game is too long")
    log = replay.log
    if view.get("discard", ()) is None:  # view.discard closed (HR25): this round's actions only
        ends = [i for i, entry in enumerate(log) if "event" in entry]
        log = log[ends[-1] + 1:] if ends else log
    view.update({"history": list(game.history), "log": log, "refused": refused,
                 "thinking": thinking, "stopped": stopped,
                 "result": _result(game, seat)})
    return view


def _result(game, seat: int) -> str | None:
    if not game.is_over:
        return None
    if game.is_draw:
        return "game over: a draw"
    if game.loser == seat:
        return "game over: you are the durak"
    return f"game over: seat {game.loser} is the durak; you did not lose"
