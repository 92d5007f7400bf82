"""Issue 13 §4: paired differences between variants (B minus A), mergeable, in every format."""

import csv
import io
import json
import math
import random
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st
from sim_support import FAKE, ROOT, durakc, durakc_json, fake_variant

from durakc.sim.paired import PairStats, newcombe_paired
from durakc.sim.runner import chunk_ranges
from durakc.sim.stats import Z95


def _wald_paired(both, only_a, only_b, n):
    """The textbook large-sample interval of a paired difference of rates (B minus A)."""
    diff = (only_b - only_a) / n
    var = ((only_a + only_b) / n - diff * diff) / n
    return diff - Z95 * math.sqrt(var), diff + Z95 * math.sqrt(var)


def test_newcombe_agrees_with_the_large_sample_interval_when_n_is_large():
    for both, only_a, only_b, n in [(3000, 900, 1100, 10000), (200, 2000, 2600, 40000)]:
        lo, hi = newcombe_paired(both, only_a, only_b, n)
        wlo, whi = _wald_paired(both, only_a, only_b, n)
        assert abs(lo - wlo) < 0.002 and abs(hi - whi) < 0.002


def test_newcombe_is_sensible_where_the_large_sample_interval_is_not():
    # no discordant pairs: the Wald interval collapses to [0, 0]; the difference is still unsure
    lo, hi = newcombe_paired(5, 0, 0, 20)
    assert lo < 0 < hi
    # an extreme difference stays inside [-1, 1]
    lo, hi = newcombe_paired(0, 0, 10, 10)
    assert 0 < lo < hi <= 1


@given(st.integers(0, 60), st.integers(0, 60), st.integers(0, 60), st.integers(0, 60))
def test_newcombe_contains_the_estimate_and_is_antisymmetric(both, only_a, only_b, neither):
    n = both + only_a + only_b + neither
    if n == 0:
        return
    lo, hi = newcombe_paired(both, only_a, only_b, n)
    assert -1 <= lo <= (only_b - only_a) / n <= hi <= 1
    rlo, rhi = newcombe_paired(both, only_b, only_a, n)
    assert math.isclose(rlo, -hi, abs_tol=1e-12) and math.isclose(rhi, -lo, abs_tol=1e-12)


def _record(rng, players, unfinished=None):
    draw = rng.random() < 0.15
    return {"unfinished": unfinished, "draw": draw,
            "loser_offset": None if draw else rng.randrange(players),
            "actions": rng.randrange(20, 90)}


def test_pair_differences_are_those_of_the_paired_games():
    rng = random.Random(5)
    pairs = [(_record(rng, 3), _record(rng, 3)) for _ in range(300)]
    pairs += [(_record(rng, 3, "cycle"), _record(rng, 3)), (_record(rng, 3), _record(rng, 3, "cap"))]
    stats = PairStats(3)
    for a, b in pairs:
        stats.add(a, b)
    s = stats.summary("A")
    kept = [(a, b) for a, b in pairs if not a["unfinished"] and not b["unfinished"]]
    assert s["games"] == 300 == len(kept) and s["excluded"] == 2 and s["against"] == "A"
    for k in range(3):
        want = sum((b["loser_offset"] == k) - (a["loser_offset"] == k) for a, b in kept) / 300
        assert math.isclose(s["loss_rate_by_seat_diff"][k], want, abs_tol=1e-6)
        lo, hi = s["loss_rate_by_seat_diff_ci"][k]
        assert lo <= s["loss_rate_by_seat_diff"][k] <= hi
        assert s["loss_rate_by_seat_diff_significant"][k] == (lo > 0 or hi < 0)
    want = sum(b["draw"] - a["draw"] for a, b in kept) / 300
    assert math.isclose(s["draw_rate_diff"], want, abs_tol=1e-6)
    diffs = [b["actions"] - a["actions"] for a, b in kept]
    assert math.isclose(s["mean_actions_diff"], sum(diffs) / 300, abs_tol=1e-6)


