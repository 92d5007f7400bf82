"""Differential testing: a compiled engine and the reference interpreter, side by side.

Both start from the same deal (same seed) and take the same random decisions
(chosen from the sorted list of legal actions); at every decision the public
state is compared: `to_move`, the set of legal actions, hands, table, stock,
discard, trump, attacker, defender, `out`, and at the end the outcome.  The
first difference is a `Divergence`: variant, players, seed and the actions so
far, which replay it exactly (`replay`).  Used by `tests/differential` and by
`durakc verify`.
"""

from __future__ import annotations

import json
import random
import time
import types
from dataclasses import dataclass, field
from pathlib import Path

from durakc import reference
from durakc.spec import Spec, load_spec
from durakc.targets.python.codegen import render_engine

MAX_DECISIONS = 5000
"""A game still running after this many decisions counts as a divergence (no end)."""

SERIES = 2
"""Games per series in `play_pair`: the second one starts with `next_game` (T8)."""

NEXT_GAME = "next_game"
"""In a divergence's action list: the game was over and the series went on (next_game(seed))."""

COMPARED = ("to_move", "legal", "hands", "table", "stock", "discard", "trump", "attacker",
            "defender", "out", "is_over", "loser", "is_draw", "annotations", "teams",
            "losing_team", "losses", "hidden_trump",
            "trump_of", "swaps_left", "trump_card", "set_aside",
            # matches and results (HR20-HR23)
            "dealer", "finishing_order", "winner", "points", "match_points", "match_over",
            "standings")
"""What is compared at every decision, in this order (the first difference is reported)."""


@dataclass
class Divergence:
    """The first decision at which the engine and the reference disagree."""

    variant: str
    players: int
    seed: int
    actions: list[str]
    what: str
    engine: object
    reference: object
    options: dict | None = None
    """The table settings both games started with (a spec's `options:`), None: no options."""

    def describe(self) -> str:
        """Several lines: where, what differs, the replay."""
        acts = "; ".join(self.actions) or "(none)"
        chosen = f", options {self.options}" if self.options else ""
        return (f"divergence in {self.variant}, {self.players} players, seed {self.seed}{chosen}, "
                f"after {len(self.actions)} action(s): {acts}\n"
                f"  {self.what}: engine {self.engine!r}\n"
                f"  {' ' * len(self.what)}  reference {self.reference!r}")

    def replay_code(self, spec_ref: str) -> str:
        """A one-line Python snippet that replays the divergence and prints both states."""
        chosen = f", options={json.dumps(self.options)}" if self.options else ""
        return (f"from durakc.reference.differential import replay; "
                f"replay({json.dumps(spec_ref)}, {self.players}, {self.seed}, "
                f"{json.dumps(self.actions)}{chosen})")


@dataclass
class Summary:
    """What one differential run did (`seeds`: the first and last series seed used)."""

    games: int = 0
    decisions: int = 0
    seeds: tuple[int, int] = (0, 0)
    seconds: float = 0.0
    divergences: list[Divergence] = field(default_factory=list)


def compile_engine(spec: Spec) -> types.ModuleType:
    """The generated engine of `spec`, compiled in memory (our own generated code)."""
    source = render_engine(spec)
    module = types.ModuleType(f"durakc_verify_{spec.name.replace('-', '_')}")
    exec(compile(source, f"<engine {spec.name}>", "exec"), module.__dict__)  # noqa: S102
    return module


def _state(game, name, legal=None):
    if name == "legal":
        return legal if legal is not None else sorted(str(a) for a in game.legal_actions())
    if name == "trump_of":  # SK1: per seat
        return [game.trump_of(s) for s in range(game.players)]
    if name == "annotations":
        return dict(game.annotations) if game.is_over else {}
    if name == "set_aside":  # HR12, HR13: only the engines that set cards aside have it
        return list(getattr(game, name, None) or [])
    value = getattr(game, name)
    return bool(value) if name in ("is_over", "is_draw") else value


def first_difference(engine_game, ref_game, legal=(None, None)):
    """(item, engine value, reference value) of the first compared item that differs, or None.

    `legal` may hold both sides' sorted legal action texts, when the caller has them.
    """
    for name in COMPARED:
        a, b = _state(engine_game, name, legal[0]), _state(ref_game, name, legal[1])
        if a != b:
            return name, a, b
    return None


CATCH_RATE = 0.1
"""With out-of-turn actions (HR34's catches), how often a decision takes one of them instead."""


def out_of_turn(game) -> dict:
    """Per seat of `actors()` that has out-of-turn actions, their texts, sorted ({} without
    them)."""
    if not hasattr(game, "actors"):
        return {}
    found = {s: sorted(str(a) for a in game.out_of_turn_actions(s)) for s in game.actors()}
    return {s: acts for s, acts in found.items() if acts}


def _guarded(call, *args):
    """(call(*args), None) or (None, 'ExceptionType: message')."""
    try:
        return call(*args), None
    except Exception as exc:  # noqa: BLE001 - any exception of either side is a finding
        return None, f"{type(exc).__name__}: {exc}"


