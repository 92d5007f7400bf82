"""Who decides next in the RL environments when a variant has out-of-turn actions (HR34's
`catch`): the schedule of docs/engine-api.md ("Out-of-turn actions") as decision points.

Before each in-turn decision, every seat of `game.actors()` (the seat to move first, then
clockwise) that holds out-of-turn actions and has not yet declined at this position is asked
once.  A seat asked out of turn answers with one of its `out_of_turn_actions(seat)` or with
`wait` (the environments' own action: "I do not act now"); the first seat that acts has its
action applied and the asking starts again from `actors()` of the new position.  When every
seat has declined, `to_move` makes its in-turn decision.  A seat played by a durakc bot is
asked through the bots' catching rule (`durakc.sim.catching.catch_choice`), so the bots catch
in the environments exactly as they do in `durakc simulate`.  A game without `actors` has no
out-of-turn decisions: `to_move` alone decides, as before.
"""

from __future__ import annotations

from durakc.sim.catching import catch_choice, visible_fouls

WAIT = "wait"
"""The text of the environments' "decline to act out of turn" action (no engine action)."""


class Schedule:
    """The seats that declined at the current position; `decider` says who decides next."""

    def __init__(self, game=None):
        self.declined: set[int] = set()
        self.out_of_turn = game is not None and hasattr(game, "actors")

    def reset(self, game) -> None:
        """A new game: nobody has declined; out-of-turn asking only if it has `actors`."""
        self.declined.clear()
        self.out_of_turn = hasattr(game, "actors")

    def decider(self, game) -> tuple[int | None, bool]:
        """(seat, asked out of turn) of the next decision; (None, False) once it is over."""
        if game.is_over:
            return None, False
        if self.out_of_turn:
            for seat in game.actors():
                if seat not in self.declined and game.out_of_turn_actions(seat):
                    return seat, True
        return game.to_move, False

    def applied(self) -> None:
        """An action was applied: the position changed and every seat is asked again."""
        self.declined.clear()

    def decline(self, seat: int) -> None:
        """`seat` waits at this position."""
        self.declined.add(seat)


def bot_answer(game, seat: int):
    """A bot seat's out-of-turn answer by the bots' rule: a catch it can see is deserved
    (`catch_choice`), else None (it waits)."""
    fouls = visible_fouls(game)
    return catch_choice(game, seat, fouls) if fouls else None


__all__ = ["WAIT", "Schedule", "bot_answer"]
