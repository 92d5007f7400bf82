"""Static warnings (compiler/analysis/checks.py): rules that can never take effect.

Each expectation follows from the rule text and the variant's finite domains,
worked out by hand in the comments, not from what the analysis happens to say.
"""

from __future__ import annotations

import textwrap

import pytest

from durakc.analysis.checks import analyse
from durakc.diagnostics import Diagnostic
from durakc.spec import bundled_names, load_spec


def _spec(tmp_path, rules: str, extends: str = "podkidnoy", name: str = "house"):
    text = f"name: {name}\ntitle: House\nextends: {extends}\nrules:\n" + textwrap.indent(
        textwrap.dedent(rules).strip("\n"), "  ") + "\n"
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return load_spec(path)


def _warnings(tmp_path, rules: str, extends: str = "podkidnoy") -> list[Diagnostic]:
    return analyse(_spec(tmp_path, rules, extends))


def test_bundled_specs_have_no_warnings():
    names = bundled_names()
    assert len(names) >= 25  # the bundled variants (jokers: issue 11), more as capabilities add theirs
    for name in names:
        assert analyse(load_spec(name)) == [], name


# -- the three examples of the issue -------------------------------------------
def test_beats_never_true_warns_at_the_value(tmp_path):
    # No rank is above 3 and below 2 at once: no pair of cards satisfies it.
    [w] = _warnings(tmp_path, """
        beating:
          beats: "d.rank > 3 and d.rank < 2"
    """)
    assert w.severity == "warning"
    assert (w.line, w.col) == (6, 13)
    assert w.message.startswith("no card can ever beat another")
    assert w.format().splitlines()[0] == (
        f"{tmp_path / 'house.yaml'}:6:13: warning: no card can ever beat another: "
        "'beating.beats' is false for every pair of cards and every trump suit")
    assert w.format().splitlines()[1:3] == [
        '        beats: "d.rank > 3 and d.rank < 2"',
        "                ^" + "~" * (len("d.rank > 3 and d.rank < 2") - 1)]
    assert w.format().splitlines()[3].startswith("    hint: ")


def test_limit_below_one_in_every_round_warns(tmp_path):
    # 36 cards, 2 players, hands of 6: the stock holds at most 24 cards, 24 - 100 < 1.
    [w] = _warnings(tmp_path, """
        attack:
          limit: "stock - 100"
    """)
    assert (w.line, w.col) == (6, 13)
    assert "counts as 1 in every round" in w.message


def test_throw_in_false_warns(tmp_path):
    [w] = _warnings(tmp_path, """
        throw_in:
          who: "false"
    """)
    assert (w.line, w.col) == (6, 11)
    assert w.message.startswith("nobody may ever throw in")


# -- reachable domains: no false alarms -------------------------------------------
@pytest.mark.parametrize("limit", [
    "stock - 20",                  # 24 - 20 = 4 with 2 players in the first round
    "5 if first_round else 0",     # 5 in the first round
    "active_players - 2",          # 1 when three players are still in the game
    "6 - players",                 # 1 with five players
])
def test_limit_reaching_one_somewhere_is_fine(tmp_path, limit):
    assert _warnings(tmp_path, f'attack:\n  limit: "{limit}"') == []


def test_limit_domain_follows_the_player_range(tmp_path):
    # With players.max 2 a round always opens with exactly 2 players in the game.
    [w] = _warnings(tmp_path, """
        players:
          max: 2
        attack:
          limit: "active_players - 2"
    """)
    assert "(at most 0)" in w.message


@pytest.mark.parametrize("who", [
    "is_attacker and not is_original_attacker",      # after a transfer
    "left_of_defender and right_of_defender",        # two players still in the game
    "is_attacker and right_of_defender",
    "active_players < players",                      # someone is out
    "not is_attacker and not left_of_defender and not right_of_defender",  # 4+ players
])
def test_reachable_seats_are_fine(tmp_path, who):
    assert _warnings(tmp_path, f'throw_in:\n  who: "{who}"') == []


@pytest.mark.parametrize("who", [
    "is_attacker and is_defender",   # the defender is never asked
    "is_defender",
    "active_players > players",
    "not is_attacker and not left_of_defender and not right_of_defender and players < 4",
])
def test_unreachable_seats_warn(tmp_path, who):
    [w] = _warnings(tmp_path, f'throw_in:\n  who: "{who}"')
    assert w.message.startswith("nobody may ever throw in")


