"""The static playground's comparisons on the wasm engines (issue 32 item 5, docs/playground.md).

In the static site `durakc compare`'s games run in the Pyodide worker (`durakc.web.standalone`,
`durakc.web.tasks.compare`); with this module a chunk of a comparison whose variants are
bundled ones with a wasm module in the site (their specs as bundled, `wasm/index.json`) and
whose bots are in C is played inside those wasm modules instead: the C engines' whole games
(`dk_play_games`, the `play_games` of `durakc.sim.native_games`), called through `play`, a
function the page's worker provides (static_site/wasmgames.js).  The records go through
`native_games.play_records` and the runner's statistics exactly as the native backend's, so a
comparison gives the served playground's numbers; any other chunk runs as before
(`runner.run_chunk`, the Python engines).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from durakc.sim.native_games import BOTS, Games, play_records
from durakc.sim.paired import PairStats
from durakc.sim.results import wanted
from durakc.sim.runner import run_chunk
from durakc.sim.seeds import MAX_ACTIONS, REPEAT_LIMIT
from durakc.sim.stats import Stats
from durakc.web.source import text_digest

WASM_BOTS = {"random": BOTS["random"], "greedy": BOTS["greedy"]}
"""The bots the comparisons play inside wasm (others: the Python engines)."""

Play = Callable[[str, str], str]
"""`play(module, request JSON) -> records JSON` (static_site/wasmgames.js's playGames)."""


class WasmGamesError(RuntimeError):
    """A wasm module refused a chunk of games (its ABI error code)."""


class _Extension:
    """What `play_records` reads of a native engine's extension, over a wasm module."""

    MAX_GAME_ACTIONS = MAX_ACTIONS
    REPEAT_LIMIT = REPEAT_LIMIT

    def __init__(self, play: Play, module: str, players_max: int):
        self.play, self.module, self.players_max = play, module, players_max

    def play_games(self, players, deal_seeds, bot_seeds, kinds, samples, options):
        """The native extension's play_games: a record tuple per game."""
        request = {"players": players, "deal_seeds": list(deal_seeds),
                   "bot_seeds": list(bot_seeds), "seat_bots": list(kinds),
                   "options": None if options is None else [int(v) for v in options]}
        answer = json.loads(self.play(self.module, json.dumps(request)))
        if "error" in answer:
            raise WasmGamesError(f"{self.module}.wasm: play_games: {answer['error']}")
        top = self.players_max
        return [(*r[:10], r[11:11 + r[10]], r[11 + top:11 + 2 * top]) for r in answer["records"]]


class WasmEngine:
    """A Python engine module with the wasm module's whole games as its EXTENSION."""

    def __init__(self, engine, play: Play, module: str):
        self.PYTHON_ENGINE = engine
        self.EXTENSION = _Extension(play, module, engine.PLAYERS_MAX)

    def __getattr__(self, name):
        return getattr(self.PYTHON_ENGINE, name)


class WasmChunks:
    """`runner.run_chunk` for `tasks.compare`: a chunk on the wasm modules when it can be."""

    def __init__(self, play: Play, modules: dict[str, str]):
        """`modules`: variant name -> wasm module, with the spec texts in `texts`."""
        self.play = play
        self.modules = modules
        self.texts: dict[str, str] = {}
        self.used = False
        """Whether a chunk has run on wasm (the answer says which engines played)."""

    def module_of(self, ref: str) -> str | None:
        """The wasm module of an engine reference: a bundled name, or the file `tasks.compare`
        wrote the editor's text to (`source.spec_file`, named by the text's digest) when that
        text is a bundled spec's very text; None otherwise."""
        if ref in self.modules:
            return self.modules[ref]
        folder = Path(ref).parent.name     # the editor's text: spec_file's folder names it
        for name, known in self.texts.items():
            if name in self.modules and text_digest(known) == folder:
                return self.modules[name]
        return None

    def __call__(self, task: tuple) -> dict:
        refs, players, bots, seed, start, stop, rotate = task[:7]
        modules = [self.module_of(ref) for ref in refs]
        if len(task) > 7 or None in modules or any(b not in WASM_BOTS for b in bots):
            return run_chunk(task)
        from durakc.loading.engines import load_engine

        engines = [WasmEngine(load_engine(ref), self.play, m) for ref, m in zip(refs, modules)]
        games = Games(seed, start, stop, bots, rotate)
        results = wanted(engines)
        try:
            per_variant = [play_records(e, players, games, results) for e in engines]
        except WasmGamesError:     # e.g. a module of an older build: the Python engines
            return run_chunk(task)
        stats = [Stats(players) for _ in refs]
        for st, records in zip(stats, per_variant):
            for record in records:
                st.add(record)
        pairs = [PairStats(players) for _ in refs[1:]]
        for pair, records in zip(pairs, per_variant[1:]):
            for a, b in zip(per_variant[0], records):
                pair.add(a, b)
        self.used = True
        return {"variants": {ref: st.to_dict() for ref, st in zip(refs, stats)},
                "pairs": {ref: pair.to_dict() for ref, pair in zip(refs[1:], pairs)}}


def chunks_from_index(play: Play, index_json: str) -> WasmChunks:
    """The chunk runner for the site's `wasm/index.json` (its text)."""
    index = json.loads(index_json)
    variants = index.get("variants") or {}
    runner = WasmChunks(play, {name: v["module"] for name, v in variants.items()})
    runner.texts = {name: v["text"] for name, v in variants.items() if v.get("text")}
    return runner
