"""simulate / compare through the CLI, in a subprocess: shapes, pairing, --jobs, formats."""

import csv
import io
import json
import subprocess
import sys

import pytest
from sim_support import FAKE, ROOT, durakc, durakc_json, fake_variant, need_bundled

from durakc.loading.engines import load_engine
from durakc.sim.runner import game_seed

SHAPE = {"games", "draw_rate", "draw_rate_ci", "loss_rate_by_seat", "loss_rate_by_seat_ci",
         "mean_actions", "mean_actions_ci", "median_actions", "mean_rounds", "mean_rounds_ci",
         "median_rounds", "takes_per_game", "takes_per_game_ci", "transfers_per_game",
         "transfers_per_game_ci", "shows_per_game", "shows_per_game_ci", "unfinished",
         "finished", "unfinished_cycle", "unfinished_cap"}


def _check_shape(doc, names, players, games):
    assert set(doc) >= {"variants", "players", "seed", "bots", "paired"}
    assert doc["paired"] is True and doc["players"] == players
    assert list(doc["variants"]) == names
    for v in doc["variants"].values():
        assert SHAPE <= set(v)
        assert v["games"] == games
        assert len(v["loss_rate_by_seat"]) == players == len(v["loss_rate_by_seat_ci"])
        assert v["finished"] + v["unfinished"] == games
        assert v["unfinished"] == v["unfinished_cycle"] + v["unfinished_cap"]
        total = sum(v["loss_rate_by_seat"]) + v["draw_rate"]  # over finished games
        assert abs(total - (1 if v["finished"] else 0)) < 1e-5
        for lo, hi in [v["draw_rate_ci"], v["mean_actions_ci"], *v["loss_rate_by_seat_ci"]]:
            assert lo <= hi
        assert v["mean_actions_ci"][0] <= v["mean_actions"] <= v["mean_actions_ci"][1]


def test_simulate_fake_engine_json_shape():
    doc = durakc_json("simulate", FAKE, "--players", "3", "--games", "40", "--seed", "4")
    _check_shape(doc, ["fake"], 3, 40)
    assert doc["bots"] == ["random"] * 3 and doc["seed"] == 4


def test_jobs_do_not_change_results_fake(tmp_path):
    other = fake_variant(tmp_path)
    args = ("compare", FAKE, other, "--games", "90", "--bots", "greedy,random", "--rotate")
    one, two = durakc_json(*args, "--jobs", "1"), durakc_json(*args, "--jobs", "2")
    assert one == two
    _check_shape(one, ["fake", "fake-notransfer"], 2, 90)
    assert set(one["variants"]["fake"]["loss_rate_by_bot"]) == {"greedy", "random"}
    assert one["variants"]["fake-notransfer"]["transfers_per_game"] == 0


def test_table_and_csv_formats(tmp_path):
    other = fake_variant(tmp_path)
    proc = durakc("compare", FAKE, other, "--games", "20")
    assert proc.returncode == 0, proc.stderr
    assert "paired deals" in proc.stdout and "fake-notransfer" in proc.stdout
    assert "loss rate, first attacker" in proc.stdout
    proc = durakc("compare", FAKE, other, "--games", "20", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(proc.stdout)))
    assert [r["variant"] for r in rows] == ["fake", "fake-notransfer"]
    assert {"draw_rate_lo", "draw_rate_hi", "loss_rate_by_seat_0_lo", "mean_actions"} <= set(rows[0])


def test_usage_errors():
    assert durakc("simulate", "no-such-variant", "--games", "2").returncode == 2
    assert durakc("simulate", FAKE, "--players", "9", "--games", "2").returncode == 2
    assert durakc("simulate", FAKE, "--bots", "random,greedy,random,random").returncode == 2
    assert durakc("simulate", FAKE, "--bots", "nobody").returncode == 2
    assert durakc("compare", FAKE, FAKE, "--games", "2").returncode == 2


def test_plot_without_matplotlib_exits_2(tmp_path):
    try:
        import matplotlib  # noqa: F401
        pytest.skip("matplotlib is installed")
    except ImportError:
        pass
    proc = durakc("simulate", FAKE, "--games", "2", "--plot", tmp_path / "x.png")
    assert proc.returncode == 2
    assert "matplotlib is not installed: pip install 'durakc[plot]'" in proc.stderr


def test_progress_bar_on_request():
    """Progress (games, rate, time left) on stderr only: stdout stays the report."""
    proc = durakc("simulate", FAKE, "--games", "10", "--progress")
    quiet = durakc("simulate", FAKE, "--games", "10")
    assert proc.returncode == 0 and "10/10 [" in proc.stderr and "games/s" in proc.stderr
    assert "<" in proc.stderr  # elapsed<remaining
    assert proc.stdout == quiet.stdout
    assert quiet.stderr == ""  # stderr is not a terminal here


