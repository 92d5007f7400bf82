"""Results beyond the durak in simulate / compare (issue 31 item 4): first out, places, points.

The rules: places are a permutation of 1..players in a game with a durak, the durak is
last, the first seat out is never the durak and is the engine's winner where the spec's
winner is first out (HR20), and in ace-points (HR22) only the durak scores, one point and
one per ace it holds.  Recording results never changes what the durak figures were.
"""

import json
import random

import pytest
from sim_support import durakc, durakc_json

from durakc.loading.engines import load_engine
from durakc.native.build import unavailable_reason
from durakc.sim.bots import get_bot
from durakc.sim.paired import PairStats
from durakc.sim.report import table
from durakc.sim.results import ResultPairs, ResultStats, record, scores, wanted
from durakc.sim.runner import play_game, run_chunk
from durakc.sim.seeds import bot_seed, game_seed
from durakc.sim.stats import Stats

needs_cc = pytest.mark.skipif(unavailable_reason() is not None, reason=str(unavailable_reason()))


def _games(ref: str, players: int, count: int, matches: bool = False):
    """The records with results of `count` random games of `ref` (with `matches`: each
    match variant's game played on to the end of its match)."""
    engine = load_engine(ref)
    bot = get_bot("random")
    for i in range(count):
        rec = play_game(engine, players, game_seed(7, i), [bot] * players,
                        random.Random(bot_seed(7, i)), results=True, matches=matches)
        yield rec


def test_what_a_spec_scores_is_read_from_its_rules():
    assert scores(load_engine("first-out-wins")) == {
        "winner": True, "points": False, "match": False}
    assert scores(load_engine("ace-points")) == {
        "winner": False, "points": True, "match": False}
    assert not wanted([load_engine("podkidnoy"), load_engine("transfer")])
    assert wanted([load_engine("podkidnoy"), load_engine("first-out-wins")])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_places_are_a_permutation_and_the_first_out_is_never_the_durak(players):
    seen = 0
    for rec in _games("first-out-wins", players, 25):
        if rec["unfinished"]:
            assert "places" not in rec
            continue
        seen += 1
        places = rec["places"]
        if rec["draw"]:
            assert sorted(places) == list(range(1, players + 1))
            continue
        assert sorted(places) == list(range(1, players + 1))
        assert places[rec["loser_offset"]] == players          # the durak is last
        assert rec["first_out"] != rec["loser_offset"]
        assert places[rec["first_out"]] == 1
        assert rec["points"] is None                            # no outcome.points
    assert seen > 0


def test_first_out_is_the_engines_winner_where_the_winner_is_first_out():
    engine = load_engine("first-out-wins")
    rng = random.Random(3)
    for seed in range(15):
        game = engine.new_game(3, seed)
        first = game.attacker
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        rec = record(game, first, 3)
        assert (first + rec["first_out"]) % 3 == game.winner
        assert game.winner != game.loser


def test_ace_points_only_the_durak_scores_one_plus_its_aces():
    engine = load_engine("ace-points")
    rng = random.Random(5)
    for seed in range(15):
        game = engine.new_game(3, seed)
        first = game.attacker
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        rec = record(game, first, 3)
        by_seat = {(first + k) % 3: p for k, p in enumerate(rec["points"])}
        if game.loser is None:
            continue
        aces = sum(1 for card in game.hands[game.loser] if str(card).startswith("A"))
        assert by_seat[game.loser] == 1 + aces
        assert sum(rec["points"]) == 1 + aces


def test_recording_results_leaves_the_durak_figures_unchanged():
    task = (["transfer"], 3, ["random"] * 3, 11, 0, 40, False)
    alone = run_chunk(task)["variants"]["transfer"]
    with_results = run_chunk((["transfer", "first-out-wins"], *task[1:]))["variants"]
    assert "results" not in alone                     # a plain run: output as before
    assert with_results["transfer"]["results"]["games"] == 40 - alone["unfinished"]
    assert {k: v for k, v in with_results["transfer"].items() if k != "results"} == alone


def test_results_merge_like_the_rest_and_survive_to_dict():
    recs = [r for r in _games("ace-points", 3, 30)]
    whole, parts = Stats(3), [Stats(3), Stats(3)]
    for i, rec in enumerate(recs):
        rec["loser_bot"] = 0
        whole.add(rec)
        parts[i % 2].add(rec)
    merged = Stats.from_dict(parts[0].to_dict()).merge(Stats.from_dict(parts[1].to_dict()))
    assert merged.to_dict() == whole.to_dict()
    summary = whole.summary()
    finished = [r for r in recs if not r["unfinished"]]
    assert summary["points_per_game"] == pytest.approx(
        sum(sum(r["points"]) for r in finished) / len(finished), abs=1e-6)
    assert sum(summary["mean_place_by_seat"]) == pytest.approx(6, abs=1e-5)  # 1 + 2 + 3
    for rate, (lo, hi) in zip(summary["first_out_rate_by_seat"],
                              summary["first_out_rate_by_seat_ci"]):
        assert lo <= rate <= hi


