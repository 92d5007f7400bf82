"""Warnings for the conditions over cards that can never hold (durakc.analysis.cards):
throw_in.card (HR1-HR4, HR9) and attack.opening as a condition (HR7, HR8)."""

from __future__ import annotations

import textwrap

import pytest

from durakc.analysis.checks import analyse
from durakc.spec import load_spec


def _warnings(tmp_path, rules: str, extends: str = "podkidnoy"):
    text = "name: house\ntitle: House\nextends: " + extends + "\nrules:\n" + textwrap.indent(
        textwrap.dedent(rules).strip("\n"), "  ") + "\n"
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    return analyse(load_spec(path))


@pytest.mark.parametrize("card", [
    "c.rank > A",                         # no rank of the deck is above the ace
    "c.suit == S and c.suit == H",        # one card, one suit
    "c.is_trump and not c.is_trump",
    "c.rank < 6 and not took",            # false for every card, whatever `took` is
])
def test_a_card_condition_no_card_satisfies_warns_at_the_value(tmp_path, card):
    [w] = _warnings(tmp_path, f"""
        throw_in:
          card: "{card}"
    """)
    assert w.severity == "warning"
    assert (w.line, w.col) == (6, 12)
    assert w.message == ("no card can ever be added to a round: 'throw_in.card' is false for "
                         "every card of the deck")
    assert w.hint == "every round then ends once its opening attack is beaten or taken"


@pytest.mark.parametrize("card", [
    "c.rank in table.ranks or c.suit in table.suits",   # HR3: depends on the table
    "not took and c.rank in opening.ranks",             # HR2 + HR9
    "c.rank > K",                                       # the aces
    "c.is_trump",                                       # some card is a trump in most games
    "c.rank < A and limit > 100",                       # undecided: `limit` has no domain here
])
def test_a_card_condition_some_card_may_satisfy_is_fine(tmp_path, card):
    assert _warnings(tmp_path, f"""
        throw_in:
          card: "{card}"
    """) == []


@pytest.mark.parametrize("opening, sizes", [
    ("len(cards) == 2 and cards.pairs == 2", "2"),              # two cards hold one pair at most
    ("len(cards) == 1 and cards.pairs >= 1", "1"),
    ("len(cards) == 3 and len(cards) == 2", "3"),
    ("len(cards) <= 2 and len(cards.suits) == 3", "1 or 2"),
    ("len(cards) == 3 and cards.pairs == 0 and cards.count(A) == 3", "3"),
])
def test_an_opening_condition_no_set_satisfies_warns(tmp_path, opening, sizes):
    [w] = _warnings(tmp_path, f"""
        attack:
          opening: "{opening}"
    """)
    assert (w.line, w.col) == (6, 15)
    assert w.message == ("no round can ever open: 'attack.opening' is false for every set of "
                         f"{sizes} card(s)")
    assert w.hint == "every round then opens with one card of the attacker's choice"


@pytest.mark.parametrize("opening", [
    "len(cards) == min(3, room)",                                     # HR7
    "len(cards) == 1 or (len(cards) == 3 and cards.pairs >= 1)",      # HR8's first two
    "len(cards) <= 2 and cards.pairs == 1",
    "len(cards) == 2 and len(cards.trumps) == 2",                     # reads the trump suit
])
def test_an_opening_condition_some_set_may_satisfy_is_fine(tmp_path, opening):
    assert _warnings(tmp_path, f"""
        attack:
          opening: "{opening}"
    """) == []
