"""Loss rate per team (PR1, PR5) in simulate and compare: exact counts, merging, formats."""

import csv
import io
import json
import random
import subprocess
import sys

import pytest
from sim_support import ROOT, durakc, durakc_json

from durakc.loading.engines import load_engine
from durakc.sim.paired import PairStats
from durakc.sim.runner import bot_seed, chunk_ranges, game_seed, simulate
from durakc.sim.stats import Stats, clean, wilson

# pairs, but partners may throw in too: the same teams (PR1), other games
SAME_TEAMS_SPEC = """\
name: pairs-all-throw
title: Pairs where partners throw in too
extends: pairs
description: Pairs, but every active player may throw in.
rules:
  throw_in:
    who: "true"
"""


@pytest.fixture
def same_teams(tmp_path):
    path = tmp_path / "pairs-all-throw.yaml"
    path.write_text(SAME_TEAMS_SPEC)
    return str(path)


def _direct_counts(variant: str, players: int, seed: int, games: int):
    """Play games 0 .. games-1 of a run straight through the engine, random players drawing
    from the run's bot seed as `random_bot` does: (teams, losses per team, draws)."""
    engine = load_engine(variant)
    teams, losses, draws = None, None, 0
    for i in range(games):
        game = engine.new_game(players, game_seed(seed, i))
        rng = random.Random(bot_seed(seed, i))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        teams = teams or [list(t) for t in game.teams]
        losses = losses or [0] * len(teams)
        assert [list(t) for t in game.teams] == teams          # fixed by seat (PR1)
        if game.is_draw:
            assert game.losing_team is None and game.loser is None
            draws += 1
        else:
            losses[game.losing_team] += 1
            assert game.loser in teams[game.losing_team]        # PR6
    return teams, losses, draws


@pytest.mark.parametrize("variant,players", [("pairs", 4), ("pairs", 6), ("teams-of-three", 6)])
def test_team_counts_are_those_of_the_games(variant, players):
    games, seed = 60, 3
    stats = simulate([variant], players, games, ["random"], seed)[0][variant]
    assert stats.unfinished == 0, "a random game cycled: the direct count below plays it out"
    teams, losses, draws = _direct_counts(variant, players, seed, games)
    assert stats.teams == teams and stats.loss_by_team == losses and stats.draws == draws
    s = stats.summary(["random"] * players)
    assert s["teams"] == teams
    assert s["loss_rate_by_team"] == clean([k / games for k in losses])
    assert s["loss_rate_by_team_ci"] == clean([wilson(k, games) for k in losses])
    # every loss is a team's: the team rates and the draw rate add up to one
    assert abs(sum(s["loss_rate_by_team"]) + s["draw_rate"] - 1) < 1e-5


def test_team_loss_is_the_sum_over_the_losing_seats_team():
    """With teams opposite and four players, team {0,2} loses exactly when seat 0 or 2 does."""
    stats = simulate(["pairs"], 4, 40, ["random"], 11)[0]["pairs"]
    engine = load_engine("pairs")
    by_seat = [0] * 4
    for i in range(40):
        game = engine.new_game(4, game_seed(11, i))
        rng = random.Random(bot_seed(11, i))
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        if game.loser is not None:
            by_seat[game.loser] += 1
    assert stats.teams == [[0, 2], [1, 3]]
    assert stats.loss_by_team == [by_seat[0] + by_seat[2], by_seat[1] + by_seat[3]]


def _team_record(rng, players, teams):
    draw = rng.random() < 0.1
    team = None if draw else rng.randrange(len(teams))
    loser = None if draw else rng.choice(teams[team])
    return {"unfinished": "cycle" if rng.random() < 0.05 else None, "draw": draw,
            "loser": loser, "loser_offset": None if draw else rng.randrange(players),
            "loser_bot": None if draw else rng.randrange(players), "teams": teams,
            "losing_team": team, "actions": rng.randrange(20, 200),
            "rounds": rng.randrange(5, 40), "takes": rng.randrange(10), "transfers": 0,
            "shows": 0}


@pytest.mark.parametrize("size", [1, 7, 50])
def test_team_counts_merge_to_the_whole(size):
    rng = random.Random(size)
    teams = [[0, 3], [1, 4], [2, 5]]
    records = [_team_record(rng, 6, teams) for _ in range(120)]
    whole = Stats(6)
    for r in records:
        whole.add(r)
    merged = Stats(6)
    for a, b in chunk_ranges(len(records), size):
        shard = Stats(6)
        for r in records[a:b]:
            shard.add(r)
        merged.merge(Stats.from_dict(json.loads(json.dumps(shard.to_dict()))))
    assert merged.to_dict() == whole.to_dict()
    assert merged.loss_by_team == [sum(r["losing_team"] == k for r in records
                                       if not r["unfinished"] and not r["draw"])
                                   for k in range(3)]


def test_team_pairs_merge_to_the_whole():
    rng = random.Random(2)
    teams = [[0, 2], [1, 3]]
    games = [(_team_record(rng, 4, teams), _team_record(rng, 4, teams)) for _ in range(90)]
    whole = PairStats(4)
    for a, b in games:
        whole.add(a, b)
    merged = PairStats(4)
    for a, b in chunk_ranges(len(games), 13):
        shard = PairStats(4)
        for pa, pb in games[a:b]:
            shard.add(pa, pb)
        merged.merge(PairStats.from_dict(json.loads(json.dumps(shard.to_dict()))))
    assert merged.to_dict() == whole.to_dict()
    s = merged.summary("A")
    kept = [(a, b) for a, b in games if not a["unfinished"] and not b["unfinished"]]
    for k in range(2):
        want = sum((b["losing_team"] == k) - (a["losing_team"] == k) for a, b in kept)
        assert abs(s["loss_rate_by_team_diff"][k] - want / len(kept)) < 1e-6
        lo, hi = s["loss_rate_by_team_diff_ci"][k]
        assert lo <= s["loss_rate_by_team_diff"][k] <= hi


