"""first_attacker.first_game as a list of criteria (issue 31 item 2; T7, HR30): the spec
check (located errors, did-you-mean, conditions type-checked over the card `c`), the refusals
where the meaning would be ambiguous, the compile-time table the engines read and the
reference's direct reading; T7 written as a list opens exactly as `lowest_trump` does."""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError
from durakc.ir.build import build_ir
from durakc.reference.opener import criteria_holder
from durakc.reference.variant import Variant
from durakc.spec import load_spec

HEAD = "name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n  first_attacker:\n"
LEFT = "    no_trump_held: left_of_dealer\n"


def diagnostics(tmp_path, rules: str) -> list[str]:
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + rules, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


def spec(tmp_path, rules: str, name: str = "ok"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD.replace("mine", name) + rules, encoding="utf-8")
    return load_spec(path)


def test_an_item_key_gets_a_located_did_you_mean(tmp_path):
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - lowst: c.is_trump\n")
    assert ":8:9: error: 'first_attacker.first_game[0]' has the key 'lowst': an item is " \
           "lowest, highest, most or fewest (did you mean 'lowest'?)" in diag


def test_a_condition_is_checked_over_the_card(tmp_path):
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - highest: c.rank\n")
    assert ":8:18: error: expected a bool expression, got rank" in diag
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - lowest: hand_size > 1\n")
    assert ":8:17: error:" in diag and "hand_size" in diag  # no name but the card `c`


@pytest.mark.parametrize("rules, says", [
    ("    first_game: [{lowest: c.is_trump}]\n", "no_trump_held: redeal is not supported"),
    (LEFT + "    first_game: []\n", "needs at least one item"),
    (LEFT + "    first_game: [{lowest: c.is_trump, highest: c.is_trump}]\n",
     ("must be one of {lowest: <condition>}, {highest: <condition>}, {most: <int over one "
      "seat>} or {fewest: <int>}")),
])
def test_bad_lists_are_refused_saying_why(tmp_path, rules, says):
    (diag,) = diagnostics(tmp_path, rules)
    assert says in diag


def test_two_decks_and_per_seat_trumps_are_refused(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text("name: two\ntitle: Two\nextends: two-decks\nrules:\n  first_attacker:\n"
                    + LEFT + "    first_game: [{lowest: c.is_trump}]\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    assert any("needs one copy of each card: with deck.copies: 2" in d.format()
               for d in info.value.diagnostics)
    diags = diagnostics(tmp_path, LEFT + "    first_game: [{lowest: c.is_trump}]\n"
                        "  trump: {mode: per_seat}\n")
    assert any("gives each seat its own" in d for d in diags)


def test_the_table_chains_the_criteria_per_trump(tmp_path):
    ir = build_ir(spec(tmp_path, "    no_trump_held: lowest_card\n    first_game:\n"
                                 "      - lowest: c.suit == H\n      - highest: c.is_trump\n"))
    assert ir.series.first_game == "criteria"
    rows = ir.choices.opener_first
    hearts = [1, 5, 9, 13, 17, 21, 25, 29, 33]  # suits S H D C: 6H is card 1
    assert list(rows[0][:9]) == hearts  # no trump: the hearts, then the lowest card (HR30)
    assert list(rows[0][9:12]) == [3, 2, 0]  # 6C 6D 6S
    assert list(rows[1][:18]) == hearts + [32, 28, 24, 20, 16, 12, 8, 4, 0]  # trump S: AS..6S
    assert all(row[-1] == -1 and len(row) == 37 for row in rows)


def test_t7_as_a_list_opens_as_lowest_trump(tmp_path):
    from durakc.loading.engines import load_engine
    spec(tmp_path, LEFT + "    first_game: [{lowest: c.is_trump}]\n", "t7")
    spec(tmp_path, LEFT + "    first_game: lowest_trump\n", "word")
    listed, word = (load_engine(str(tmp_path / f"{n}.yaml")) for n in ("t7", "word"))
    for seed in range(40):
        for players in (2, 5):
            a, b = listed.new_game(players, seed), word.new_game(players, seed)
            assert a.hands == b.hands and a.attacker == b.attacker, (seed, players)


def test_the_reference_reads_the_criteria_directly(tmp_path):
    variant = Variant(spec(tmp_path, LEFT + "    first_game:\n      - highest: c.is_trump\n"
                                            "      - lowest: c.colour == red\n"))
    rule = variant.value("first_attacker.first_game")
    assert criteria_holder(variant, [["6S", "AS"], ["KS", "7C"]], "C", rule) == 1  # 7C
    assert criteria_holder(variant, [["6S", "AH"], ["KS", "7C"]], "C", rule) == 1
    assert criteria_holder(variant, [["6S", "AH"], ["KS", "7D"]], "C", rule) == 1  # 7D < AH
    assert criteria_holder(variant, [["6S"], ["KS"]], "C", rule) is None  # -> no_trump_held


def test_the_list_is_json_as_a_spec_writes_it(tmp_path):
    loaded = spec(tmp_path, LEFT + "    first_game: [{lowest: c.suit == H}, {highest: true}]\n")
    assert loaded.rules_json()["first_attacker.first_game"] == [
        {"lowest": "c.suit == H"}, {"highest": "true"}]
    assert loaded.variant_dict()["rules"]["first_attacker.first_game"] == [
        {"lowest": "c.suit == H"}, {"highest": "true"}]
