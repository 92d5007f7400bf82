"""Issue 21 §2: `durakc report`, the balance report (sections, intervals, determinism)."""

import json
import random
from collections import Counter

import pytest
from sim_support import FAKE, durakc, fake_variant

from durakc.sim import balance_doc
from durakc.sim.balance_run import drama, run_report
from durakc.sim.balance_stats import Measures, hist_quantile, quantile_ci
from durakc.sim.estimates import Estimate, estimate_of, estimates, loser_chances, predicted_loser

SMALL = ("--games", "30", "--strong-games", "3", "--strong", "mcts:2", "--seed", "4")


# -- the measures ------------------------------------------------------------------------
def test_drama_counts_lead_changes_and_how_early_the_loser_is_foreseen():
    trace = [(0, [0.5, 0.3, 0.2]), (10, [0.2, 0.6, 0.2]), (20, [0.1, 0.2, 0.7]),
             (30, [0.1, 0.2, 0.7]), (40, [0.0, 0.1, 0.9])]
    out = drama(trace, loser=2, actions=50)
    assert out == {"lead_changes": 2, "settled": 1, "foreseen": 1 - 20 / 50}
    wrong = drama(trace, loser=0, actions=50)
    assert wrong["settled"] == 0 and wrong["foreseen"] == 0.0
    assert "foreseen" not in drama(trace, loser=None, actions=50)   # a draw
    assert drama([], loser=1, actions=50) == {}


def test_a_tie_is_no_lead_change():
    assert predicted_loser([0.4, 0.4, 0.2], previous=1) == 1
    assert predicted_loser([0.4, 0.4, 0.2]) == 0
    trace = [(0, [0.5, 0.2, 0.3]), (5, [0.4, 0.4, 0.2]), (9, [0.3, 0.5, 0.2])]
    assert drama(trace, loser=1, actions=10)["lead_changes"] == 1


def test_an_own_value_is_spread_over_the_other_seats_still_playing():
    e = Estimate(seat=1, value=0.8)
    assert loser_chances(e, 3) == pytest.approx([0.4, 0.2, 0.4])
    assert loser_chances(e, 3, out=[2]) == pytest.approx([0.8, 0.2, 0.0])
    assert loser_chances(Estimate(0, 0.5, (0.5, 0.25, 0.25)), 3) == [0.5, 0.25, 0.25]


def test_mcts_publishes_its_estimate_per_decision():
    from durakc.loading.engines import load_engine
    from durakc.sim.bots import get_bot, greedy_bot
    bot = get_bot("mcts:3")
    assert estimates(bot) and not estimates(greedy_bot)
    game = load_engine(FAKE).new_game(3, 5)
    rng = random.Random(1)
    seen = 0
    while not game.is_over and seen < 5:
        seat = game.to_move
        action = bot(game, seat, rng)
        e = estimate_of(bot)
        if len(game.legal_actions()) == 1:
            assert e is None
        else:
            seen += 1
            assert e.seat == seat and 0 <= e.value <= 1 and e.samples == 3
            assert len(e.loser) == 3 and sum(e.loser) <= 1 + 1e-9
            assert e.loser[seat] <= 1 - e.value + 1e-9      # a draw counts as not losing
        game.apply(action)


def test_measures_merge_to_the_whole_and_pair_up():
    rng = random.Random(3)
    games = [[{"x": rng.random(), "r": rng.randrange(2)} for _ in range(3)] for _ in range(90)]
    for g in games[::7]:
        g[1]["x"] = None
    whole = Measures(3, ("x", "r"))
    for g in games:
        whole.add(g)
    merged = Measures(3, ("x", "r"))
    for k in range(0, 90, 25):
        part = Measures(3, ("x", "r"))
        for g in games[k:k + 25]:
            part.add(g)
        merged.merge(Measures.from_dict(json.loads(json.dumps(part.to_dict()))))
    for v in range(3):
        for name in ("x", "r"):
            assert merged.mean(v, name)["value"] == pytest.approx(whole.mean(v, name)["value"])
            assert merged.mean(v, name)["ci"] == pytest.approx(whole.mean(v, name)["ci"])
    assert merged.to_dict()["paired"][1][1] == whole.to_dict()["paired"][1][1]  # counts: exact
    pairs = [(g[0]["x"], g[1]["x"]) for g in games if g[1]["x"] is not None]
    diff = whole.paired_mean(1, "x")
    assert diff["games"] == len(pairs)
    assert diff["diff"] == pytest.approx(sum(b - a for a, b in pairs) / len(pairs))
    rate = whole.paired_rate(2, "r")
    assert rate["diff"] == pytest.approx(sum(g[2]["r"] - g[0]["r"] for g in games) / 90)
    assert rate["ci"][0] <= rate["diff"] <= rate["ci"][1]