def test_a_variant_against_itself_differs_by_nothing():
    pair = ResultPairs(3, [True, True])
    for rec in _games("ace-points", 3, 20):
        if not rec["unfinished"]:
            pair.add(rec, rec)
    out = PairStats(3, results=pair).summary("a")
    assert out["first_out_rate_by_seat_diff"] == [0.0, 0.0, 0.0]
    assert out["mean_place_by_seat_diff"] == [0.0, 0.0, 0.0]
    assert out["points_per_game_diff"] == 0.0
    assert not any(out["first_out_rate_by_seat_diff_significant"])


def test_points_of_one_side_only_are_not_differenced():
    pair = ResultPairs(2, [False, True])
    out = pair.summary("transfer", lambda k, n, joint: (0.0, (0.0, 0.0)), lambda ci: False)
    assert "points_per_game_diff" not in out
    assert out["points_note"] == "no paired point differences: only this variant scores points"
    assert ResultStats.from_dict(ResultStats(2, True).to_dict()).points


def test_compare_prints_first_out_and_places_for_both_with_intervals():
    proc = durakc("compare", "podkidnoy", "first-out-wins", "--players", "4", "--games", "60")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    split = next(i for i, line in enumerate(lines) if line.startswith("paired differences"))
    for part, brackets in ((lines[:split], 2), (lines[split:], 1)):  # both variants; their diff
        rows = [line for line in part if line.startswith(("first out,", "mean place,"))]
        assert len(rows) == 2 * 4                                     # 4 seats each
        assert all(line.count("[") == brackets for line in rows)      # each with its interval
    assert any(line.startswith("loss rate, first attacker +3") for line in lines)
    assert not any(line.startswith("points") for line in lines)  # nobody scores points


def test_compare_ace_points_prints_points_per_game():
    doc = durakc_json("compare", "ace-points", "transfer", "--players", "3", "--games", "30")
    points = doc["variants"]["ace-points"]
    assert "points_per_game" not in doc["variants"]["transfer"]
    assert points["points_per_game_ci"][0] <= points["points_per_game"] \
        <= points["points_per_game_ci"][1]
    assert points["points_per_game"] >= 1            # a durak every finished game
    assert "points_note" in doc["paired_differences"]["transfer"]
    text = table(doc)
    assert "points per game, all seats" in text
    assert "transfer: no paired point differences: only ace-points scores points" in text


def test_simulate_of_a_plain_spec_prints_no_result_rows():
    proc = durakc("simulate", "podkidnoy", "--games", "20", "--players", "3")
    assert proc.returncode == 0, proc.stderr
    assert "first out" not in proc.stdout and "place" not in proc.stdout


def test_report_has_a_results_section_with_points_where_scored(tmp_path):
    out = tmp_path / "r"
    proc = durakc("report", "ace-points", "transfer", "--players", "3", "--games", "40",
                  "--strong-games", "0", "--backend", "python", "--jobs", "1",
                  "--format", "md,json", "--out", out)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads((tmp_path / "r.json").read_text())
    ids = [s["id"] for s in doc["sections"]]
    assert ids.index("results") == ids.index("outcome") + 1
    rows = {r["measure"]: r for r in next(s for s in doc["sections"]
                                          if s["id"] == "results")["rows"]}
    assert set(rows["first out, first attacker"]["values"]) == {"ace-points", "transfer"}
    assert set(rows["points per game, all seats"]["values"]) == {"ace-points"}
    assert rows["points per game, all seats"]["paired"] is None      # transfer has no points
    assert rows["mean place, first attacker +2"]["paired"]["transfer"]["diff"] == 0  # same games
    md = (tmp_path / "r.md").read_text()
    assert "## Results" in md and "| points per game, all seats | " in md