def test_bundled_compare_and_jobs():
    need_bundled("transfer", "podkidnoy", "proyezdnoy", "kyiv")
    names = ["transfer", "podkidnoy", "proyezdnoy", "kyiv"]
    args = ("compare", *names, "--players", "3", "--games", "60", "--seed", "2")
    one, two = durakc_json(*args, "--jobs", "1"), durakc_json(*args, "--jobs", "2")
    assert one == two
    _check_shape(one, names, 3, 60)
    assert one["variants"]["podkidnoy"]["transfers_per_game"] == 0
    assert one["variants"]["transfer"]["shows_per_game"] == 0


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_paired_deals_share_initial_hands(players):
    """Game i of a comparison is dealt from the same seed in every variant: same hands.

    Podkidnoy redeals when nobody holds a trump (P3), so its deal may differ exactly then."""
    need_bundled("transfer", "podkidnoy", "proyezdnoy", "kyiv")
    engines = {n: load_engine(n) for n in ("transfer", "podkidnoy", "proyezdnoy", "kyiv")}
    for i in range(200):
        seed = game_seed(11, i)
        games = {n: e.new_game(players, seed) for n, e in engines.items()}
        base = games["transfer"]
        for name in ("proyezdnoy", "kyiv"):
            assert games[name].hands == base.hands and games[name].stock == base.stock
        if games["podkidnoy"].hands != base.hands:
            assert not any(c[-1] == base.trump for h in base.hands for c in h)


def test_shards_merge_to_the_whole_run(tmp_path):
    """Cluster recipe: shards by game ranges (--start/--games, --format stats), then merge."""
    spans = [(0, 35), (35, 20), (55, 25)]
    paths = []
    for start, games in spans:
        proc = durakc("simulate", FAKE, "--games", games, "--start", start, "--seed", "9",
                      "--format", "stats")
        assert proc.returncode == 0, proc.stderr
        paths.append(tmp_path / f"shard{start}.json")
        paths[-1].write_text(proc.stdout)
    merged = subprocess.run([sys.executable, "-m", "durakc.sim.merge", *map(str, paths),
                             "--format", "json"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert merged.returncode == 0 and merged.stderr == ""
    whole = durakc_json("simulate", FAKE, "--games", "80", "--seed", "9")
    assert json.loads(merged.stdout) == whole


def test_overlapping_shards_are_refused_naming_the_ranges(tmp_path):
    """Issue 19 3g: `merge s1.json s1.json` warned and reported twice the games."""
    paths = {}
    for start, games in ((0, 30), (20, 30)):
        proc = durakc("simulate", FAKE, "--games", games, "--start", start, "--seed", "9",
                      "--format", "stats")
        assert proc.returncode == 0, proc.stderr
        paths[start] = tmp_path / f"s{start}.json"
        paths[start].write_text(proc.stdout)

    def merge(*files):
        return subprocess.run([sys.executable, "-m", "durakc.sim.merge", *map(str, files)],
                              cwd=ROOT, capture_output=True, text=True, check=False)

    same = merge(paths[0], paths[0])
    assert same.returncode == 2 and same.stdout == ""
    assert same.stderr == (f"error: shards overlap, so their games would be counted twice: "
                           f"{paths[0]} (games 0-29) and {paths[0]} (games 0-29) both hold "
                           f"games 0-29\n")
    partial = merge(paths[20], paths[0])
    assert partial.returncode == 2
    assert (f"{paths[0]} (games 0-29) and {paths[20]} (games 20-49) both hold games 20-29"
            in partial.stderr)


def test_merge_shards_finds_an_overlap_beyond_the_next_shard():
    from durakc.sim.merge import OverlappingShards, merge_shards
    shard = {"kind": "durakc-sim-stats", "players": 2, "seed": 0, "bots": ["random"] * 2,
             "rotate": False, "variants": {}, "pairs": {}}
    docs = [dict(shard, start=0, games=100), dict(shard, start=10, games=10),
            dict(shard, start=50, games=10)]
    with pytest.raises(OverlappingShards) as info:
        merge_shards(docs, ["a", "b", "c"])
    assert str(info.value).endswith("a (games 0-99) and b (games 10-19) both hold games 10-19; "
                                    "a (games 0-99) and c (games 50-59) both hold games 50-59")


def test_plot_with_matplotlib(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "cmp.png"
    proc = durakc("simulate", FAKE, "--games", "10", "--plot", out)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:4] == b"\x89PNG"
