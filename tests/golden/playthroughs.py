"""Golden playthroughs: record a game of an engine, and replay a recording.

A transcript is a JSON-safe dict:

    {"format": 1, "variant": ..., "spec_sha256": ..., "players": n, "seed": s,
     "initial": <to_dict() of new_game(n, s)>,
     "steps": [{"action": "attack 7S", "state": <summary after it>}, ...],
     "outcome": {"is_over": ..., "loser": ..., "is_draw": ..., "out": [...]}}

Actions are chosen by `random.Random(seed)` over `legal_actions()`; the replay
does not need the chooser: it applies the recorded action texts and compares
the summaries, so any change of the deal, of a rule's effect or of the legal
action set shows up as a difference at the first step it affects.
"""

from __future__ import annotations

import json
import random

FORMAT = 1
MAX_STEPS = 3000


def summary(g) -> dict:
    """A compact state after a step: hands (one string per seat, cards space-separated),
    table (one string per pair: "attack" or "attack/defence"), stock and discard sizes,
    seats, and the number of legal actions."""
    return {
        "hands": [" ".join(h) for h in g.hands],
        "table": ["/".join(c for c in p if c is not None) for p in g.table],
        "stock": len(g.stock),
        "discard": len(g.discard),
        "attacker": g.attacker,
        "defender": g.defender,
        "to_move": g.to_move,
        "out": list(g.out),
        "legal": len(g.legal_actions()),
    }


def outcome(g) -> dict:
    found = {"is_over": bool(g.is_over), "loser": g.loser, "is_draw": bool(g.is_draw),
             "out": list(g.out)}
    # matches and results (HR20-HR22): only where the variant has them
    for name in ("winner", "points", "match_points", "standings"):
        value = getattr(g, name, None)
        if value is not None:
            found[name] = value
    if getattr(g, "standings", None) is not None:
        found["match_over"] = bool(g.match_over)
    return found


def _plain(v):
    return json.loads(json.dumps(v))


def record(engine_module, players: int, seed: int) -> dict:
    """Play one game of `engine_module` with `random.Random(seed)` choosing the actions."""
    rng = random.Random(seed)
    g = engine_module.new_game(players, seed)
    transcript = {
        "format": FORMAT,
        "variant": engine_module.VARIANT["name"],
        "spec_sha256": engine_module.VARIANT.get("spec_sha256"),
        "players": players,
        "seed": seed,
        "initial": _plain(g.to_dict()),
        "steps": [],
    }
    while not g.is_over:
        if len(transcript["steps"]) >= MAX_STEPS:
            raise RuntimeError(f"{engine_module.VARIANT['name']} {players}p seed {seed}: "
                               f"no end after {MAX_STEPS} actions")
        legal = g.legal_actions()
        action = str(legal[rng.randrange(len(legal))])
        g.apply(action)
        transcript["steps"].append({"action": action, "state": _plain(summary(g))})
    transcript["outcome"] = _plain(outcome(g))
    return transcript


def _diff(prefix: str, expected, got, out: list[str]) -> None:
    """Name the differing fields of two JSON values (one line each, compact)."""
    if isinstance(expected, dict) and isinstance(got, dict):
        for k in sorted(set(expected) | set(got), key=str):
            if k not in got:
                out.append(f"{prefix}.{k}: expected {json.dumps(expected[k])}, got nothing")
            elif k not in expected:
                out.append(f"{prefix}.{k}: unexpected {json.dumps(got[k])}")
            else:
                _diff(f"{prefix}.{k}", expected[k], got[k], out)
    elif (isinstance(expected, list) and isinstance(got, list) and len(expected) == len(got)
          and any(isinstance(x, (list, dict)) for x in expected)):
        for i, (e, g) in enumerate(zip(expected, got)):
            _diff(f"{prefix}[{i}]", e, g, out)
    elif expected != got:
        out.append(f"{prefix}: expected {json.dumps(expected)}, got {json.dumps(got)}")


def replay(engine_module, transcript: dict) -> list[str]:
    """Replay a transcript; returns the differences (empty when the engine agrees)."""
    diffs: list[str] = []
    players, seed = transcript["players"], transcript["seed"]
    name = engine_module.VARIANT["name"]
    if transcript.get("variant") != name:
        diffs.append(f"transcript of {transcript.get('variant')!r} replayed on {name!r}")
    g = engine_module.new_game(players, seed)
    initial: list[str] = []
    _diff("initial", transcript["initial"], _plain(g.to_dict()), initial)
    if initial:
        return diffs + [f"new_game({players}, seed={seed}) differs: " + d for d in initial]
    for i, step in enumerate(transcript["steps"], start=1):
        action = step["action"]
        if g.is_over:
            diffs.append(f"step {i} ({action!r}): the game is already over "
                         f"(loser={g.loser}, draw={g.is_draw})")
            return diffs
        legal = [str(a) for a in g.legal_actions()]
        if action not in legal:
            diffs.append(f"step {i} ({action!r}): not a legal action now; legal: {legal}")
            return diffs
        try:
            g.apply(action)
        except Exception as exc:
            diffs.append(f"step {i} ({action!r}): apply raised {type(exc).__name__}: {exc}")
            return diffs
        here: list[str] = []
        _diff("state", step["state"], _plain(summary(g)), here)
        if here:
            diffs.extend(f"step {i} ({action!r}): {d}" for d in here)
            return diffs  # later steps would only repeat the first divergence
    got = _plain(outcome(g))
    here = []
    _diff("outcome", transcript["outcome"], got, here)
    diffs.extend(f"end after {len(transcript['steps'])} steps: {d}" for d in here)
    return diffs


def dumps(transcripts: list[dict]) -> str:
    """Deterministic JSON text of a playthrough file."""
    return json.dumps(transcripts, sort_keys=True, indent=1, ensure_ascii=False) + "\n"
