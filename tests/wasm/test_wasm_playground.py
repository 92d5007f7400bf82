"""The static playground's games on wasm (issue 32 item 5, docs/playground.md): the wasm
worker's play step (compiler/web/static_site/wasmplay.js, run here under Node) answers the
served playground's /api/play requests with the served playground's JSON.

The same seeded game with the same human moves is played by `durakc.web.play.play_step` (what
`durakc serve` runs, on the Python engine) and by the play step on the variant's wasm engine
(the C engine's random and greedy bots through dk_bot_choice); every answer, the views, logs
and the bots' moves, must be equal.  Requests the wasm side can not answer as Python would
(a refusal, another bot, `wait`) must come back as fallbacks, which the page sends to Pyodide."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from wasm_support import NODE, PROBLEM, wasm_module

from durakc.loading.engines import load_engine
from durakc.web.play import play_step
from durakc.web.static_wasm import NOT_ON_WASM, wasm_variants

pytestmark = pytest.mark.skipif(PROBLEM is not None, reason=str(PROBLEM))

PLAYGROUND = Path(__file__).with_name("playground.mjs")
GAMES = [
    ("transfer", 2, 11, "greedy", {}),
    ("transfer", 4, 12, "random", {}),
    ("podkidnoy", 3, 13, "greedy", {}),
    ("resign", 2, 14, "greedy", {}),
    ("table", 3, 15, "greedy", {"deck": 52, "transfer": True}),
    ("table", 2, 16, "random", {"deck": 24, "neighbours": True}),
]
"""variant, players, seed, the other seats' bot, table settings."""


@pytest.fixture(scope="module")
def wasm_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("wasm-playground")


def _wasm_answers(wasm: Path, bodies: list[dict]) -> list[dict]:
    done = subprocess.run([NODE, str(PLAYGROUND), str(wasm)], input=json.dumps(bodies),
                          capture_output=True, text=True, check=True, timeout=120)
    return json.loads(done.stdout)


def _served_game(variant, players, seed, bot, options, seat=0):
    """The bodies a page sends in one game (the human plays the (7k)-th legal action at its
    k-th turn) and the served playground's answers to them."""
    engine = load_engine(variant)
    body = {"players": players, "seat": seat, "seed": seed, "history": [], "action": None,
            "bots": [None if k == seat else bot for k in range(players)], "options": options}
    bodies, answers = [], []
    for step in range(300):
        bodies.append(dict(body))
        view = play_step(engine, body, 3.0, 5000)
        answers.append(json.loads(json.dumps(view)))
        if view["result"] or view["stopped"] or not view["legal_actions"]:
            break
        legal = view["legal_actions"]
        body.update(history=view["history"], action=legal[(7 * step) % len(legal)])
    return bodies, answers


@pytest.mark.parametrize("variant, players, seed, bot, options", GAMES,
                         ids=[f"{g[0]}-{g[1]}p-{g[3]}" for g in GAMES])
def test_a_seeded_game_on_wasm_is_the_served_game(variant, players, seed, bot, options,
                                                  wasm_dir):
    bodies, served = _served_game(variant, players, seed, bot, options)
    wasm = _wasm_answers(wasm_module(variant, wasm_dir), bodies)
    assert served[-1]["result"] or served[-1]["stopped"], "the game was played to its end"
    assert len(wasm) == len(served)
    for k, (mine, theirs) in enumerate(zip(wasm, served)):
        assert mine == theirs, f"answer {k} differs"


def test_a_later_seat_and_a_replayed_history_give_the_same_views(wasm_dir):
    """Seat 1 of 3 (the bots move before the human's first turn), and one request that
    replays a whole history at once."""
    bodies, served = _served_game("podkidnoy", 3, 21, "greedy", {}, seat=1)
    wasm = _wasm_answers(wasm_module("podkidnoy", wasm_dir), [bodies[0], bodies[-1]])
    assert wasm == [served[0], served[-1]]


def test_what_wasm_does_not_answer_goes_to_python(wasm_dir):
    """A refusal (its words are the Python engine's), a bot not in C, `wait`, an action text
    not written as the legal list writes it, and an unknown option fall back."""
    base = {"players": 2, "seat": 0, "seed": 3, "bots": [None, "greedy"], "history": []}
    first = _served_game("transfer", 2, 3, "greedy", {})[1][0]
    wrong = "pass" if "take" in first["legal_actions"] else "take"
    cases = [{**base, "action": wrong}, {**base, "bots": [None, "mcts:4"]},
             {**base, "action": "wait"}, {**base, "action": first["legal_actions"][0].lower()},
             {**base, "options": {"deck": 52}}, {**base, "players": 9}]
    answers = _wasm_answers(wasm_module("transfer", wasm_dir), cases)
    assert all("fallback" in a for a in answers), answers
    assert first["legal_actions"][0].lower() != first["legal_actions"][0]


def test_the_static_site_plays_on_wasm_only_what_wasm_plays_as_python():
    """Variants with catches (HR34) or observation keys the wasm ABI leaves out are left to
    Pyodide; the common ones play on wasm."""
    chosen = wasm_variants(["transfer", "podkidnoy", "cheating", "table"])
    assert set(chosen) == {"transfer", "podkidnoy", "table"}
    assert chosen["transfer"] == "transfer"
    assert "cheating" in NOT_ON_WASM and "teams" in NOT_ON_WASM
