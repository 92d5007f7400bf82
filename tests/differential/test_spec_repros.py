"""Specs the checker accepts on which the backends disagreed (issue 29 item 4), each a test
spec of tests/specs/ copied from its minimal repro: the Python engine against the reference
interpreter, and the native (C) engine against the Python engine, decision by decision
(`durakc.reference.differential`), over the seeds and player counts that found them.

The rule decisions are in docs/rules.md (T13: a transfer needs one attacked rank; TX1 with
HR17; HR19 with HR24) and the conformance scenarios of house_spec_combinations.yaml.
"""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from durakc import reference
from durakc.reference.differential import compile_engine, play_pair, run
from durakc.spec import load_spec
from tests.engine_backend import reference_only

SPECS = Path(__file__).resolve().parents[1] / "specs"

REPROS = {
    # name: (player counts, games per count)
    "opening-mixed-transfer": ((2, 3, 4), 6),  # T13: engine offered `transfer 9H` over 8D 9D
    "opening-pairs-kyiv": ((2,), 4),  # T13, K1: `transfer 6C 7S` over 6S 7H 7C 9D
    "copies2-six-exchange": ((2, 3), 6),  # TX1, HR17: `exchange 6H` with clubs trump
    "native-swap-offer-redeal": ((2, 4), 6),  # HR19: C offered swaps while a seat was asked
    "native-exchange-offer-redeal": ((2, 4), 8),  # HR19: C offered `exchange 6D` then
    "native-joker-offer-redeal": ((2,), 6),  # HR19: C offered `attack BJ` then
    "resign-during-redeal-offer": ((2, 3), 6),  # HR24: the reference lacked `resign` then
    "reference-slow-copies2-opening": ((4,), 2),  # 57 s a game on the reference before
}


def _path(name: str) -> str:
    return str(SPECS / f"{name}.yaml")


def _report(summary) -> str:
    return summary.divergences[0].describe() if summary.divergences else ""


@reference_only()
@pytest.mark.parametrize("name", sorted(REPROS))
def test_python_engine_agrees_with_the_reference(name):
    spec = load_spec(_path(name))
    players, games = REPROS[name]
    summary = run(compile_engine(spec), reference.module_for(spec), players, games, seed=0)
    assert not summary.divergences, _report(summary)
    assert summary.decisions > 10 * games


@pytest.mark.parametrize("name", sorted(REPROS))
def test_native_engine_agrees_with_the_python_engine(name):
    from durakc.native.engine import NativeUnavailable, load_native_spec
    from durakc.targets.c.render import CTargetError

    try:
        native = load_native_spec(_path(name))
    except (CTargetError, NativeUnavailable) as exc:  # deck.copies: 2 has no C form (HR17)
        pytest.skip(str(exc).splitlines()[0])
    players, games = REPROS[name]
    python = compile_engine(load_spec(_path(name)))
    summary = run(native, python, players, games, seed=0)
    assert not summary.divergences, _report(summary)


@reference_only()
def test_reference_lists_a_size_bounded_opening_from_few_subsets(monkeypatch):
    """The reference tries only the sizes attack.opening names (`len(cards) <= 2`), and each
    set of card texts once (HR17: two copies of a card are one choice): at most n + n(n+1)/2
    tries for n distinct texts in hand, not every subset of up to six physical cards."""
    from durakc.expr.language import Expr

    ref = reference.load(_path("reference-slow-copies2-opening"))
    game = ref.new_game(4, 1)
    rule = game.variant.value("attack.opening")
    calls = []
    evaluate = Expr.evaluate
    monkeypatch.setattr(Expr, "evaluate", lambda self, values: (
        calls.append(1) if self is rule else None, evaluate(self, values))[1])
    tried = 0
    for choice in range(400):
        if game.is_over:
            break
        calls.clear()
        acts = sorted(str(a) for a in game.legal_actions())
        if game.phase == "attack" and acts[0].startswith("attack"):
            n = len(set(game.hands[game.to_move]))
            assert len(calls) <= n + n * (n + 1) // 2, (n, len(calls))
            tried += 1
        game.apply(acts[choice * 7 % len(acts)])
    assert tried > 5


@reference_only()
def test_reference_plays_two_decks_with_an_opening_condition_fast():
    """`durakc verify reference-slow-copies2-opening.yaml --players 4 --games 2 --seed 1` took
    about two minutes (57 s a game); now it is about a second: the bound is generous."""
    spec = load_spec(_path("reference-slow-copies2-opening"))
    engine, ref = compile_engine(spec), reference.module_for(spec)
    start = time.perf_counter()
    decisions, _, divergence = play_pair(engine, ref, 4, 1, 2)
    assert divergence is None, divergence.describe()
    assert decisions > 300
    assert time.perf_counter() - start < 30


def test_a_saved_game_after_a_mixed_rank_opening_loads():
    """T13's decision: an opening of two ranks is a legal table before the first beat, so a
    saved game holding one loads again (it was refused as 'one rank before the first beat')."""
    from durakc.loading.engines import load_engine

    engine = load_engine(_path("opening-mixed-transfer"))
    game = engine.from_position({"players": 2, "trump": "S", "stock": [], "attacker": 0,
                                 "hands": [["8D", "9D", "QC", "KC", "AC"],
                                           ["8S", "9H", "10D", "JC", "QH"]]})
    game.apply("attack 8D 9D")
    loaded = engine.Game.from_dict(game.to_dict())
    assert sorted(map(str, loaded.legal_actions())) == sorted(map(str, game.legal_actions()))
    assert "transfer 9H" not in map(str, loaded.legal_actions())
