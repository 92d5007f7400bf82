"""Choices as data (issue 31 item 2): who opens when nobody holds a trump (HR30,
first_attacker.no_trump_held: lowest_card) and the hand size as an expression over `players`
(HR31, deal.hand_size). Bad combinations are spec errors at file:line:col; the engines read
compile-time tables; specs that use neither keep their engines."""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError
from durakc.ir.build import build_ir
from durakc.ir.choices import lowest_first
from durakc.reference.deal import lowest_card_holder
from durakc.reference.variant import Variant
from durakc.spec import load_spec

HEAD = "name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n"


def diagnostics(tmp_path, rules: str, head: str = HEAD) -> list[str]:
    path = tmp_path / "mine.yaml"
    path.write_text(head + rules, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


def spec(tmp_path, rules: str, head: str = HEAD):
    path = tmp_path / "ok.yaml"
    path.write_text(head.replace("mine", "ok") + rules, encoding="utf-8")
    return load_spec(path)


def test_the_lowest_card_order_is_rank_first_then_clubs_diamonds_hearts_spades():
    # card ids: rank by rank, each in the deck's suit order (here S H D C)
    order = lowest_first(["6", "7"], ["S", "H", "D", "C"], 0)
    assert order == [3, 2, 1, 0, 7, 6, 5, 4]  # 6C 6D 6H 6S 7C 7D 7H 7S
    assert lowest_first(["6"], ["C", "S"], 1) == [0, 1, 2]  # the joker after every card


def test_the_reference_picks_the_lower_suit_of_the_lowest_rank(tmp_path):
    variant = Variant(load_spec("lowest-card-opens"))
    assert lowest_card_holder(variant, [["6S", "AC"], ["7C", "6H"], ["8D"]]) == 1  # 6H < 6S
    assert lowest_card_holder(variant, [["6D", "AC"], ["7C", "6H"]]) == 0  # diamonds < hearts
    assert lowest_card_holder(variant, [["10C"], ["9S"]]) == 1  # rank before suit


def test_lowest_card_is_refused_with_two_decks(tmp_path):
    (diag,) = diagnostics(tmp_path, "  first_attacker:\n    no_trump_held: lowest_card\n",
                          HEAD.replace("podkidnoy", "two-decks"))
    assert ":6:20: error: first_attacker.no_trump_held: lowest_card needs one copy of each " \
           "card: with deck.copies: 2, two seats may hold the lowest card" in diag


def test_a_hand_size_expression_is_bounded_at_every_player_count(tmp_path):
    (diag,) = diagnostics(tmp_path, '  deal:\n    hand_size: "8 if players <= 4 else 7"\n')
    assert ":6:17: error: the deal does not fit: 7 cards for each of 6 players is 42, but " \
           "the deck has 36 cards" in diag
    (diag,) = diagnostics(tmp_path, '  deal:\n    hand_size: "0 if players == 3 else 6"\n')
    assert "deal.hand_size gives 0 cards with 3 players; it must be from 1 to 26" in diag
    (diag,) = diagnostics(tmp_path, '  deal:\n    hand_size: "player + 1"\n')
    assert "unknown name 'player' (did you mean 'players'?); names here: players" in diag


def test_a_hand_size_expression_does_not_combine_with_initial_hand(tmp_path):
    (diag,) = diagnostics(tmp_path, '  deal:\n    hand_size: "6 if players <= 4 else 5"\n'
                                    '    initial_hand: "hand_size - 1"\n')
    assert ":7:20: error: deal.initial_hand does not combine with a deal.hand_size " \
           "expression yet" in diag


def test_the_engines_read_the_sizes_by_players(tmp_path):
    s = spec(tmp_path, '  deal:\n    hand_size: "9 - players"\n')
    ir = build_ir(s)
    assert ir.choices.hand_sizes == (0, 0, 7, 6, 5, 4, 3)
    assert ir.deal.hand_size == 7  # HAND_SIZE: the largest
    assert s.variant_dict()["rules"]["deal.hand_size"] == "9 - players"
    variant = Variant(s)
    assert [variant.hand(n) for n in range(2, 7)] == [7, 6, 5, 4, 3]


def test_specs_without_the_choices_keep_their_values():
    s = load_spec("podkidnoy")
    assert s.variant_dict()["rules"]["deal.hand_size"] == 6
    ir = build_ir(s)
    assert ir.choices.hand_sizes is None and ir.choices.lowest_first is None
