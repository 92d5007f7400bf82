"""A game in the page, kept by the browser: seed + actions, replayed on every request.

The server keeps no game.  Each request carries the deal seed, the players, the human's
seat, a bot per other seat and the actions played so far (`history`); the engine replays
them, applies the human's new action (an illegal one is refused with the engine's
`IllegalAction` text and the game stays as it was), then lets the bots play until it is the
human's turn again, the game ends or the bots' time budget is spent (the page then asks
again).  A bot's choice is drawn from a generator seeded by the game seed and the action's
index, so the same seed and the same human moves give the same game, on any server.

Out-of-turn actions (HR34's `catch`, docs/engine-api.md): at each position the bots are
asked first, in `actors()` order, by their catching rule (`durakc.sim.catching`); then, if
the human's seat holds catches (`catches` in the view) while a bot is to move, the bots stop
and the page asks the human: a `catch SEAT CARD` of its own seat, or `wait` (let play go on
at this position; it is not an engine action and is not kept in the history).  At its own
turn the human may catch or play in turn.
"""

from __future__ import annotations

import random
import time

from durakc.sim import bots as bot_registry
from durakc.sim.catching import catch_choice, visible_fouls
from durakc.sim.runner import REPEAT_LIMIT, RoundStarts, bot_seed

PUBLIC_VERBS_NO_ROUND = ("swap", "exchange")
"""Actions before an opening (PK1, TX1): the table is empty after them, but no round ended."""
WAIT = "wait"
"""The human's answer when asked out of turn (HR34): no catch now, let the bots play on."""


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
        self.waited = -1   # the history length at which the human said `wait` (HR34)

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
        seat, defender = game.to_move, game.defender
        words = str(action).split()
        if words[:1] == ["catch"] and len(words) > 1 and words[1].isdigit():
            seat = int(words[1])  # an out-of-turn action names its seat (HR34)
        game.apply(action)
        text = game.history[-1] if game.history else str(action)
        verb = text.split(" ", 1)[0]
        self.starts.took = self.starts.took or verb == "take"
        self.log.append({"seat": seat, "action": text})
        if verb == "take":
            self._taker = seat
        elif verb == "catch" and not game.table:  # HR34: a caught beat ends as a take
            self._taker = defender
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
        while not game.is_over:
            self._round_start()
            if self.cycle or len(game.history) >= max_history:
                return True
            if time.monotonic() > deadline:
                return False
            caught = self._bot_catch(seat, bots)
            if caught is not None:
                self.apply(caught)
                continue
            if game.to_move == seat or self.asks(seat):
                return True
            mover = game.to_move
            rng = random.Random(bot_seed(self.seed, len(game.history)))
            self.apply(bots[mover](game, mover, rng, self.repeated))
        return True

    def _bot_catch(self, seat: int, bots: list):
        """The first catch a bot seat makes by the bots' rule, in `actors()` order."""
        game = self.game
        if not hasattr(game, "actors"):
            return None
        fouls = visible_fouls(game)
        if not fouls:
            return None
        for other in game.actors():
            if other != seat and bots[other] is not None:
                act = catch_choice(game, other, fouls)
                if act is not None:
                    return act
        return None

    def catches(self, seat: int) -> list[str]:
        """The human's out-of-turn actions now (HR34), as texts; none once it is over."""
        game = self.game
        if game.is_over or not hasattr(game, "actors"):
            return []
        return [str(a) for a in game.out_of_turn_actions(seat)]

    def asks(self, seat: int) -> bool:
        """Whether the game waits for the human out of turn: a bot is to move, the human
        holds catches and has not said `wait` at this position."""
        game = self.game
        return (game.to_move != seat and self.waited != len(game.history)
                and bool(self.catches(seat)))


def _human_action(replay: Replay, engine, seat: int, action: str) -> str | None:
    """Apply the human's action (in turn, a catch of its own seat, or `wait`); the refusal
    text, or None."""
    game = replay.game
    words = action.split()
    if game.is_over:
        return "the game is over: start a new one"
    if words == [WAIT]:
        if not replay.asks(seat):
            return "nothing to wait for: no catch is offered to you now"
        replay.waited = len(game.history)
        return None
    if words[:1] == ["catch"]:
        if len(words) > 1 and words[1] != str(seat):
            return f"you are seat {seat}: a catch names your seat (catch {seat} CARD)"
    elif game.to_move != seat:
        return f"it is seat {game.to_move}'s turn, not yours"
    try:
        replay.apply(action)
    except (engine.IllegalAction, ValueError) as exc:  # ValueError: no action at all
        return str(exc)
    return None


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
        refused = _human_action(replay, engine, seat, action)
    finished = replay.bot_moves(seat, bots, bot_budget, max_history)
    return _view(replay, seat, refused, thinking=not finished)


def _view(replay: Replay, seat: int, refused: str | None, thinking: bool) -> dict:
    """What the page shows: the seat's observation (hidden cards stay hidden), the log."""
    game = replay.game
    view = game.observation(seat)
    stopped = None
    asked = not game.is_over and not thinking and replay.asks(seat)
    if not game.is_over and not thinking and game.to_move != seat and not asked:
        stopped = ("stopped: the same position came back again and again (a cycle)"
                   if replay.cycle else "stopped: the game is too long")
    log = replay.log
    if view.get("discard", ()) is None:  # view.discard closed (HR25): this round's actions only
        ends = [i for i, entry in enumerate(log) if "event" in entry]
        log = log[ends[-1] + 1:] if ends else log
    view.update({"history": list(game.history), "log": log, "refused": refused,
                 "thinking": thinking, "stopped": stopped,
                 "catches": replay.catches(seat), "asked": asked,
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