@settings(max_examples=30)
@given(st.integers(1, 150), st.integers(1, 40), st.integers(0, 2**32))
def test_merging_pair_shards_equals_the_whole(games, size, seed):
    rng = random.Random(seed)
    pairs = [(_record(rng, 2, rng.choice([None] * 9 + ["cycle"])), _record(rng, 2))
             for _ in range(games)]
    whole = PairStats(2)
    for a, b in pairs:
        whole.add(a, b)
    merged = PairStats(2)
    for lo, hi in chunk_ranges(games, size):
        shard = PairStats(2)
        for a, b in pairs[lo:hi]:
            shard.add(a, b)
        merged.merge(PairStats.from_dict(json.loads(json.dumps(shard.to_dict()))))
    assert merged.to_dict() == whole.to_dict()
    assert merged.summary("x") == whole.summary("x")


def test_compare_reports_paired_differences_in_every_format(tmp_path):
    other = fake_variant(tmp_path)
    args = ("compare", FAKE, other, "--games", "60", "--seed", "3", "--bots", "greedy")
    doc = durakc_json(*args)
    diff = doc["paired_differences"]["fake-notransfer"]
    assert diff["against"] == "fake" and diff["games"] + diff["excluded"] == 60
    a, b = doc["variants"]["fake"], doc["variants"]["fake-notransfer"]
    if diff["excluded"] == 0:   # then the difference is that of the two rates
        for k in range(2):
            assert math.isclose(diff["loss_rate_by_seat_diff"][k],
                                b["loss_rate_by_seat"][k] - a["loss_rate_by_seat"][k], abs_tol=1e-5)
    table = durakc(*args).stdout
    assert "paired differences, fake-notransfer minus fake" in table
    section = table.split("paired differences", 1)[1]
    assert "loss rate, first attacker" in section and "draw rate" in section and " pp [" in section
    rows = list(csv.DictReader(io.StringIO(durakc(*args, "--format", "csv").stdout)))
    assert rows[0]["paired_draw_rate_diff"] == ""          # the first variant is the baseline
    assert rows[1]["paired_against"] == "fake"
    assert float(rows[1]["paired_draw_rate_diff_lo"]) <= float(rows[1]["paired_draw_rate_diff"])
    assert rows[1]["paired_loss_rate_by_seat_diff_significant_0"] in ("True", "False")


def test_simulate_of_one_variant_has_no_differences():
    doc = durakc_json("simulate", FAKE, "--games", "10")
    assert doc["paired_differences"] == {}
    assert "paired differences" not in durakc("simulate", FAKE, "--games", "10").stdout


def test_compare_shards_merge_to_the_whole_run_with_differences(tmp_path):
    other = fake_variant(tmp_path)
    paths = []
    for start, games in [(0, 25), (25, 15)]:
        proc = durakc("compare", FAKE, other, "--games", games, "--start", start, "--seed", "6",
                      "--format", "stats")
        assert proc.returncode == 0, proc.stderr
        paths.append(tmp_path / f"shard{start}.json")
        paths[-1].write_text(proc.stdout)
    merged = subprocess.run([sys.executable, "-m", "durakc.sim.merge", *map(str, paths),
                             "--format", "json"], cwd=ROOT, capture_output=True, text=True,
                            check=False)
    assert merged.returncode == 0, merged.stderr
    whole = durakc_json("compare", FAKE, other, "--games", "40", "--seed", "6")
    assert json.loads(merged.stdout) == whole
    assert whole["paired_differences"]["fake-notransfer"]["games"] > 0


# ---------------------------------------------------------------------------
# Issue 21: the first attacker's advantage, paired rounds / takes / transfers, draws plotted
# ---------------------------------------------------------------------------
def _full_record(rng, players):
    record = _record(rng, players)
    record.update(rounds=rng.randrange(5, 15), takes=rng.randrange(0, 5),
                  transfers=rng.randrange(0, 6))
    return record