def test_quartiles_from_a_histogram():
    values = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8]
    hist = Counter(values)
    ordered = sorted(values)
    for q in (0.25, 0.5, 0.75):
        pos = (len(values) - 1) * q
        lo = ordered[int(pos)]
        want = lo + (ordered[min(len(values) - 1, int(pos) + 1)] - lo) * (pos - int(pos))
        assert hist_quantile(hist, q) == pytest.approx(want)
        low, high = quantile_ci(hist, q)
        assert low <= hist_quantile(hist, q) <= high


# -- the report --------------------------------------------------------------------------
def _figures(doc):
    """Every figure of a report document: (section, measure, variant, cell, paired?)."""
    for section in doc["sections"]:
        for row in section["rows"]:
            for name, cell in row["values"].items():
                yield section["id"], row["measure"], name, cell, False
            for name, cell in (row["paired"] or {}).items():
                yield section["id"], row["measure"], name, cell, True


def test_every_section_is_present_and_every_figure_has_an_interval(tmp_path):
    other = fake_variant(tmp_path)
    out = tmp_path / "r"
    proc = durakc("report", FAKE, other, *SMALL, "--backend", "python", "--players", "3",
                  "--format", "md,json,html", "--out", out)
    assert proc.returncode == 0, proc.stderr
    doc = json.loads((tmp_path / "r.json").read_text())
    assert [s["id"] for s in doc["sections"]] == list(balance_doc.SECTIONS)
    measures = {s["id"]: [r["measure"] for r in s["rows"]] for s in doc["sections"]}
    assert "first attacker's advantage" in measures["fairness"]
    assert {"draw rate", "unfinished games (share of all)"} <= set(measures["outcome"])
    assert {"actions per game (median)", "rounds per game (upper quartile)", "takes per game",
            "transfers per game"} <= set(measures["length"])
    assert any(m.startswith("skill gap") for m in measures["skill"])
    assert {"lead changes per game", "loser foreseen (share of the game still to come)"
            } <= set(measures["drama"])
    figures = list(_figures(doc))
    assert len(figures) > 60
    for sid, measure, name, cell, paired in figures:
        lo, hi = cell["ci"]
        value = cell["diff"] if paired else cell["value"]
        assert lo <= value + 1e-9 and value <= hi + 1e-9, (sid, measure, name, cell)
        assert isinstance(cell["games"], int), (sid, measure)
    assert doc["games"] == {"rates": 30, "strong": 3}
    md = (tmp_path / "r.md").read_text()
    page = (tmp_path / "r.html").read_text()
    for section in doc["sections"]:
        assert f"## {section['title']}" in md and f">{section['title']}</h2>" in page
        assert f"{section['games']} games per variant" in md
    for line in md.splitlines():
        if line.startswith("| ") and not line.startswith("| measure"):
            cells = line.strip("|").split(" | ")[1:]
            assert cells and all("[" in c and "]" in c for c in cells), line
    assert page.count('src="data:image/png;base64,') == len(doc["sections"])
    assert "<script" not in page and "http" not in page.split("<body>")[1]   # self-contained


@pytest.fixture(scope="module")
def scheduler():
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  protocol="tcp://", host="127.0.0.1",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


def test_the_report_is_byte_identical_across_jobs_and_dask(tmp_path, scheduler):
    pytest.importorskip("matplotlib")
    args = ("report", "transfer", "podkidnoy", "proyezdnoy", "kyiv", "--players", "3", *SMALL,
            "--format", "md,json,html")
    outputs = {}
    for how, extra in (("one", ("--jobs", "1")), ("two", ("--jobs", "2")),
                       ("dask", ("--dask", scheduler))):
        proc = durakc(*args, *extra, "--out", tmp_path / how)
        assert proc.returncode == 0, proc.stderr
        outputs[how] = [(tmp_path / f"{how}.{fmt}").read_bytes() for fmt in ("md", "json", "html")]
    assert outputs["one"] == outputs["two"] == outputs["dask"]
    from durakc.native.build import unavailable_reason
    # report's default, native, falls back to the Python engines without a C compiler
    wanted = "native" if unavailable_reason() is None else "python"
    assert json.loads(outputs["one"][1])["backend"] == wanted


