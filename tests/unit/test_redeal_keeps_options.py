"""A redeal on request (deal.offer_redeal, HR19) in a spec with table settings (`options:`,
issue 32 item 4) deals again with the settings the game started with: the chosen deck and
the chosen first-round limit stay, on the Python engine and on the C engine alike."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from durakc.loading.engines import load_engine

SPEC = Path(__file__).resolve().parents[1] / "specs" / "options-offer-redeal.yaml"
CHOSEN = {"deck": 24, "first_limit": 5}
NINES_UP = {"9", "10", "J", "Q", "K", "A"}


def _redealt(engine, players, seed):
    """Game `seed` with CHOSEN after the seat asked says redeal."""
    g = engine.new_game(players, seed, options=CHOSEN)
    assert [a.text for a in g.legal_actions()] == ["redeal", "keep"]
    g.apply("redeal")
    return g


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (4, 22)])
def test_a_redeal_keeps_the_chosen_deck_and_limit(players, seed):
    py = load_engine(str(SPEC))
    g = _redealt(py, players, seed)
    assert g.options == CHOSEN
    cards = [c for hand in g.hands for c in hand] + list(g.stock)
    assert len(cards) == 24 and {c[:-1] for c in cards} == NINES_UP  # the 24-card deck
    assert g.to_dict()["options"] == CHOSEN
    while any(a.text == "keep" for a in g.legal_actions()):
        g.apply("keep")  # the questions end: the attacker opens
    assert g.observation(g.to_move)["options"] == CHOSEN


def test_the_c_engine_redeals_as_the_python_engine():
    from durakc.native.build import unavailable_reason
    if unavailable_reason():
        pytest.skip(str(unavailable_reason()))
    from durakc.native import load_native_spec
    py, c = load_engine(str(SPEC)), load_native_spec(str(SPEC))
    for players, seed in ((2, 0), (4, 22)):
        a, b = _redealt(py, players, seed), _redealt(c, players, seed)
        assert b.to_dict() == a.to_dict()
        choose = random.Random(seed)
        while not a.is_over:
            action = choose.choice([x.text for x in a.legal_actions()])
            a.apply(action)
            b.apply(action)
        assert b.to_dict() == a.to_dict()
