"""A game that ends by a condition (HR35, HR36) measured by simulate / compare: the rules hold
in played games (the first seat out wins and the game ends in that round; the durak holds the
most cards, or with teams sits on another team than the winner, and its whole team counts
the loss), compare names how the variant ends and prints winner and durak rates with their
intervals, the same on both backends."""

import json
import random

import pytest
from sim_support import durakc

from durakc.loading.engines import load_engine
from durakc.native.build import unavailable_reason
from durakc.sim.seeds import bot_seed, game_seed

needs_cc = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _finished(ref: str, players: int, count: int):
    """`count` random games of `ref`, each played to its end."""
    engine = load_engine(ref)
    for i in range(count):
        game = engine.new_game(players, seed=game_seed(3, i))
        rng = random.Random(bot_seed(3, i))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        yield game


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_first_out_ends_the_game_and_the_most_cards_lose(players):
    # HR35: the game ends in the round the first seat goes out; that seat wins; the durak
    # holds the most cards, ties the first clockwise from the winner
    for game in _finished("first-out-ends", players, 40):
        out = list(game.finishing_order)
        assert out and game.winner == out[0]
        if game.is_draw:
            continue
        counts = [len(game.hands[s]) for s in range(players)]
        most = max(counts)
        tied = [(s - out[0]) % players for s in range(players) if counts[s] == most]
        assert counts[game.loser] == most and (game.loser - out[0]) % players == min(tied)
        assert game.hands[game.loser]  # the durak holds cards (T24: it is still in)


@pytest.mark.parametrize("players", [4, 6])
def test_teams_first_out_the_other_team_loses_every_seat(players):
    # HR36: the first seat out's team wins; the durak sits on another team and every seat of
    # its team counts the loss (the series rules: losses)
    for game in _finished("teams-first-out", players, 40):
        out = list(game.finishing_order)
        assert out and game.winner == out[0]
        if game.is_draw:
            continue
        teams = game.teams
        winning = next(t for t in teams if out[0] in t)
        losing = next(t for t in teams if game.loser in t)
        assert game.loser not in winning
        assert game.losses == [int(s in losing) for s in range(players)]


def test_compare_prints_winner_and_durak_rates_and_names_the_end():
    proc = durakc("compare", "podkidnoy", "first-out-ends", "--players", "4", "--games", "60")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert ("first-out-ends: the game ends once out >= 1 (outcome.ends_when); winner: the "
            "first seat out; the durak: the highest cards (outcome.durak)") in lines
    split = next(i for i, line in enumerate(lines) if line.startswith("paired differences"))
    for part, brackets in ((lines[:split], 2), (lines[split:], 1)):  # both variants; their diff
        for what in ("first out,", "loss rate, first attacker"):
            rows = [line for line in part if line.startswith(what)]
            assert len(rows) == 4 and all(line.count("[") == brackets for line in rows)


@needs_cc
def test_native_and_python_print_the_same_end_rule_figures():
    args = ("compare", "pairs", "teams-first-out", "--players", "4", "--games", "40",
            "--seed", "2", "--format", "json")
    python = durakc(*args, "--backend", "python")
    native = durakc(*args, "--backend", "native")
    assert python.returncode == native.returncode == 0, native.stderr
    assert native.stdout == python.stdout
    assert '"teams-first-out": "the game ends once out >= 1' in native.stdout


def test_report_names_the_end_in_its_setting_and_json():
    proc = durakc("report", "podkidnoy", "first-out-ends", "--players", "3", "--games", "30",
                  "--strong-games", "0", "--backend", "python")
    assert proc.returncode == 0, proc.stderr
    assert ("first-out-ends: the game ends once out >= 1 (outcome.ends_when); winner: the "
            "first seat out; the durak: the highest cards (outcome.durak).") in proc.stdout
    doc = json.loads(durakc("report", "transfer", "--players", "3", "--games", "10",
                            "--strong-games", "0", "--backend", "python",
                            "--format", "json").stdout)
    assert "endings" not in doc  # the game's own end: nothing added
