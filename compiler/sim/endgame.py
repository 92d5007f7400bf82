"""The exact endgame solver: 2 players in the game, the stock empty, every card known.

`Solver(seat, budget).value(game)` is the game's value for `seat` under perfect play:
2 when `seat` does not lose, 1 for a draw, 0 when it is the durak.  It is a depth-first
minimax through the engine contract (`copy`, `legal_actions`, `apply`) that stops a node's
search as soon as its mover has reached the best value there is (2 for `seat`, 0 for the
other), with a memo of solved round-start positions (hands, attacker, defender, trump: with
an empty table and the stock empty that is the whole state).

Repetition: an endgame of a variant with transfers can come back to a round-start position
(attack, transfer back, take, ...).  A position that occurs again on the current line of
play counts as a draw (value 1).  Such a value depends on the line, so a position is stored
in the memo only when no repetition below it referred to a position above it (the usual
guard against graph-history interaction): memo or not, the value is that of a plain minimax
with the same repetition rule (tests/sim/test_sim_endgame.py checks it on 1,000 endgames of
up to 3 cards a hand against a minimax without pruning, and on 1,000 of up to 6 against one
keyed by the whole state).  Endgames where transfers shuttle cards of one rank back and forth
spend the budget most often: about 0.6% of random 6-card transfer endgames at 200,000 nodes.

Every node visited counts against `budget`; past it `value` raises `BudgetExceeded`.  The C
backend (bots.c.j2, `solve_node`) visits the same nodes in the same order.
"""

from __future__ import annotations

WIN, DRAW, LOSS = 2, 1, 0
FREE = 1 << 30          # "no repetition refers above this node"
MAX_DEPTH = 400         # a line deeper than this counts as over budget (as in C)


class BudgetExceeded(Exception):
    """The solver visited more nodes than its budget allows."""


def applies(game) -> bool:
    """True when the solver can play `game`: exactly 2 seats left, nothing left to draw."""
    return (not game.is_over and game.players - len(game.out) == 2 and not game.stock
            and getattr(game, "hidden_trump", None) is None)


def start_key(game):
    """The memo key of a round-start position (empty table, attacker to move), else None."""
    if game.phase != "attack" or game.table:
        return None
    return (tuple(map(tuple, game.hands)), game.attacker, game.defender, game.trump)


class Solver:
    """Exact values for `seat`, visiting at most `budget` nodes over its lifetime."""

    def __init__(self, seat: int, budget: int):
        self.seat = seat
        self.budget = budget
        self.nodes = 0
        self.memo: dict = {}
        self.path: dict = {}

    def outcome(self, game) -> int:
        """The value of a finished game for `seat`."""
        if game.loser is None:
            return DRAW
        return LOSS if game.loser == self.seat else WIN

    def enter(self, game, level: int):
        """Count a node; (key, depth) when it is a round start now on the path, or a
        (value, lo) pair to return at once (a finished game, a memo hit, a repetition)."""
        self.nodes += 1
        if self.nodes > self.budget or level > MAX_DEPTH:
            raise BudgetExceeded
        if game.is_over:
            return None, (self.outcome(game), FREE)
        key = start_key(game)
        if key is None:
            return None, None
        known = self.memo.get(key)
        if known is not None:
            return None, (known, FREE)
        at = self.path.get(key)
        if at is not None:
            return None, (DRAW, at)  # a repetition on this line: a draw
        depth = self.path[key] = len(self.path)
        return (key, depth), None

    def leave(self, entered, best: int, lo: int) -> int:
        """Take a round start off the path; memoize it when its value is the line's own."""
        if entered is None:
            return lo
        key, depth = entered
        del self.path[key]
        if lo >= depth:
            self.memo[key] = best
            return FREE
        return lo

    def value(self, game, level: int = 0) -> tuple[int, int]:
        """(value for `seat`, the shallowest path depth a repetition below referred to);
        `level` is the node's distance from where the search began."""
        entered, done = self.enter(game, level)
        if done is not None:
            return done
        maxing = game.to_move == self.seat
        best, lo = (-1 if maxing else 3), FREE
        for act in game.legal_actions():
            child = game.copy()
            child.apply(act)
            v, low = self.value(child, level + 1)
            lo = min(lo, low)
            if (v > best) if maxing else (v < best):
                best = v
                if best == (WIN if maxing else LOSS):
                    break
        return best, self.leave(entered, best, lo)

    def best_action(self, game, acts, first: int):
        """The index in `acts` (the legal list, `seat` to move) of a best action, trying
        `acts[first]` first and then the list in order; the first best one wins."""
        entered, done = self.enter(game, 0)
        if done is not None:  # not reached: the game is not over at a decision
            return first
        best, choice, lo = -1, first, FREE
        for i in [first, *(j for j in range(len(acts)) if j != first)]:
            child = game.copy()
            child.apply(acts[i])
            v, low = self.value(child, 1)
            lo = min(lo, low)
            if v > best:
                best, choice = v, i
                if best == WIN:
                    break
        self.leave(entered, best, lo)
        return choice
