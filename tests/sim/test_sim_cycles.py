"""Issue 9h: self-play that cycles is stopped, counted apart, left out of rates; greedy
avoids the reported cycles.

The reported cycles: `durakc simulate transfer --players 3 --games 20000 --bots greedy`
(seed 0) had games 9454 and 11457 loop through attack, transfer back and take in a
two-player endgame until the 20,000-action cap.
"""

import csv
import io
import json
import random

import pytest
from sim_support import ROOT, need_bundled

from durakc.loading.engines import load_engine
from durakc.sim import report
from durakc.sim.bots import greedy_bot, random_bot
from durakc.sim.runner import MAX_ACTIONS, REPEAT_LIMIT, bot_seed, game_seed, play_game
from durakc.sim.stats import Stats

REPORTED = (9454, 11457)


def _play(name, index, bot, players=3):
    engine = load_engine(name)
    return play_game(engine, players, game_seed(0, index), [bot] * players,
                     random.Random(bot_seed(0, index)))


def _greedy_that_ignores_repeats(game, seat, rng, repeated=False):
    """The greedy bot as it was before it learnt to avoid cycles."""
    return greedy_bot(game, seat, rng)


@pytest.mark.parametrize("index", REPORTED)
def test_a_repeated_position_stops_the_game_as_a_cycle(index):
    need_bundled("transfer")
    record = _play("transfer", index, _greedy_that_ignores_repeats)
    assert record["unfinished"] == "cycle"
    assert record["actions"] < 200 < MAX_ACTIONS   # stopped by the repeat, not by the cap
    assert record["loser"] is None


@pytest.mark.parametrize("index", REPORTED)
def test_greedy_finishes_the_reported_games(index):
    need_bundled("transfer")
    record = _play("transfer", index, greedy_bot)
    assert record["unfinished"] is None
    assert record["draw"] or record["loser"] is not None


def test_greedy_does_not_transfer_in_a_repeated_round_and_is_otherwise_unchanged():
    need_bundled("transfer")
    engine = load_engine("transfer")
    transfers_seen = 0
    for i in range(40):
        game, rng = engine.new_game(2, game_seed(3, i)), random.Random(i)
        while not game.is_over:
            seat = game.to_move
            usual = greedy_bot(game, seat, None)
            assert greedy_bot(game, seat, None, False) == usual
            if str(usual).startswith("transfer"):
                transfers_seen += 1
                assert not str(greedy_bot(game, seat, None, True)).startswith("transfer")
            game.apply(random_bot(game, seat, rng))
    assert transfers_seen > 20


@pytest.mark.parametrize("index", [45, 301])
def test_one_repeat_is_not_a_cycle(index):
    """Random play comes back to a round-start position now and then and still finishes
    (games 45 and 301 of seed 0, transfer, 3 random players, each repeat one position once)."""
    need_bundled("transfer")
    told = []

    def bot(game, seat, rng, repeated=False):
        told.append(repeated)
        return random_bot(game, seat, rng)
    record = _play("transfer", index, bot)
    assert any(told)
    assert record["unfinished"] is None and (record["draw"] or record["loser"] is not None)


def _record(unfinished=None, loser_offset=0, actions=40, draw=False):
    return {"unfinished": unfinished, "draw": draw, "loser": None if draw else loser_offset,
            "loser_offset": None if draw else loser_offset,
            "loser_bot": None if draw else loser_offset, "actions": actions, "rounds": 9,
            "takes": 2, "transfers": 1, "shows": 0}


def _stats_with_unfinished() -> Stats:
    stats = Stats(2)
    for rec in (_record(loser_offset=0, actions=40), _record(loser_offset=1, actions=60),
                _record(draw=True, actions=50), _record("cycle", actions=79),
                _record("cap", actions=MAX_ACTIONS)):
        stats.add(rec)
    return stats


def test_unfinished_games_are_left_out_of_rates_and_means():
    summary = _stats_with_unfinished().summary()
    assert summary["games"] == 5 and summary["finished"] == 3
    assert summary["unfinished"] == 2
    assert summary["unfinished_cycle"] == 1 and summary["unfinished_cap"] == 1
    assert summary["loss_rate_by_seat"] == [pytest.approx(1 / 3)] * 2
    assert summary["draw_rate"] == pytest.approx(1 / 3)
    assert summary["mean_actions"] == 50 and summary["median_actions"] == 50
    assert summary["takes_per_game"] == 2


def test_unfinished_games_have_their_own_count_in_every_format():
    doc = report.document({"v": _stats_with_unfinished()}, 2, 0, ["greedy"] * 2, False)
    table = report.table(doc)
    assert any(line.startswith("unfinished games (cycle, cap)") and line.endswith("2 (1, 1)")
               for line in table.splitlines())
    assert "rates and means are over finished games" in table
    row = next(csv.DictReader(io.StringIO(report.as_csv(doc))))
    assert (row["unfinished"], row["unfinished_cycle"], row["unfinished_cap"]) == ("2", "1", "1")
    variant = json.loads(report.as_json(doc))["variants"]["v"]
    assert (variant["unfinished"], variant["unfinished_cycle"]) == (2, 1)


def test_no_unfinished_row_is_still_shown_as_zero():
    stats = Stats(2)
    stats.add(_record())
    table = report.table(report.document({"v": stats}, 2, 0, ["random"] * 2, False))
    assert "unfinished games (cycle, cap)" in table and "0 (0, 0)" in table


def test_the_sim_readme_tells_how_unfinished_games_are_handled():
    """Issue 9h: the sim README said no game had ever been unfinished."""
    text = " ".join((ROOT / "compiler" / "sim" / "README.md").read_text(encoding="utf-8").split())
    assert "none has been" not in text
    assert MAX_ACTIONS == 20000 and "20,000 actions stay as a last resort" in text
    assert REPEAT_LIMIT == 3 and "round starts from a position for the third time" in text
    assert "left out of every rate and mean" in text