# -- transfers -----------------------------------------------------------------------
@pytest.mark.parametrize("key, expr", [
    ("when", "false"),
    ("when", "beaten > attack_cards"),        # beaten cards are attack cards
    ("when", "unbeaten == 0"),                # a defender faces an unbeaten card
    ("capacity", "attack_cards < 1"),
    ("capacity", "unbeaten_late > unbeaten"),
    ("when", "stock > 36"),                   # HR29's stock: the 36-card deck never holds more
    ("when", "dealer == 6"),                  # a seat is 0..players-1: at most six players
    ("when", "next_defender > 5 or attacker < 0"),
])
def test_transfer_never_possible_warns(tmp_path, key, expr):
    [w] = _warnings(tmp_path, f'transfer:\n  {key}: "{expr}"', extends="transfer")
    assert w.message.startswith(f"no transfer is ever possible: 'transfer.{key}'")
    assert "transfer.enabled: false" in w.hint


@pytest.mark.parametrize("key, expr", [
    ("when", "transfers >= 2 and first_round"),
    ("when", "beaten == 3 and unbeaten_late == unbeaten"),
    ("capacity", "attack_cards == limit and next_hand == 0 + 1"),
    ("when", "beaten == 0 and stock > 0"),    # HR29: while the stock lasts
    ("when", "beaten == 0 and next_defender != original_attacker"),  # HR28
    ("when", "next_defender == dealer and defender == 5"),  # a seat the checker reaches
])
def test_transfer_possible_somewhere_is_fine(tmp_path, key, expr):
    assert _warnings(tmp_path, f'transfer:\n  {key}: "{expr}"', extends="transfer") == []


def test_transfer_keys_without_transfers_have_no_effect(tmp_path):
    # podkidnoy disables transfers; these keys of this file can not matter.
    warnings = _warnings(tmp_path, """
        transfer:
          when: "false"
          show_trump: true
    """)
    assert [w.message for w in warnings] == [
        "'transfer.when' has no effect: transfers are disabled (transfer.enabled: false)",
        ("'transfer.show_trump' has no effect: transfers are disabled "
         "(transfer.enabled: false)"),
    ]


def test_show_once_without_shows_has_no_effect(tmp_path):
    [w] = _warnings(tmp_path, "transfer:\n  show_once: false", extends="transfer")
    assert w.message == ("'transfer.show_once' has no effect: no trump is ever shown "
                         "(transfer.show_trump is false)")


def test_show_card_without_shows_has_no_effect(tmp_path):
    # transfer.show_card (HR33) only chooses among the cards a show could show
    [w] = _warnings(tmp_path, 'transfer:\n  show_card: "true"', extends="transfer")
    assert w.message == ("'transfer.show_card' has no effect: no trump is ever shown "
                         "(transfer.show_trump is false)")
    [w] = _warnings(tmp_path, 'transfer:\n  show_card: "true"', extends="podkidnoy")
    assert w.message == ("'transfer.show_card' has no effect: transfers are disabled "
                         "(transfer.enabled: false)")


def test_endless_shows_leave_the_transfer_count_unbounded(tmp_path):
    # A trump shown again and again: any count of transfers may be reached.
    warnings = _warnings(tmp_path, """
        transfer:
          show_trump: true
          show_once: false
          when: "transfers > 1000"
    """, extends="transfer")
    assert warnings == []


# -- annotations ---------------------------------------------------------------------
def test_annotations_always_or_never_true_warn(tmp_path):
    warnings = _warnings(tmp_path, """
        outcome:
          annotations:
            always: "loser_hand >= 1"
            never: "final_took and not loser_was_defender"
            fine: "loser_hand > 6"
    """)
    assert [(w.line, w.message) for w in warnings] == [
        (7, "annotation 'always' is true at the end of every lost game"),
        (8, "annotation 'never' is false at the end of every lost game"),
    ]


def test_warnings_point_into_the_file_that_set_the_key(tmp_path):
    parent = tmp_path / "base.yaml"
    parent.write_text("name: base\ntitle: Base\nextends: podkidnoy\nrules:\n"
                      "  throw_in:\n    who: \"false\"\n", encoding="utf-8")
    [w] = _warnings(tmp_path, "attack:\n  limit: 4", extends="base")
    assert w.path.endswith("base.yaml") and (w.line, w.col) == (6, 11)


