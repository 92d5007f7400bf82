"""Spec checks of trumps that depend on the seat or change (SK1-SK3, CT1-CT3): nonsense
combinations are spec errors at file:line:col, never engine crashes."""

from __future__ import annotations

import pytest

from durakc.analysis.checks import analyse
from durakc.diagnostics import SpecError
from durakc.spec import load_spec

HEAD = "name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n"


def diagnostics(tmp_path, rules: str) -> list[str]:
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + rules, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


def test_ct3_six_players_can_not_keep_both_cards_in_the_stock(tmp_path):
    (diag,) = diagnostics(tmp_path, "  trump:\n    hidden_second: true\n")
    assert diag.startswith(f"{tmp_path / 'mine.yaml'}:6:20: error: trump.hidden_second needs two "
                           "cards left after the deal (CT3), but 6 players with 6 cards each "
                           "leave 0 of the 36; at most 5 players fit")
    assert diag.endswith("        hidden_second: true\n                       ^~~~")


def test_ct3_five_players_fit(tmp_path):
    path = tmp_path / "ok.yaml"
    path.write_text(HEAD.replace("mine", "ok") + "  players:\n    max: 5\n  trump:\n"
                    "    hidden_second: true\n", encoding="utf-8")
    assert load_spec(path).values["trump.hidden_second"] is True


@pytest.mark.parametrize("rules, words", [
    ("  deal:\n    mode: all_but_one\n  trump:\n    hidden_second: true\n",
     "trump.hidden_second needs a stock, but deal.mode all_but_one"),
    ("  players:\n    max: 5\n  trump:\n    mode: turned_top\n    hidden_second: true\n",
     "trump.hidden_second needs trump.mode turned_bottom"),
    ("  players:\n    max: 5\n  trump:\n    mode: fixed\n    suit: D\n    hidden_second: true\n",
     "trump.hidden_second needs trump.mode turned_bottom"),
    ("  players:\n    max: 5\n  trump:\n    never: [S]\n    hidden_second: true\n",
     "trump.hidden_second with trump.never is not supported"),
])
def test_hidden_trump_needs_a_face_up_card_under_a_stock(tmp_path, rules, words):
    assert any(words in d for d in diagnostics(tmp_path, rules))


def test_sk1_more_players_than_owned_suits(tmp_path):
    found = diagnostics(tmp_path, "  trump:\n    mode: per_seat\n    seat_suits: [S, H, D]\n"
                                  "  players:\n    max: 4\n  first_attacker:\n"
                                  "    first_game: left_of_dealer\n  series:\n"
                                  "    first_attacker: left_of_dealer\n")
    assert len(found) == 1
    assert ":9:10: error: trump.mode per_seat gives each seat a suit of trump.seat_suits, but 3 " \
           "suits can not serve 4 players (players.max)" in found[0]


def test_sk_lowest_trump_and_shows_need_one_trump(tmp_path):
    found = diagnostics(tmp_path, "  players:\n    max: 4\n  trump:\n    mode: per_seat\n"
                                  "  series:\n    first_attacker: lowest_trump\n")
    assert len(found) == 2  # the lowest trump opens the first game (T7) and, here, every game
    assert "first_attacker.first_game: lowest_trump needs one trump suit for everyone" in found[0]
    assert "did you mean first_attacker.first_game: left_of_dealer?" in found[0]
    assert "series.first_attacker: lowest_trump" in found[1]


def test_sk_with_a_hidden_card_is_refused(tmp_path):
    found = diagnostics(tmp_path, "  players:\n    max: 4\n  trump:\n    mode: per_seat\n"
                                  "    hidden_second: true\n  first_attacker:\n"
                                  "    first_game: left_of_dealer\n  series:\n"
                                  "    first_attacker: left_of_dealer\n")
    assert any("trump.hidden_second needs a face-up trump card, but trump.mode per_seat" in d
               for d in found)


def test_seat_suits_unused_without_per_seat_is_a_warning(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + "  trump:\n    seat_suits: [H, S]\n", encoding="utf-8")
    (warning,) = [d.format() for d in analyse(load_spec(path))]
    assert "'trump.seat_suits' has no effect: no seat owns a suit" in warning