def play_pair(engine, ref, players: int, seed: int, series: int = SERIES,
              options: dict | None = None) -> tuple[int, int, Divergence | None]:
    """A series of games on both sides; (decisions compared, games compared, the first
    divergence or None).

    The first game is `new_game(players, seed)`, each later one `next_game(seed)` of the
    game before (T8, series.*); the divergence's action list says so with `next_game`.
    A series may end before `series` games (a finished match, HR21; a deal both sides
    refuse: 0 games), so the games compared are counted, not assumed.  `options`: the table
    settings both games start with (a spec's `options:`; None: not given).
    """
    name = str(engine.VARIANT["name"])
    actions: list[str] = []

    def diverged(what, a, b):
        return Divergence(name, players, seed, list(actions), what, a, b, options)

    (eg, e_err), (rg, r_err) = (_guarded(_new_game, engine, players, seed, options),
                                _guarded(_new_game, ref, players, seed, options))
    if e_err or r_err:  # both refusing the deal is agreement
        if (e_err is None) != (r_err is None):
            return 0, 1, diverged("new_game", e_err, r_err)
        return 0, 0, None
    chooser = random.Random(seed)
    games_left = series
    played = 1
    for decision in range(MAX_DECISIONS * series):
        legal = (sorted(str(a) for a in eg.legal_actions()),
                 sorted(str(a) for a in rg.legal_actions()))
        diff = first_difference(eg, rg, legal)
        if diff:
            return decision, played, diverged(*diff)
        # HR34: the seats that may act out of turn, with their actions
        extra = (out_of_turn(eg), out_of_turn(rg))
        if extra[0] != extra[1]:
            return decision, played, diverged("out_of_turn", *extra)
        catches = sorted(a for acts in extra[0].values() for a in acts)
        if legal[0]:
            action = chooser.choice(legal[0])
            if catches and chooser.random() < CATCH_RATE:
                action = chooser.choice(catches)
            (_, e_err), (_, r_err) = _guarded(eg.apply, action), _guarded(rg.apply, action)
        else:
            games_left -= 1
            if not games_left or eg.match_over:  # HR21: a finished match has no next game
                return decision + 1, played, None
            action = NEXT_GAME
            played += 1
            (eg, e_err), (rg, r_err) = _guarded(eg.next_game, seed), _guarded(rg.next_game, seed)
        actions.append(action)
        if e_err or r_err:
            return decision + 1, played, diverged(
                action if action == NEXT_GAME else f"apply({action!r})", e_err, r_err)
    return decision + 1, played, diverged("game end", f"no end after {decision + 1} decisions",
                                          None)


def _new_game(engine, players, seed, options):
    """engine.new_game(players, seed), with `options` when given."""
    if options is None:
        return engine.new_game(players, seed)
    return engine.new_game(players, seed, options=options)


def run(engine, ref, player_counts, games: int, seed: int = 0, *, series: int = SERIES,
        stop_at_first: bool = True, option_sets: list[dict] | None = None) -> Summary:
    """`games` paired games for each player count, in series of `series` games (new_game,
    then next_game): series i is dealt with seed `seed + i` (and, given `option_sets`, the
    table settings `option_sets[i % len(option_sets)]`).  `Summary.games` counts the games
    compared, fewer when a series ends early (a finished match)."""
    summary = Summary()
    start = time.perf_counter()
    lengths = [min(series, games - first) for first in range(0, games, series)]
    for players in player_counts:
        for i, length in enumerate(lengths):
            chosen = option_sets[i % len(option_sets)] if option_sets else None
            decisions, played, div = play_pair(engine, ref, players, seed + i, length, chosen)
            summary.games += played
            summary.decisions += decisions
            summary.seeds = (seed, seed + i)
            if div is not None:
                summary.divergences.append(div)
                if stop_at_first:
                    break
        if summary.divergences and stop_at_first:
            break
    summary.seconds = time.perf_counter() - start
    return summary


def both(spec_ref: str | Path | Spec):
    """(compiled engine, reference engine) of a spec name, a spec path or a checked Spec."""
    spec = spec_ref if isinstance(spec_ref, Spec) else load_spec(spec_ref)
    return compile_engine(spec), reference.module_for(spec)


def replay(spec_ref, players: int, seed: int, actions: list[str], options: dict | None = None):
    """Replay a divergence: print both states after `actions`; returns (engine game, ref game)."""
    engine, ref = both(spec_ref)
    eg, rg = _new_game(engine, players, seed, options), _new_game(ref, players, seed, options)
    for action in actions:
        if action == NEXT_GAME:
            eg, rg = eg.next_game(seed), rg.next_game(seed)
            continue
        for side, game in (("engine", eg), ("reference", rg)):
            _, err = _guarded(game.apply, action)
            if err:
                print(f"{side}: {action}: {err}")
    for name in COMPARED:
        a, b = _state(eg, name), _state(rg, name)
        mark = "  " if a == b else "!="
        print(f"{mark} {name}: engine {a!r}" + ("" if a == b else f"; reference {b!r}"))
    return eg, rg
