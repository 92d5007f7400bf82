"""Out-of-turn actions on the native backend (docs/engine-api.md, "Out-of-turn actions"):
`actors()`, `out_of_turn_actions(seat)` and `apply` of a catch (HR34, capability `cheating`),
read from the C engine's `<p>actors`, `<p>out_of_turn_actions` and `<p>apply` through the
binding's `_actors`, `_catches` and `_catch` (binding_structural.c).  An engine without
out-of-turn actions gets none of these members, as its Python engine has none.
"""

from __future__ import annotations


def add_out_of_turn(s, py) -> None:
    """Add to `s` (a `durakc.native.structural.Structural`) the out-of-turn members of Python
    engine `py`'s variant, when it has them (its Game has `actors`)."""
    if not hasattr(py.Game, "actors"):
        return
    catches = py._CATCH  # the interned `catch SEAT CARD` actions, by seat, then by card
    catch_kind = py.CATCH

    def actors(self):
        """The seats that may act now: `to_move`, then every other seat holding an
        out-of-turn action (a catch, HR34), clockwise from it; empty once the game is over."""
        mask, mover = self._actors(), self.to_move
        if mover is None:
            return []
        n = self.players
        return [mover] + [s % n for s in range(mover + 1, mover + n) if mask >> (s % n) & 1]

    def out_of_turn_actions(self, seat):
        """The out-of-turn actions `seat` may take now: its catches (HR34), by card."""
        players = self.players
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise py.InvalidGame(f"no seat {seat!r} in a {players}-player game")
        row = catches[seat]
        return [row[c] for c in self._catches(seat)]

    def wrap_slow_apply(slow_apply):
        def _slow_apply(self, action):
            act = action
            if not isinstance(act, py.Action):
                try:
                    act = py.parse_action(action)
                except ValueError:
                    return slow_apply(self, action)  # the engine's own message
            if act.kind != catch_kind:
                return slow_apply(self, action)
            if not self._catch(act.a, act.idx[0], act.text):
                self._python().apply(act)  # raises IllegalAction with the reason
                raise py.IllegalAction(f"{act} is not legal now")  # pragma: no cover - engines agree
            return None
        return _slow_apply

    s.members["actors"] = actors
    s.members["out_of_turn_actions"] = out_of_turn_actions
    s.wraps["_slow_apply"] = wrap_slow_apply
