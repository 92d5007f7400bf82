"""attack.opening as a condition that allows no opening of the attacker's hand: any one card
opens, so the round goes on (a decision; the rules (HR7, HR8) list only conditions that
always allow one).  The same on the Python engine, the reference and the C engine."""

from __future__ import annotations

import pytest

from durakc import reference
from durakc.loading.engines import load_engine

SPEC = ('name: pairs-open\ntitle: Pairs open\nextends: podkidnoy\nrules:\n'
        '  attack:\n    opening: "len(cards) == 2 and cards.pairs == 1"\n')


def _engines(tmp_path):
    path = tmp_path / "pairs-open.yaml"
    path.write_text(SPEC, encoding="utf-8")
    engines = {"python": load_engine(str(path)), "reference": reference.load(str(path))}
    try:
        from durakc.native.engine import NativeUnavailable, load_native_spec
    except ImportError:  # pragma: no cover - the native package is part of durakc
        return engines
    try:
        engines["native"] = load_native_spec(str(path))
    except NativeUnavailable:  # no C compiler: the two others still run
        pass
    return engines


def _position(engine, attacker_hand):
    rules = engine.VARIANT["rules"]
    deck = [r + s for r in rules["deck.ranks"] for s in rules["deck.suits"]]
    hands = [attacker_hand, ["9D", "10D", "JD"]]
    rest = [c for c in deck if c not in hands[0] + hands[1]]
    return engine.from_position({"players": 2, "trump": "S", "stock": [], "hands": hands,
                                 "attacker": 0, "discard": rest})


@pytest.mark.parametrize("backend", ["python", "reference", "native"])
def test_a_hand_without_an_allowed_opening_opens_with_any_one_card(tmp_path, backend):
    engine = _engines(tmp_path).get(backend)
    if engine is None:
        pytest.skip("no C compiler for the native engine")
    game = _position(engine, ["6S", "7H", "8C"])  # no pair: the condition holds for nothing
    assert [str(a) for a in game.legal_actions()] == ["attack 6S", "attack 7H", "attack 8C"]
    game.apply("attack 7H")
    assert [list(pair) for pair in game.table] == [["7H", None]]


@pytest.mark.parametrize("backend", ["python", "reference", "native"])
def test_a_hand_with_an_allowed_opening_keeps_to_the_condition(tmp_path, backend):
    engine = _engines(tmp_path).get(backend)
    if engine is None:
        pytest.skip("no C compiler for the native engine")
    game = _position(engine, ["6S", "6H", "8C"])
    assert [str(a) for a in game.legal_actions()] == ["attack 6S 6H"]
    with pytest.raises(engine.IllegalAction):
        game.apply("attack 8C")
