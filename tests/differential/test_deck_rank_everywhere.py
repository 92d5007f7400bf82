"""`deck_rank(n)` in the expression of every key that may call it: the generated engine and the
reference interpreter agree (the spec fuzz found the reference without the deck's ranks in
outcome.annotations: "no value given for the deck's ranks ('$deck_ranks')" when a game ended)."""

from __future__ import annotations

import pytest

from durakc import reference
from durakc.reference.differential import compile_engine, run
from durakc.schema.keys import KEYS
from durakc.spec import load_spec

USES = {
    "beating.beats": "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump)"
                     " or (d.rank == deck_rank(1) and a.rank == deck_rank(0))",
    "attack.limit": "5 if deck_rank(0) == 6 and stock > 20 else 6",
    "throw_in.who": "not is_defender and (deck_rank(0) == 6 or players > 2)",
    "throw_in.card": "c.rank in table.ranks or (took and c.rank == deck_rank(0))",
    "transfer.when": "beaten == 0 and deck_rank(0) == 6",
    "transfer.capacity": "attack_cards <= min(limit, next_hand) and deck_rank(8) == A",
    "deal.initial_hand": "hand_size if deck_rank(0) == 6 else hand_size - 1",
    "deal.offer_redeal": "hand.count(deck_rank(0)) >= 3",
    "outcome.annotations": "loser_hand > 0 and deck_rank(0) == 6",
    "outcome.points": "1 if is_loser and deck_rank(0) == 6 else 0",
    "series.repeat_loser_if": "loser_hand > 4 and deck_rank(0) == 6",
    "outcome.ends_when": "out >= 1 and deck_rank(0) == 6",  # HR35
    "outcome.durak": "cards if deck_rank(0) == 6 else 0",
}
"""A use of deck_rank for each expression key whose environment allows it (the deck of the
transfer profile: 6 to A, so deck_rank(0) is 6)."""


def test_every_expression_key_is_covered():
    keys = {k.path for k in KEYS if k.env and k.type in ("expr", "annotations")}
    assert keys - set(USES) <= {"deal.redeal_if", "attack.opening"}  # same code paths as
    # deal.offer_redeal (dealt) and an opening condition's (which reads deck_rank already)


@pytest.mark.parametrize("key", sorted(USES))
def test_deck_rank_means_the_same_to_engine_and_reference(key, tmp_path):
    head, tail = key.split(".")
    value = f"{{low: \"{USES[key]}\"}}" if key == "outcome.annotations" else f"\"{USES[key]}\""
    path = tmp_path / "dr.yaml"
    path.write_text(f"name: dr\ntitle: deck ranks\nextends: transfer\nrules:\n  {head}:\n"
                    f"    {tail}: {value}\n", encoding="utf-8")
    spec = load_spec(path)
    summary = run(compile_engine(spec), reference.module_for(spec), [2, 3], 4, seed=0)
    assert not summary.divergences, summary.divergences[0].describe()
