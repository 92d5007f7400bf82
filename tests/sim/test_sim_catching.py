"""Self-play at a cheating table (HR34): the out-of-turn schedule of docs/engine-api.md and
the bots' catching rule (catch only a play one can see broke T11 or T17, never blindly)."""

from __future__ import annotations

import random

from sim_support import durakc

from durakc.sim import catching
from durakc.sim.bots import greedy_bot, random_bot
from durakc.sim.runner import _play, simulate
from generated import cheating as engine
from generated import podkidnoy

HANDS = [["7H", "9C", "KD", "AD"], ["7C", "8H", "10C", "QD"], ["6D", "JS", "QH", "KH"]]


def _game(mod=engine):
    held = {c for h in HANDS for c in h}
    return mod.from_position({"players": 3, "trump": "S", "stock": [], "hands": HANDS,
                              "attacker": 0, "dealer": 2,
                              "discard": [c for c in mod.CARD_TEXT if c not in held]})


def test_visible_fouls_are_the_plays_breaking_t11_or_t17():
    g = _game()
    for text in ("attack 9C", "beat 9C 10C", "throw 7H"):  # 7H: no seven on the table
        g.apply(text)
    assert catching.visible_fouls(g) == {"7H"}
    g.apply("beat 7H QD")  # a diamond on a heart, no trump: against T11
    assert catching.visible_fouls(g) == {"7H", "QD"}


def test_the_schedule_asks_from_the_seat_to_move_and_catches_only_fouls():
    g = _game()
    for text in ("attack 9C", "beat 9C 10C"):
        g.apply(text)
    assert catching.out_of_turn_step(g) is None  # nothing illegal: nobody catches
    g.apply("throw 7H")
    # seat 1 (to move) is asked first and may catch 7H, which seat 0 threw
    assert str(catching.out_of_turn_step(g)) == "catch 1 7H"
    assert catching.out_of_turn_step(_game(podkidnoy)) is None  # no actors(): nothing asked


def test_greedy_plays_no_visible_cheat_and_random_games_catch_only_fouls():
    g = _game()
    g.apply("attack 9C")
    assert str(greedy_bot(g, 1, random.Random(0))) in ("beat 9C 10C", "take")
    for seed in range(6):
        game, rng = engine.new_game(3, seed), random.Random(seed)
        bots = [random_bot] * 3
        while not game.is_over:
            step = catching.out_of_turn_step(game)
            if step is not None:
                assert str(step).split()[-1] in game.to_dict()["fouls"]  # never a legal play
                game.apply(step)
                continue
            game.apply(bots[game.to_move](game, game.to_move, rng))


def test_the_runner_plays_cheating_games_deterministically():
    a = _play(engine.new_game(4, 3), [random_bot] * 4, random.Random(5))
    b = _play(engine.new_game(4, 3), [random_bot] * 4, random.Random(5))
    assert a == b and a[2] is None
    stats = simulate(["cheating"], 3, 30, ["greedy"], 1)[0]["cheating"]
    assert stats.games == 30


def test_simulate_runs_the_cheating_table_on_the_python_backend():
    out = durakc("simulate", "cheating", "--games", "20", "--players", "3")
    assert out.returncode == 0, out.stderr
    assert "cheating" in out.stdout and "games" in out.stdout