def test_different_team_layouts_do_not_merge():
    rng = random.Random(4)
    a, b = Stats(6), Stats(6)
    a.add(_team_record(rng, 6, [[0, 3], [1, 4], [2, 5]]))
    b.add(_team_record(rng, 6, [[0, 2, 4], [1, 3, 5]]))
    with pytest.raises(ValueError, match="team layouts"):
        a.merge(b)
    plain = Stats(6)
    plain.add({**_team_record(rng, 6, [[0, 3], [1, 4], [2, 5]]), "teams": None})
    with pytest.raises(ValueError, match="team layouts"):
        plain.merge(a)


def test_pairs_without_common_teams_say_so():
    rng = random.Random(6)
    mixed = PairStats(6)
    mixed.add(_team_record(rng, 6, [[0, 3], [1, 4], [2, 5]]),
              _team_record(rng, 6, [[0, 2, 4], [1, 3, 5]]))
    s = mixed.summary("pairs")
    assert s["teams"] is None and "loss_rate_by_team_diff" not in s
    assert "teams differ" in s["teams_note"]
    one = PairStats(6)
    one.add({**_team_record(rng, 6, [[0, 3]]), "teams": None, "losing_team": None},
            _team_record(rng, 6, [[0, 3], [1, 4], [2, 5]]))
    assert "podkidnoy has no teams" in one.summary("podkidnoy")["teams_note"]


def test_no_team_fields_without_teams():
    """A variant without teams: no team key anywhere (its output is as before teams)."""
    stats, pairs = simulate(["transfer", "podkidnoy"], 3, 20, ["random"], 1)
    for s in stats.values():
        assert not any("team" in k for k in s.to_dict()) and s.teams is None
        assert not any("team" in k for k in s.summary(["random"] * 3))
    p = pairs["podkidnoy"]
    assert not any("team" in k for k in {**p.to_dict(), **p.summary("transfer")})


def test_json_csv_and_table_show_the_teams(same_teams):
    args = ("compare", "pairs", same_teams, "podkidnoy", "--players", "4", "--games", "40",
            "--seed", "5")
    doc = durakc_json(*args)
    pairs, other, plain = (doc["variants"][n] for n in ("pairs", "pairs-all-throw", "podkidnoy"))
    assert pairs["teams"] == other["teams"] == [[0, 2], [1, 3]]
    assert len(pairs["loss_rate_by_team"]) == 2 == len(pairs["loss_rate_by_team_ci"])
    assert "teams" not in plain and "loss_rate_by_team" not in plain
    diff = doc["paired_differences"]["pairs-all-throw"]
    assert diff["teams"] == [[0, 2], [1, 3]]
    for k in range(2):   # every game finished: B minus A of the rates
        want = other["loss_rate_by_team"][k] - pairs["loss_rate_by_team"][k]
        assert abs(diff["loss_rate_by_team_diff"][k] - want) < 1e-5
    assert "no teams" in doc["paired_differences"]["podkidnoy"]["teams_note"]

    proc = durakc(*args, "--format", "csv")
    assert proc.returncode == 0, proc.stderr
    rows = {r["variant"]: r for r in csv.DictReader(io.StringIO(proc.stdout))}
    assert rows["pairs"]["teams"] == "{0,2} {1,3}" and rows["podkidnoy"]["teams"] == ""
    assert float(rows["pairs"]["loss_rate_by_team_1"]) == pairs["loss_rate_by_team"][1]
    assert {"loss_rate_by_team_0_lo", "loss_rate_by_team_0_hi",
            "paired_loss_rate_by_team_diff_0_lo", "paired_teams_note"} <= set(rows["pairs"])
    assert rows["pairs-all-throw"]["paired_teams"] == "{0,2} {1,3}"
    assert rows["podkidnoy"]["loss_rate_by_team_0"] == ""

    proc = durakc(*args)
    assert proc.returncode == 0, proc.stderr
    assert "loss rate, team {0,2}" in proc.stdout and "loss rate, team {1,3}" in proc.stdout
    assert "podkidnoy: no paired team differences: this variant has no teams" in proc.stdout


def test_team_runs_do_not_depend_on_jobs_or_shards(tmp_path):
    args = ("compare", "teams-of-three", "pairs", "--players", "6", "--seed", "2")
    one = durakc(*args, "--games", "90", "--format", "json", "--jobs", "1")
    two = durakc(*args, "--games", "90", "--format", "json", "--jobs", "2")
    assert one.returncode == 0 == two.returncode, two.stderr
    assert one.stdout == two.stdout
    assert "its teams differ" in json.loads(one.stdout)["paired_differences"]["pairs"]["teams_note"]
    paths = []
    for start, games in [(0, 50), (50, 40)]:
        proc = durakc(*args, "--start", start, "--games", games, "--format", "stats")
        assert proc.returncode == 0, proc.stderr
        paths.append(tmp_path / f"shard{start}.json")
        paths[-1].write_text(proc.stdout)
    merged = subprocess.run([sys.executable, "-m", "durakc.sim.merge", *map(str, paths),
                             "--format", "json"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert merged.returncode == 0 and merged.stderr == ""
    assert merged.stdout == one.stdout


def test_a_player_count_the_teams_can_not_seat_is_a_usage_error():
    proc = durakc("simulate", "pairs", "--players", "5", "--games", "3")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert "4 or 6 players, not 5 (PR1)" in proc.stderr
