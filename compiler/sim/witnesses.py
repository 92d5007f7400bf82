"""`durakc diff`: effective rules side by side, and behavioural witnesses.

A witness is a reachable position where two engines disagree: found by joint playouts,
both engines dealt from the same seed with the same players, a random action common to
both applied at each step.  It is replayable: `new_game(players, seed)` on either engine,
then apply `actions` in order.
"""

from __future__ import annotations

import os
import random

from durakc.cards import split
from durakc.sim.runner import bot_seed, game_seed

MAX_STEPS = 5000


def _origins(module) -> dict[str, str] | None:
    """Where each rule value comes from ("default", "this file", "parent X"), when known."""
    try:
        from durakc.diagnostics import SpecError
        from durakc.spec import load_spec
    except ImportError:
        return _origins_from_defaults(module)
    source = module.VARIANT.get("source")
    refs = [r for r in (source, module.VARIANT.get("name"))
            if r and (r != source or os.path.exists(r))]
    for ref in refs:
        try:
            return dict(load_spec(ref).origin)
        except (SpecError, OSError, ValueError):  # no spec for this engine here
            pass
    return _origins_from_defaults(module)


def _origins_from_defaults(module) -> dict[str, str] | None:
    try:
        from durakc.schema.keys import defaults
    except ImportError:
        return None
    known = defaults()
    rules = module.VARIANT.get("rules", {})
    return {k: ("default" if known.get(k, object()) == v else "spec") for k, v in rules.items()}


def rules_diff(a, b) -> list[dict]:
    """Rule keys whose effective values differ: key, values and origins for A and B."""
    ra, rb = a.VARIANT.get("rules", {}), b.VARIANT.get("rules", {})
    oa, ob = _origins(a) or {}, _origins(b) or {}
    missing = object()
    rows = []
    for key in list(dict.fromkeys([*ra, *rb])):
        va, vb = ra.get(key, missing), rb.get(key, missing)
        if va == vb:
            continue
        rows.append({"key": key,
                     "a": None if va is missing else va, "a_origin": oa.get(key, "?") if va is not missing else "absent",
                     "b": None if vb is missing else vb, "b_origin": ob.get(key, "?") if vb is not missing else "absent"})
    return rows


def joint_playout(a, b, players: int, seed: int, rng: random.Random) -> dict | None:
    """Play both engines from `seed` with random common actions; the first difference or None."""
    ga, gb = a.new_game(players, seed), b.new_game(players, seed)
    actions: list[str] = []
    for _ in range(MAX_STEPS):
        acts_a = {str(x): x for x in ga.legal_actions()}
        acts_b = {str(x): x for x in gb.legal_actions()}
        la, lb = list(acts_a), list(acts_b)
        sa, sb = set(la), set(lb)
        found = None
        if ga.to_move != gb.to_move:
            found = "player to move"
        elif sa != sb:
            found = "legal actions"
        elif not la:
            if (ga.loser, bool(ga.is_draw)) != (gb.loser, bool(gb.is_draw)):
                found = "outcome"
            else:
                return None
        if found:
            return {"seed": seed, "players": players, "actions": actions, "difference": found,
                    "to_move": [ga.to_move, gb.to_move],
                    "only_a": [x for x in la if x not in sb], "only_b": [x for x in lb if x not in sa],
                    "outcome": [_outcome(ga), _outcome(gb)],
                    "position": _position(ga), "position_b": _position(gb)}
        action = rng.choice(la)
        try:
            ga.apply(acts_a[action])  # each engine's own action object
        except a.IllegalAction as exc:
            return _error(seed, players, actions, action, "A", exc)
        try:
            gb.apply(acts_b[action])
        except b.IllegalAction as exc:
            return _error(seed, players, actions, action, "B", exc)
        actions.append(action)
    return None


def _position(game) -> dict:
    """What the witness shows of one engine's game: table, trump, stock size, the hand to move."""
    return {"table": game.table, "trump": game.trump, "stock": len(game.stock),
            "hand": game.hands[game.to_move] if game.to_move is not None else None}


def _outcome(game) -> str | None:
    if not game.is_over:
        return None
    return "draw" if game.is_draw else f"seat {game.loser} loses"


def _error(seed, players, actions, action, side, exc) -> dict:
    return {"seed": seed, "players": players, "actions": actions, "difference": "engine error",
            "to_move": [None, None], "only_a": [], "only_b": [],
            "error": f"engine {side} refused its own legal action {action}: {exc}"}


def _signature(w: dict) -> tuple:
    return (w["difference"], tuple(sorted({split(x)[0] for x in w["only_a"]})),
            tuple(sorted({split(x)[0] for x in w["only_b"]})))


def find_witnesses(a, b, players: int, games: int, seed: int, limit: int) -> tuple[list[dict], int]:
    """Up to `limit` witnesses from `games` joint playouts: per kind of difference the
    shortest, shortest first.  Also returns how many playouts found a difference."""
    best: dict[tuple, dict] = {}
    hits = 0
    for i in range(games):
        w = joint_playout(a, b, players, game_seed(seed, i), random.Random(bot_seed(seed, i)))
        if w is None:
            continue
        hits += 1
        sig = _signature(w)
        if sig not in best or len(w["actions"]) < len(best[sig]["actions"]):
            best[sig] = w
    ordered = sorted(best.values(), key=lambda w: (len(w["actions"]), w["seed"]))
    return ordered[:limit], hits