def _x(record, players):
    """One game's advantage, from its definition: the others' mean loss minus the first's."""
    if record["draw"]:
        return 0.0
    return -1.0 if record["loser_offset"] == 0 else 1 / (players - 1)


def _normal(values):
    n = len(values)
    mean = sum(values) / n
    sd = math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))
    return mean, mean - Z95 * sd / math.sqrt(n), mean + Z95 * sd / math.sqrt(n)


def test_first_attacker_advantage_is_the_others_mean_loss_rate_minus_the_first():
    from durakc.sim.stats import Stats
    rng = random.Random(9)
    records = [_full_record(rng, 3) for _ in range(400)]
    stats = Stats(3)
    for r in records:
        stats.add(dict(r, loser_bot=0, shows=0))
    s = stats.summary()
    rates = s["loss_rate_by_seat"]
    assert math.isclose(s["first_attacker_advantage"], (rates[1] + rates[2]) / 2 - rates[0],
                        abs_tol=1e-5)
    mean, lo, hi = _normal([_x(r, 3) for r in records])
    assert math.isclose(s["first_attacker_advantage"], mean, abs_tol=1e-5)
    assert math.isclose(s["first_attacker_advantage_ci"][0], lo, abs_tol=1e-5)
    assert math.isclose(s["first_attacker_advantage_ci"][1], hi, abs_tol=1e-5)


def test_paired_advantage_rounds_takes_transfers_are_those_of_the_game_differences():
    rng = random.Random(11)
    pairs = [(_full_record(rng, 3), _full_record(rng, 3)) for _ in range(300)]
    stats = PairStats(3)
    for a, b in pairs:
        stats.add(a, b)
    s = stats.summary("A")
    mean, lo, hi = _normal([_x(b, 3) - _x(a, 3) for a, b in pairs])
    assert math.isclose(s["first_attacker_advantage_diff"], mean, abs_tol=1e-5)
    assert s["first_attacker_advantage_diff_ci"] == [round(lo, 6), round(hi, 6)]
    for name in ("rounds", "takes", "transfers"):
        mean, lo, hi = _normal([b[name] - a[name] for a, b in pairs])
        assert math.isclose(s[f"mean_{name}_diff"], mean, abs_tol=1e-5)
        assert s[f"mean_{name}_diff_ci"] == [round(lo, 6), round(hi, 6)]
        assert s[f"mean_{name}_diff_significant"] == (lo > 0 or hi < 0)


def test_compare_table_has_the_advantage_row_and_paired_rounds_takes_transfers(tmp_path):
    other = fake_variant(tmp_path)
    table = durakc("compare", FAKE, other, "--games", "40", "--seed", "3", "--bots",
                   "greedy").stdout
    head, section = table.split("paired differences", 1)
    assert "first attacker's advantage" in head and " pp [" in head
    for label in ("first attacker's advantage", "rounds per game (mean)", "takes per game",
                  "transfers per game"):
        line = next(ln for ln in section.splitlines() if ln.startswith(label))
        assert "[" in line, line


def test_the_plot_shows_the_draw_rate_with_intervals(tmp_path, monkeypatch):
    import pytest
    pytest.importorskip("matplotlib")
    from matplotlib.figure import Figure

    from durakc.sim import report
    seen = {}
    def savefig(fig, path, **options):  # the plot is saved whole: a temporary file, renamed
        seen.update(labels=[ax.get_ylabel() for ax in fig.axes],
                    bars=[len(ax.containers) for ax in fig.axes], format=options.get("format"))
        open(path, "wb").close()

    monkeypatch.setattr(Figure, "savefig", savefig)
    other = fake_variant(tmp_path)
    doc = durakc_json("compare", FAKE, other, "--games", "20", "--bots", "greedy")
    report.plot(doc, str(tmp_path / "p.png"))
    assert "draw rate" in seen["labels"]
    assert seen["bars"][seen["labels"].index("draw rate")] >= 2   # the bars and their error bars
    assert seen["format"] == "png" and (tmp_path / "p.png").exists()
