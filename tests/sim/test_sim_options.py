"""`durakc simulate/compare --option name=value`: the table settings of a spec's `options:`
(issue 32 item 4), checked before any game, play the games the same rules written without
options play."""

from __future__ import annotations

import pytest
from sim_support import ROOT, durakc

from durakc.native.build import unavailable_reason

FIXED = ROOT / "tests" / "specs" / "table-fixed.yaml"
FULL_DECK = ROOT / "tests" / "specs" / "table-52.yaml"
CHOSEN = ("--option", "transfer=false", "--option", "neighbours=true",
          "--option", "first_limit=5")


def _output(*args) -> str:
    proc = durakc("simulate", *args, "--games", "120", "--seed", "7", "--bots", "greedy")
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def _named(text: str, name: str, other: str) -> str:
    """The output with the variant's column name `name` written as `other` (padded alike)."""
    return text.replace(name.rjust(len(other)), other, 1)


def test_defaults_play_the_rules_without_options():
    for players in ("2", "4"):
        table = _output("table", "--players", players)
        plain = _output("transfer", "--players", players)
        assert _named(table, "table", "transfer") == plain


def test_chosen_options_play_the_rules_written_with_those_values():
    for players in ("3", "5"):
        table = _output("table", "--players", players, *CHOSEN)
        fixed = _output(str(FIXED), "--players", players)
        assert _named(table, "table", "table-fixed") == fixed
        assert table != _output("table", "--players", players)  # the options do change games


def test_a_deck_of_52_plays_the_rules_written_with_52_cards():
    """Issue 32's done-when: `simulate table --option deck=52 --option transfer=true` equals
    the same rules written without options."""
    for players in ("2", "6"):
        table = _output("table", "--players", players, "--option", "deck=52",
                        "--option", "transfer=true")
        assert _named(table, "table", "table-52") == _output(str(FULL_DECK), "--players", players)


def test_a_deck_too_small_for_the_players_is_a_usage_error():
    proc = durakc("simulate", "table", "--players", "5", "--games", "5", "--option", "deck=24")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "5 hands of 6 need more than the 24 cards of this deck" in proc.stderr
    assert _output("table", "--players", "4", "--option", "deck=24") != _output(
        "table", "--players", "4")


def test_compare_gives_each_option_to_the_variants_declaring_it():
    proc = durakc("compare", "table", "transfer", "--games", "60", *CHOSEN, "--format", "json")
    assert proc.returncode == 0, proc.stderr
    fixed = durakc("compare", str(FIXED), "transfer", "--games", "60", "--format", "json")
    assert proc.stdout.replace('"table"', '"table-fixed"') == fixed.stdout


def test_bad_options_are_usage_errors_before_any_game():
    cases = [
        (("--option", "deck"), "expected name=value"),
        (("--option", "colour=red"), "a value is true, false or a whole number"),
        (("--option", "speed=1"), "no variant here has such an option"),
        # the engine's own check (a probe game), its message as new_game gives it
        (("--option", "first_limit=7"), "table: option first_limit is 5 or 6, not 7"),
        (("--option", "transfer=1"), "table: option transfer is true or false, not 1"),
        (("--option", "transfer=true", "--option", "transfer=false"), "given twice"),
    ]
    for args, wanted in cases:
        proc = durakc("simulate", "table", "--games", "5", *args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert wanted in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    proc = durakc("simulate", "transfer", "--games", "5", "--option", "transfer=true")
    assert proc.returncode == 2 and "no variant declares" not in proc.stderr
    assert "(options: none (no variant here declares options:))" in proc.stderr


@pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))
def test_the_native_backend_plays_the_chosen_options_as_the_python_engine():
    """The C target holds table settings (issue 32 item 4): --backend native and auto play
    the chosen settings and print what the Python engine prints, without a warning."""
    args = ("table", "--games", "40", "--option", "deck=24", "--option", "transfer=false")
    python = durakc("simulate", *args)
    for backend in ("native", "auto"):
        proc = durakc("simulate", *args, "--backend", backend)
        assert proc.returncode == 0, proc.stderr
        assert "warning" not in proc.stderr
        assert proc.stdout == python.stdout


def test_bench_plays_the_chosen_options():
    """`durakc bench table --option deck=52` plays the games of the rules written with 52
    cards: the same actions per game (the bench's games are seeded alike)."""
    def actions_per_game(*args):
        proc = durakc("bench", *args, "--games", "40", "--players", "3")
        assert proc.returncode == 0, proc.stderr
        return proc.stdout.splitlines()[1].split()[-1]
    assert actions_per_game("table", "--option", "deck=52") == actions_per_game(str(FULL_DECK))
    assert actions_per_game("table") != actions_per_game(str(FULL_DECK))


def test_bench_refuses_bad_options_with_the_engines_message():
    for args, wanted in ((("--option", "deck=40"), "table: option deck is 24, 36 or 52, not 40"),
                         (("--option", "deck=24", "--players", "5"),
                          "table: 5 hands of 6 need more than the 24 cards of this deck"),
                         (("--option", "speed=1"), "no variant here has such an option"),
                         (("--option", "deck=24", "--env"), "--env times the RL environments")):
        proc = durakc("bench", "table", "--games", "3", *args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert wanted in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