# -- diagnostics ---------------------------------------------------------------------
def test_diagnostic_json_has_every_field():
    d = Diagnostic("a.yaml", 3, 5, "unknown name 'x' (did you mean 'y'?)")
    assert d.to_json() == {"file": "a.yaml", "line": 3, "column": 5, "severity": "error",
                           "message": "unknown name 'x' (did you mean 'y'?)",
                           "hint": "did you mean 'y'?"}
    w = Diagnostic("a.yaml", 0, 0, "m", severity="warning", hint="h")
    assert w.to_json() == {"file": "a.yaml", "line": None, "column": None,
                           "severity": "warning", "message": "m", "hint": "h"}
    assert w.as_error().severity == "error"
    assert w.format() == "a.yaml: warning: m\n    hint: h"  # no position: none is printed


@pytest.mark.parametrize("when, capacity", [
    ("beaten == 0", "beaten > 0"),             # beaten cards do not change in a transfer
    ("attack_cards == 1", "attack_cards > 4"),  # one card on the table, three more of its rank
])
def test_transfer_conditions_never_holding_together_warn(tmp_path, when, capacity):
    [w] = _warnings(tmp_path, f'transfer:\n  when: "{when}"\n  capacity: "{capacity}"',
                    extends="transfer")
    assert w.line == 7
    assert w.message == ("no transfer is ever possible: 'transfer.capacity' is false after "
                         "every transfer that 'transfer.when' allows")


@pytest.mark.parametrize("when, capacity, show", [
    ("attack_cards == 1", "attack_cards == 4", "false"),  # three cards transferred at once
    ("attack_cards == 1", "attack_cards == 1", "true"),   # a show adds no card
])
def test_transfer_conditions_holding_together_are_fine(tmp_path, when, capacity, show):
    rules = f'transfer:\n  when: "{when}"\n  capacity: "{capacity}"\n  show_trump: {show}'
    assert _warnings(tmp_path, rules, extends="transfer") == []


def test_every_environment_name_has_a_domain():
    # A name without a domain would leave its expressions unanalysed (no warning).
    from durakc.analysis import checks as analysis
    from durakc.ir.build import build_ir
    from durakc.schema.keys import ENVIRONMENTS

    ir = build_ir(load_spec("kyiv"))  # the analysis reads the IR's sections
    names = {"round": next(analysis._round_points(ir)),
             "seat": next(analysis._seat_points(ir)),
             "transfer": next(analysis._transfer_points(ir, frozenset(ENVIRONMENTS["transfer"]))),
             "outcome": next(analysis._outcome_points(ir, frozenset(ENVIRONMENTS["outcome"])))}
    for env, point in names.items():
        assert set(point) == set(ENVIRONMENTS[env]), env


# -- the warned rules really never take effect in play --------------------------------
def _engine(tmp_path, spec):
    import importlib.util

    from durakc.targets.python.codegen import render_engine

    path = tmp_path / f"{spec.name}_engine.py"
    path.write_text(render_engine(spec), encoding="utf-8")
    module_spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(module_spec)
    module_spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("rules, absent", [
    ('beating:\n  beats: "d.rank > 3 and d.rank < 2"', "beat"),
    ('throw_in:\n  who: "false"', "throw"),
    ('attack:\n  limit: "stock - 100"', "a second attack card"),
])
def test_warned_rules_never_act_in_random_games(tmp_path, rules, absent):
    import random

    spec = _spec(tmp_path, rules)
    assert len(analyse(spec)) == 1
    engine = _engine(tmp_path, spec)
    rand = random.Random(1)
    kinds, most_on_table = set(), 0
    for seed in range(40):
        game = engine.new_game(2 + seed % 3, seed)
        while game.to_move is not None:
            game.apply(rand.choice(game.legal_actions()))
            most_on_table = max(most_on_table, len(game.table))
        kinds |= {text.split()[0] for text in game.history}
    assert "take" in kinds  # games were played
    if absent == "a second attack card":
        assert most_on_table == 1
    else:
        assert absent not in kinds
