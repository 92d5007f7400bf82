"""Which bench loop the C engine of a variant gets (`templates/c/playout.c.j2`), decided from
the IR and the hook points its capabilities fill, never from rendered C text.

- The counted defence (`counted_transfers`): the transfers are counted from the NOPEN
  table, as openings are, when transfer.capacity is T11's `attack_cards <= min(limit,
  next_hand)` and transfer.when is judged once before the transfers (T10, T13).
- The game in locals (`bench_locals`, `templates/c/bench_locals.c.j2`): the whole game is
  played in local variables with the round's end written out.  It holds only where that
  path is the core's round: no capability fills a hook point the path skips, T2's throwers,
  a constant attack limit after the first round, no table settings, and a transfer.when
  (when the variant transfers at all) that reads only names the path keeps as locals.
"""

from __future__ import annotations

from durakc.expr.emit_c import NotInC, unwrapped
from durakc.ir.bound import BoundExpr

COUNTED_CAPACITY = "attack_cards <= min(limit, next_hand)"
"""transfer.capacity (T11) whose transfers the counted defence counts from NOPEN."""

DEFENCE_POINTS = ("applied", "bench_others", "next_hand")
"""The hook points the counted defence skips."""


PATH_POINTS = (
    "holding", "asking", "throw_first", "throwers_done", "throw_hand", "simple_opening",
    "simple_lists", "opening_hand", "openings", "opening_done", "opening_legal",
    "defence_hand", "beating", "beat_played", "beat_next", "attack_played", "opened",
    "throw_played", "throw_next", "pass_on_target", "defender", "round_start",
    "picked_up", "refill_order", "refilled", "game_over", "legal_end", "apply_kinds",
    *DEFENCE_POINTS,
)
"""The hook points on the path bench_locals.c.j2 writes out: a capability filling one keeps
the loop over the engine's functions."""

LOCALS = {
    "attack_cards": "natt", "attacker": "atk", "beaten": "beaten", "defender": "def",
    "me": "def", "hand": "hands[def]", "hand_size": "popcount(hands[def])",
    "left_of": "nxt[{}]", "limit": "limit", "next_defender": "nxt[def]",
    "next_hand": "next_hand", "original_attacker": "orig", "stock": "nstock",
    "transfers": "transfers", "unbeaten": "nunb",
}
"""How the transfer environment's names read in bench_game, whose locals are named as the
fields of `game` (durakc.envs gives their forms over `g`)."""


def counted_transfers(v: dict, transfer, hook) -> bool:
    """The counted defence applies: plain transfers (`transfer`: the IR's transfer section,
    None without one) with T11's capacity, no shows, no cheating (`v`: the C context), and
    no capability fills a point of `DEFENCE_POINTS`."""
    return (transfer is not None and not v["show"] and not v["cheat_transfers"]
            and not v["transfer_when_after"] and v["transfer_one_rank_before_beat"]
            and transfer.capacity.expr.canonical() == COUNTED_CAPACITY
            and not any(hook.fills(point) for point in DEFENCE_POINTS))


def when_in_locals(when: BoundExpr) -> str | None:
    """transfer.when over bench_game's locals, or None when it reads a name they lack."""
    names = dict(LOCALS, **dict(when.literals))
    if not set(when.expr.names) - set(dict(when.constants)) <= set(names):
        return None
    try:
        return unwrapped(when.expr.to_c(names, when.folded()))
    except NotInC:  # a form only the engine's state has (a trump mask)
        return None


def bench_values(v: dict, capabilities, hook) -> dict:
    """`counted_transfers`, `bench_locals` and `transfer_when_locals_c` of the C context `v`
    for a variant with the IR capability sections `capabilities`, whose templates fill the
    points `hook.fills` names."""
    transfer = next((cap for cap in capabilities if cap.name == "transfer"), None)
    counted = counted_transfers(v, transfer, hook)
    when = when_in_locals(transfer.when) if counted else "1"
    plain = (v["throw_in_default"] and v["round"].limit_constant is not None
             and not v["tracks_late"] and not v["has_options"] and not v["heap_actions"]
             and not any(hook.fills(point) for point in PATH_POINTS))
    return {"counted_transfers": counted,
            "bench_locals": plain and (transfer is None or counted) and when is not None,
            "transfer_when_locals_c": when or "1"}


__all__ = ["COUNTED_CAPACITY", "DEFENCE_POINTS", "LOCALS", "PATH_POINTS", "bench_values",
           "counted_transfers", "when_in_locals"]