def test_a_match_variant_plays_its_match_to_the_end():
    assert scores(load_engine("match-to-three"))["match"]
    recs = [r for r in _games("match-to-three", 3, 12, matches=True) if not r["unfinished"]]
    assert recs
    for rec in recs:
        match = rec["match"]
        if match["unfinished"]:
            continue
        assert match["games"] >= 3                   # someone lost three games
        assert match["winner"] != match["loser"]
    stats = Stats(3)
    for rec in recs:
        rec["loser_bot"] = 0
        stats.add(rec)
    again = Stats.from_dict(stats.to_dict())
    assert again.to_dict() == stats.to_dict()
    summary = stats.summary()
    ended = [r["match"] for r in recs if not r["match"]["unfinished"]]
    assert summary["matches"] == len(ended)
    assert summary["mean_match_games"] == pytest.approx(
        sum(m["games"] for m in ended) / len(ended), abs=1e-6)
    assert sum(summary["match_loser_rate_by_seat"]) == pytest.approx(1, abs=1e-5)
    pair = PairStats(3)
    for rec in recs:
        pair.add(rec, rec)
    out = pair.summary("a")
    assert out["mean_match_games_diff"] == 0 and out["matches"] == len(ended)
    assert out["match_loser_rate_by_seat_diff"] == [0.0, 0.0, 0.0]


def test_matches_are_played_only_when_asked_and_only_for_a_match_rule():
    assert all("match" not in r for r in _games("first-out-wins", 3, 5, matches=True))
    plain = [r for r in _games("match-to-three", 3, 5) if not r["unfinished"]]
    assert plain and all("match" not in r and "places" in r for r in plain)
    doc = durakc_json("simulate", "match-to-three", "--players", "3", "--games", "6",
                      "--matches")
    summary = doc["variants"]["match-to-three"]
    assert summary["matches"] + summary["matches_unfinished"] == summary["finished"]
    assert summary["mean_match_games"] >= 3


def test_results_do_not_depend_on_shards():
    from durakc.sim.merge import merge_shards
    from durakc.sim.report import document

    common = ("--players", "3", "--seed", "2", "--format", "stats")
    shards = [durakc_json_raw("compare", "transfer", "first-out-wins", "ace-points", *common,
                              "--start", str(a), "--games", str(n)) for a, n in ((0, 9), (9, 7))]
    whole = durakc_json_raw("compare", "transfer", "first-out-wins", "ace-points", *common,
                            "--games", "16")
    _, stats, pairs, problems = merge_shards(shards)
    assert not problems
    assert {n: s.to_dict() for n, s in stats.items()} == whole["variants"]
    assert {n: p.to_dict() for n, p in pairs.items()} == whole["pairs"]
    assert "results" in whole["variants"]["transfer"]
    doc = document(stats, 3, 2, ["random"] * 3, False, pairs)
    assert "points_per_game" in doc["variants"]["ace-points"]


def durakc_json_raw(*args):
    proc = durakc(*args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@needs_cc
def test_native_and_python_print_the_same_results():
    args = ("compare", "podkidnoy", "first-out-wins", "ace-points", "--players", "3",
            "--games", "30", "--seed", "5", "--format", "json")
    python = durakc(*args, "--backend", "python")
    native = durakc(*args, "--backend", "native")
    assert python.returncode == native.returncode == 0, native.stderr
    assert native.stdout == python.stdout
    assert "first_out_rate_by_seat" in json.loads(native.stdout)["variants"]["podkidnoy"]


def test_merging_results_never_shares_the_counts_merged_in():
    recs = [r for r in _games("ace-points", 2, 6) if not r["unfinished"]]
    for rec in recs:
        rec["loser_bot"] = 0
    part, total = Stats(2), Stats(2)
    part.add(recs[0])
    total.merge(part)
    before = total.to_dict()
    part.add(recs[1])                         # counting on in the part ...
    assert total.to_dict() == before          # ... leaves the merged total as it was
    pair, pairs = PairStats(2), PairStats(2)
    pair.add(recs[0], recs[0])
    pairs.merge(pair)
    before = pairs.to_dict()
    pair.add(recs[1], recs[1])
    assert pairs.to_dict() == before


def test_report_with_matches_shows_match_figures_counted_over_matches(tmp_path):
    out = tmp_path / "r.json"
    proc = durakc("report", "match-to-three", "transfer", "--players", "3", "--games", "12",
                  "--strong-games", "0", "--backend", "python", "--jobs", "1", "--matches",
                  "--format", "json", "--out", out)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads(out.read_text())
    rows = {r["measure"]: r for r in next(s for s in doc["sections"]
                                          if s["id"] == "results")["rows"]}
    lost = [rows[f"match lost, first attacker{f' +{k}' if k else ''}"]["values"]
            ["match-to-three"] for k in range(3)]
    assert sum(c["value"] for c in lost) == pytest.approx(1, abs=1e-5)  # one loser a match
    assert "transfer" not in rows["games per match"]["values"]
    assert rows["games per match"]["values"]["match-to-three"]["value"] >= 3
