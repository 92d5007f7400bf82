"""The work behind the playground's API, run inside worker processes (`durakc.web.worker`).

Each task takes a validated request (`durakc.web.validate`) and a `Context` and returns a
JSON-safe dict.  Each one reuses what the command line does: the diagnostics of `durakc
compile`, the text of `durakc explain`, the engines of the engine cache, the bots of
`durakc.sim.bots`, the paired runner and report of `durakc compare` and the witnesses of
`durakc diff`.  A spec with errors raises `SpecProblem` (its diagnostics go to the page).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

from durakc.diagnostics import SpecError, count_text
from durakc.explain import explain
from durakc.schema.keys import KEY_BY_PATH, KEYS, key_rules, value_text
from durakc.spec import Spec, load_spec
from durakc.web.limits import Limits
from durakc.web.play import BadRequest, play_step
from durakc.web.source import check_text, diagnostics_json, engine_of, load_text

_SLICE_SECONDS = 0.25
_MAX_SLICE = 250


@dataclass
class Context:
    """What a task may use: the folder for spec files, the limits, a progress callback."""

    folder: Path
    limits: Limits = field(default_factory=Limits)
    progress: object = None
    """`progress(done, total, stage)`, or None."""
    chunks: object = None
    """`compare`'s games: a `runner.run_chunk` alike (the static site's wasm modules,
    `durakc.web.wasm_games`), or None for `run_chunk` itself."""

    def report(self, done: int, total: int, stage: str) -> None:
        if self.progress is not None:
            self.progress(done, total, stage)


def _parent(spec: Spec) -> str | None:
    """The name of the spec's parent (`extends`), or None."""
    return spec.chain[1][0] if len(spec.chain) > 1 else None


def check(request: dict, ctx: Context) -> dict:
    """Every diagnostic `durakc compile` gives the spec, errors and warnings."""
    started = time.perf_counter()
    spec, diagnostics = check_text(request["spec"], ctx.folder)
    shown = diagnostics_json(diagnostics, ctx.limits.max_diagnostics)
    summary = count_text(diagnostics) or "no problems"
    if shown["more"]:
        summary += f" (the first {len(shown['diagnostics'])} shown)"
    out = {"ok": spec is not None, **shown, "summary": summary}
    if spec is not None:
        out.update({"name": spec.name, "title": spec.title, "parent": _parent(spec),
                    "players": list(spec.players),
                    # the table settings the page shows as toggles (docs/options.md)
                    "options": {o.name: o.as_dict() for o in spec.options}})
    out["worker_ms"] = round((time.perf_counter() - started) * 1000, 2)
    return out


def explain_text(request: dict, ctx: Context) -> dict:
    """`durakc explain`'s text, and every rule whose value differs from the parent's."""
    spec = load_text(request["spec"], ctx.folder, ctx.limits.max_diagnostics)
    parent_name = _parent(spec)
    differences = []
    if parent_name is not None:
        try:
            parent = load_spec(parent_name)
        except SpecError:          # never for a bundled parent; the text still explains
            parent = None
        if parent is not None:
            differences = parent_differences(spec, parent)
    return {"name": spec.name, "title": spec.title, "parent": parent_name,
            "text": explain(spec), "differences": differences}


def parent_differences(spec: Spec, parent: Spec) -> list[dict]:
    """The rule keys whose effective values differ (expressions compared with `inherited`
    expanded, as the engines see them), in schema order."""
    mine, theirs = spec.variant_dict()["rules"], parent.variant_dict()["rules"]
    rows = []
    for key in KEYS:
        if mine.get(key.path) == theirs.get(key.path):
            continue
        value = spec.values[key.path]
        rows.append({"key": key.path, "doc": key.doc,
                     "value": value_text(value), "parent_value": value_text(
                         parent.values[key.path]),
                     "rules": list(key_rules(KEY_BY_PATH[key.path], value)),
                     "origin": spec.origin.get(key.path, "default")})
    return rows


def play(request: dict, ctx: Context) -> dict:
    """One step of a game in the page (`durakc.web.play`)."""
    engine, _ = engine_of(request["spec"], ctx.folder, ctx.limits.max_diagnostics)
    return play_step(engine, request, ctx.limits.bot_budget, ctx.limits.max_history)


def compare(request: dict, ctx: Context) -> dict:
    """`durakc compare OTHER SPEC` on the same deals, and a witness position of `durakc diff
    OTHER SPEC`; OTHER is the spec's parent unless the request names another variant.

    Returns the report document (`durakc compare --format json`), its table (what `durakc
    compare` prints), the rules that differ and the shortest witness found.
    """
    from durakc.loading.engines import bundled_names, check_players, load_engine, variant_name
    from durakc.sim import report
    from durakc.sim.runner import expand_bots, merge_chunks, run_chunk
    from durakc.sim.witnesses import find_witnesses, rules_diff

    spec = load_text(request["spec"], ctx.folder, ctx.limits.max_diagnostics)
    engine, ref = engine_of(request["spec"], ctx.folder, ctx.limits.max_diagnostics)
    other_ref = request.get("against") or _parent(spec) or "transfer"
    if other_ref not in bundled_names():
        raise BadRequest(f"unknown variant {other_ref!r} to compare with")
    other = load_engine(other_ref)
    players, games, seed = request["players"], request["games"], request["seed"]
    for module in (engine, other):
        problem = check_players(module, players)
        if problem:
            raise BadRequest(problem)
    try:
        bots = expand_bots(request["bots"], players)
    except ValueError as exc:
        raise BadRequest(str(exc)) from None
    witness_games = min(games, ctx.limits.max_witness_games)
    total = 2 * games + witness_games
    done = [0]

    def progress(n: int) -> None:
        done[0] += n
        ctx.report(done[0], total, "games")

    refs = [other_ref, ref]     # the other variant first: the differences are spec minus it

    def chunks():
        """`durakc compare`'s games in slices (the same games, merged in the same order):
        one game first, doubled while a slice takes under `_SLICE_SECONDS`, so the progress
        moves after every game when one takes seconds and costs nothing when it does not."""
        start, size = 0, 1
        while start < games:
            stop = min(games, start + size)
            began = time.perf_counter()
            raw = (ctx.chunks or run_chunk)((refs, players, bots, seed, start, stop, False))
            if time.perf_counter() - began < _SLICE_SECONDS:
                size = min(2 * size, _MAX_SLICE)
            progress(2 * (stop - start))
            start = stop
            yield raw

    ctx.report(0, total, "games")
    results, pairs = merge_chunks(chunks())
    names = [variant_name(other), spec.name]
    if names[0] == names[1]:
        names[1] = f"{spec.name} (editor)"
    doc = report.document({names[0]: results[other_ref], names[1]: results[ref]}, players,
                          seed, bots, False, {names[1]: pairs[ref]})
    ctx.report(2 * games, total, "witness")
    witnesses, hits = find_witnesses(other, engine, players, witness_games, seed, 1)
    ctx.report(total, total, "witness")
    rules = rules_diff(other, engine)
    for row in rules:              # where the editor's spec took each value, as `durakc diff`
        row["b_origin"] = spec.origin.get(row["key"], row["b_origin"])
    return {"names": names, "document": doc, "table": report.table(doc), "rules": rules,
            "witness": witnesses[0] if witnesses else None, "witness_games": witness_games,
            "playouts_differing": hits}


TASKS = {"check": check, "explain": explain_text, "play": play, "compare": compare}
"""Task functions by kind (the API's endpoints)."""
