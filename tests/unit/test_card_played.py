"""The card being played (issue 20, HR1-HR9): throw_in.card and attack.opening as a
condition, checked at the key, explained, and refused in IllegalAction with the rule."""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError
from durakc.spec import load_spec


def _spec(tmp_path, rules: str, parent: str = "podkidnoy"):
    path = tmp_path / "house.yaml"
    path.write_text(f"name: house\ntitle: A house rule\nextends: {parent}\nrules:\n{rules}",
                    encoding="utf-8")
    return path


def _errors(path) -> str:
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return str(info.value)


def test_opening_condition_must_bound_its_sizes(tmp_path):
    text = _errors(_spec(tmp_path, '  attack:\n    opening: "cards.pairs >= 1"\n'))
    assert "house.yaml:6:15" in text and "must bound the size of the opening" in text


@pytest.mark.parametrize("condition", ["len(cards) == min(3, room)",
                                       "len(cards) <= 2 and len(cards.ranks) == 1",
                                       "len(cards) == 1 or (len(cards) == 3 and cards.pairs >= 1)"])
def test_bounded_opening_conditions_are_accepted(tmp_path, condition):
    spec = load_spec(_spec(tmp_path, f'  attack:\n    opening: "{condition}"\n'))
    assert spec.values["attack.opening"].canonical()


def test_opening_condition_with_jokers_is_refused_at_the_key(tmp_path):
    text = _errors(_spec(tmp_path, '  attack:\n    opening: "len(cards) == 1"\n', "jokers"))
    assert "does not combine with deck.jokers" in text


def test_a_misspelt_choice_still_suggests_the_choice(tmp_path):
    text = _errors(_spec(tmp_path, "  attack:\n    opening: singel\n"))
    assert "did you mean 'single'" in text


def test_throw_card_names_are_checked(tmp_path):
    text = _errors(_spec(tmp_path, '  throw_in:\n    card: "c.rank in tabel.ranks"\n'))
    assert "did you mean 'table'" in text


def test_refused_throw_names_the_rule():
    from durakc.loading.engines import load_engine  # the engine of the bundled spec

    mod = load_engine("no-aces-thrown")
    g = mod.from_position({"players": 2, "trump": "D", "stock": [], "attacker": 0,
                           "hands": [["9H", "9C", "AC", "7S"], ["10H", "AH", "8S", "QC"]]})
    g.apply("attack 9H")
    g.apply("beat 9H AH")
    with pytest.raises(mod.IllegalAction, match="throw_in.card does not allow AC here"):
        g.apply("throw AC")


def test_rl_encoding_indexes_openings_of_several_ranks_and_refuses_too_many_up_front():
    np = pytest.importorskip("numpy")
    assert np
    from durakc.loading.engines import load_engine
    from durakc.rl.encoding import DurakEncoding

    treshka = DurakEncoding(load_engine("treshka"))  # HR7: every 1-3 card subset has an index
    assert treshka.action_text(treshka.action_index("attack 6S 9H KC")) == "attack 6S 9H KC"
    hr8 = DurakEncoding(load_engine("threes-and-fives"))  # HR8: 36 + 7,140 + 376,992 subsets
    assert hr8.subsets.size == 384_168
    from durakc.rl.subsets import condition_block
    with pytest.raises(ValueError, match="40,999,515 action indices out of 36 cards"):
        condition_block("up-to-eight", range(1, 9), 36)  # past BLOCK_MAX
    DurakEncoding(load_engine("rank-or-suit"))  # throw_in.card: the actions are unchanged
