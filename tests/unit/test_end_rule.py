"""A game that ends by a condition (outcome.ends_when, outcome.durak; HR35, HR36): the keys'
checks, which variants use the capability `end_rule`, and what simulate/compare say of it."""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError
from durakc.ir.build import build_ir
from durakc.ir.ending import ending_text
from durakc.loading.engines import load_engine
from durakc.spec import load_spec

HEAD = "name: mine\ntitle: Mine\nextends: podkidnoy\n"


def _messages(tmp_path, text):
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


def _caps(name):
    return {cap.name for cap in build_ir(load_spec(name)).capabilities}


@pytest.mark.parametrize("name", ["podkidnoy", "transfer", "pairs", "first-out-wins", "resign"])
def test_the_default_end_uses_no_end_rule(name):
    # T24, PR5: the game's own end is the default; such an engine holds no end_rule code
    assert "end_rule" not in _caps(name)


@pytest.mark.parametrize("name", ["first-out-ends", "teams-first-out"])
def test_the_bundled_rules_use_end_rule(name):
    assert "end_rule" in _caps(name)


def test_teams_first_out_orders_end_rule_between_teams_and_losses():
    # HR36: the teams' durak is replaced before losses counts every seat of its team
    names = [cap.name for cap in build_ir(load_spec("teams-first-out")).capabilities]
    assert names.index("teams") < names.index("end_rule") < names.index("losses")


def test_an_unknown_name_in_ends_when_suggests_the_right_one(tmp_path):
    [message] = _messages(tmp_path, 'rules:\n  outcome:\n    ends_when: "outt >= 1"\n')
    assert "outt" in message and "did you mean 'out'" in message


def test_ends_when_must_be_a_condition(tmp_path):
    [message] = _messages(tmp_path, 'rules:\n  outcome:\n    ends_when: "out + 1"\n')
    assert ":6:17: error: expected a bool expression, got int" in message


def test_durak_is_a_number_per_seat_not_a_table_name(tmp_path):
    # outcome.durak sees the seat's cards, not the table's stock
    [message] = _messages(tmp_path, 'rules:\n  outcome:\n    ends_when: "out >= 1"\n'
                                    '    durak: "stock"\n')
    assert ":7:13: error: unknown name 'stock'; names here: cards, went_out, from_first_out, " \
           "players" in message


def test_simulate_names_the_end_of_a_variant_that_ends_by_a_condition():
    text = ending_text("out >= 1", True, True, "cards")
    assert text.startswith("the game ends once out >= 1")
    assert "winner: the first seat out; with teams the first seat out's team wins" in text
    assert load_engine("teams-first-out").ENDING == text
    assert not hasattr(load_engine("pairs"), "ENDING")  # the game's own end: no constant


def _warnings(tmp_path, text):
    from durakc.analysis.checks import analyse

    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    return [d.message for d in analyse(load_spec(path))]


def test_an_end_that_never_holds_is_warned(tmp_path):
    # judged with 1..players seats out: more than six seats out never happens
    assert _warnings(tmp_path, 'rules:\n  outcome:\n    ends_when: "out > 6"\n') == [
        ("'outcome.ends_when' can never hold: it is false at the end of every round in which "
         "a seat goes out, so the game ends only by its own end (T24)")]
    assert _warnings(tmp_path, 'rules:\n  outcome:\n    ends_when: "out >= 2"\n') == []


def test_a_durak_ordering_without_an_end_of_its_own_is_warned(tmp_path):
    [message] = _warnings(tmp_path, 'rules:\n  outcome:\n    durak: "0 - cards"\n')
    assert message.startswith("'outcome.durak' has no effect")