def test_the_strong_bot_is_search_16_and_it_publishes_every_seats_chances():
    """The default strong bot is search:16 (within the 3-minute budget of the default
    report); its estimates hold each seat's chance of being the durak, summing with the
    draws' share to 1, and its own chance of not losing."""
    from durakc.commands.report_cmd import default_strong
    from durakc.loading.engines import load_engine
    from durakc.sim.bots import get_bot

    assert default_strong() == "search:16"
    bot = get_bot("search:4")
    assert estimates(bot)
    game = load_engine("transfer").new_game(2, seed=3)
    rng = random.Random(1)
    while not game.is_over and len(game.legal_actions()) == 1:
        game.apply(game.legal_actions()[0])
    seat = game.to_move
    bot(game, seat, rng)
    est = estimate_of(bot)
    assert est is not None and est.seat == seat
    assert 0.0 <= est.value <= 1.0 and est.samples >= 1
    assert est.loser is not None and len(est.loser) == 2
    assert sum(est.loser) <= 1.0 + 1e-9
    assert est.value == pytest.approx(1 - est.loser[seat] - (1 - sum(est.loser)) / 2)


def test_run_report_counts_every_game_of_both_kinds():
    played = run_report([FAKE], 2, 12, 4, "mcts:2", 1, backend="python")
    assert played["stats"][FAKE].games == 12
    m = played["measures"]
    assert m.rate(0, "unfinished")["games"] == 4


@pytest.mark.parametrize("args, message", [
    (("--format", "md,json"), "several formats need --out FILE"),
    (("--format", "pdf"), "pdf is not one of md, json, html"),
    (("--strong", "nope"), "unknown bot 'nope'"),
    (("--strong-games", "-1"), "--strong-games at least 0"),
])
def test_usage_errors(args, message):
    proc = durakc("report", FAKE, "--backend", "python", *args)
    assert proc.returncode == 2 and message in proc.stderr, proc.stderr
    assert "Traceback" not in proc.stderr


def test_html_without_matplotlib_is_a_usage_error(monkeypatch, capsys):
    from durakc.cli import main
    from durakc.sim import report
    monkeypatch.setattr(report, "have_matplotlib", lambda: False)
    assert main(["report", FAKE, "--backend", "python", "--format", "html"]) == 2
    assert "pip install 'durakc[plot]'" in capsys.readouterr().err


def test_a_team_variant_reports_each_teams_loss_rate(tmp_path):
    pytest.importorskip("matplotlib")
    proc = durakc("report", "pairs", "--players", "4", "--games", "20", "--strong-games", "0",
                  "--format", "json,html", "--out", tmp_path / "t")
    assert proc.returncode == 0, proc.stderr
    doc = json.loads((tmp_path / "t.json").read_text())
    fairness = doc["sections"][0]["rows"]
    assert [r["measure"] for r in fairness][-2:] == ["loss rate, team {0,2}",
                                                      "loss rate, team {1,3}"]
    assert "team {0,2}" in (tmp_path / "t.html").read_text()


def test_progress_goes_to_stderr_only():
    proc = durakc("report", FAKE, "--backend", "python", "--games", "20", "--strong-games", "2",
                  "--strong", "mcts:2", "--progress")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("# Balance report: fake\n") and "100%" in proc.stderr


def test_the_skill_games_are_those_of_simulate_with_the_bots_rotated():
    """Game i of the strong batch is `simulate --bots mcts:2,greedy --rotate`'s game i."""
    from durakc.sim.runner import simulate
    played = run_report([FAKE], 2, 5, 12, "mcts:2", 2, backend="python")
    stats, _ = simulate([FAKE], 2, 12, ["mcts:2", "greedy"], 2, rotate=True)
    s = stats[FAKE].summary(["mcts:2", "greedy"])
    m = played["measures"]
    assert m.rate(0, "strong_lost")["games"] == s["finished"] > 0
    assert m.rate(0, "strong_lost")["value"] == pytest.approx(s["loss_rate_by_bot"]["mcts:2"], abs=1e-6)
    assert m.mean(0, "weak_lost")["value"] == pytest.approx(s["loss_rate_by_bot"]["greedy"], abs=1e-6)
    assert m.rate(0, "draw")["value"] == pytest.approx(s["draw_rate"], abs=1e-6)


def test_a_bot_that_knows_only_its_own_value_still_gives_the_drama_figures(monkeypatch):
    """The interface a new search bot may supply first: `Estimate(seat, value)` alone."""
    from durakc.sim import bots
    from durakc.sim.estimates import publish

    def make(n):
        inner = bots.get_bot("mcts:2")

        def own_value_bot(game, seat, rng, repeated=False):
            action = inner(game, seat, rng, repeated)
            e = estimate_of(inner)
            publish(own_value_bot, None if e is None else Estimate(e.seat, e.value))
            return action
        publish(own_value_bot, None)
        return own_value_bot

    monkeypatch.setitem(bots.BOTS, "own", bots.BotKind(make))
    m = run_report([FAKE], 2, 5, 6, "own", 3, backend="python")["measures"]
    assert m.mean(0, "estimates")["value"] > 0
    assert m.mean(0, "lead_changes")["games"] == m.rate(0, "draw")["games"]
    assert m.rate(0, "settled")["games"] > 0
