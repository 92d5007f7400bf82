"""A deck is a set of suits: the order a spec lists them in changes nothing (contract: hands
sort by rank, then S H D C; the same deck and seed give the same deal)."""

from __future__ import annotations

from durakc.engines import transfer
from durakc.reference.differential import compile_engine
from durakc.spec import load_spec


def test_suits_listed_in_another_order_give_the_same_engine_behaviour(tmp_path):
    path = tmp_path / "shuffled.yaml"
    path.write_text("name: shuffled\ntitle: suits listed out of order\nextends: transfer\n"
                    "rules:\n  deck:\n    suits: [H, S, C, D]\n", encoding="utf-8")
    spec = load_spec(path)
    assert spec.values["deck.suits"] == ["S", "H", "D", "C"]
    engine = compile_engine(spec)
    for seed in range(20):
        mine, theirs = engine.new_game(3, seed), transfer.new_game(3, seed)
        assert mine.hands == theirs.hands and mine.stock == theirs.stock
        assert [str(a) for a in mine.legal_actions()] == [str(a) for a in theirs.legal_actions()]
