"""Seat items of the opener's list (issue 31 item 2): {most: <int over one seat>} and
{fewest: <int>} in first_attacker.first_game and series.first_attacker.  The spec check
(located errors: unknown names with did-you-mean, the type, one key per item), the refusals
shared with the card items, the IR's run-time steps (card-only lists keep the one table), the
reference's reading, and the Python engine against the reference."""

from __future__ import annotations

import pytest

from durakc import reference
from durakc.diagnostics import SpecError
from durakc.ir.build import build_ir
from durakc.loading.engines import load_engine
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


def write(tmp_path, rules: str, name: str = "ok"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(HEAD.replace("mine", name) + rules, encoding="utf-8")
    return path


def test_an_unknown_name_gets_a_located_did_you_mean(tmp_path):
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - most: trumpz\n")
    assert ":8:15: error: unknown name 'trumpz' (did you mean 'trumps'?)" in diag
    assert "names here: hand, trumps, cards, seat, players" in diag
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - most: len(hand.trums)\n")
    assert ":8:24: error:" in diag and "(did you mean 'trumps'?)" in diag


def test_a_measure_is_an_int_over_one_seat(tmp_path):
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - fewest: hand\n")
    assert ":8:17: error: expected an int expression, got cards" in diag
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - most: trumps > 2\n")
    assert ":8:15: error: expected an int expression, got bool" in diag
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - most: c.rank\n")
    assert "unknown name 'c'" in diag  # the card is a card item's, not a seat's


def test_an_item_has_one_key(tmp_path):
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n"
                                          "      - {most: trumps, lowest: c.is_trump}\n")
    assert ":8:9: error: 'first_attacker.first_game[0]' must be one of" in diag
    assert "{most: <int over one seat>} or {fewest: <int>}" in diag
    (diag,) = diagnostics(tmp_path, LEFT + "    first_game:\n      - mots: trumps\n")
    assert "an item is lowest, highest, most or fewest (did you mean 'most'?)" in diag


def test_the_card_items_refusals_hold_for_seat_items(tmp_path):
    path = tmp_path / "two.yaml"
    path.write_text("name: two\ntitle: Two\nextends: two-decks\nrules:\n  first_attacker:\n"
                    + LEFT + "    first_game: [{most: trumps}]\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    assert any("needs one copy of each card" in d.format() for d in info.value.diagnostics)
    diags = diagnostics(tmp_path, LEFT + "    first_game: [{most: trumps}]\n"
                        "  trump: {mode: per_seat}\n")
    assert any("gives each seat its own" in d for d in diags)
    (diag,) = diagnostics(tmp_path, "    first_game: [{most: trumps}]\n")
    assert "no_trump_held: redeal is not supported" in diag


def test_card_only_lists_keep_the_one_table(tmp_path):
    ir = build_ir(load_spec(write(tmp_path, LEFT + "    first_game: [{lowest: c.is_trump}]\n")))
    assert ir.choices.opener_first is not None and ir.choices.first_seats is None


def test_seat_items_are_run_time_steps(tmp_path):
    ir = build_ir(load_spec(write(tmp_path, "    no_trump_held: lowest_card\n    first_game:\n"
                                            "      - lowest: c.suit == H and c.rank == 6\n"
                                            "      - fewest: len(hand.above(10))\n"
                                            "      - most: trumps\n")))
    seats = ir.choices.first_seats
    assert ir.choices.opener_first is None and ir.series.first_game == "criteria"
    assert [s.kind for s in seats.steps] == ["cards", "fewest", "most", "cards"]
    assert [s.block for s in seats.steps if s.kind == "cards"] == [0, 1]
    assert seats.steps[1].expr.env == "opener_seat"
    assert seats.per_block == 5 and len(seats.rows) == 10  # two runs, one row per trump
    assert list(seats.rows[0][:2]) == [1, -1]  # 6H only (suits S H D C: 6H is card 1)
    assert list(seats.rows[5][:4]) == [3, 2, 1, 0]  # the last run: every card (HR30)


def test_the_reference_narrows_the_candidates(tmp_path):
    variant = Variant(load_spec(write(tmp_path, LEFT + "    first_game:\n"
                                                       "      - most: trumps\n"
                                                       "      - lowest: c.is_trump\n")))
    hands = [["6S", "KH", "AH"], ["7H", "9H", "6C"], ["8H", "6H", "7C"], ["AS", "KS", "QS"]]
    rule = variant.rules["first_attacker.first_game"]
    assert criteria_holder(variant, hands, "H", rule) == 2  # 6H, among seats 0, 1 and 2
    assert criteria_holder(variant, hands, "S", rule) == 3  # three spades
    seats = [0, 1, 2, 3]
    assert criteria_holder(variant, hands, "D", rule, seats) is None  # nobody holds one
    assert seats == [0, 1, 2, 3]  # all tied: no_trump_held decides among them all


def test_the_engine_opens_as_the_reference(tmp_path):
    path = write(tmp_path, LEFT + "    first_game:\n"
                                  "      - highest: c.rank == A and c.suit == S\n"
                                  "      - most: len(hand.of(H))\n"
                                  "      - most: seat\n", name="order")
    engine, ref = load_engine(str(path)), reference.load(str(path))
    seen = set()
    for players in (2, 3, 5, 6):
        for seed in range(40):
            dealer = seed % players
            g, r = engine.new_game(players, seed, dealer=dealer), ref.new_game(players, seed,
                                                                                dealer=dealer)
            assert g.hands == r.hands and g.attacker == r.attacker, (players, seed)
            seen.add(g.attacker)
    assert len(seen) >= 4
