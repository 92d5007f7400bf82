"""The balance report as a document: sections of rows, every figure with its 95% interval.

`document(...)` turns the games of `balance_run.run_report` into one JSON-ready dict:

    {"kind": "durakc-balance-report", "variants": [...], "players", "seed", "backend",
     "bots": {"fast", "strong", "weak"}, "games": {"rates", "strong"},
     "sections": [{"id", "title", "games", "bots", "note",
                   "rows": [{"measure", "unit", "values": {variant: {"value", "ci", "games"}},
                             "paired": {variant: {"diff", "ci", "significant", "games"}} | None}]}],
     "histograms": {"actions": {variant: {value: count}}, "rounds": ...}}

`paired` holds every later variant minus the first, over the same deals (None for a figure
without a paired difference: medians, quartiles, the unfinished share).  `unit` says how a
figure reads: "rate" (a share, shown in %), "pp" (a difference of shares, in percentage
points), "number".  Every cell says how many games it used (`games`).
"""

from __future__ import annotations

from durakc.sim.balance_run import RATES
from durakc.sim.balance_stats import hist_quantile, quantile_ci
from durakc.sim.stats import clean, hist_median, wilson

SECTIONS = ("fairness", "outcome", "length", "skill", "drama")
"""Section ids, in the report's order.  A "results" section follows "outcome" when a variant
scores a winner or points (`durakc.sim.results`)."""


def _cell(value, ci, games) -> dict:
    return {"value": value, "ci": list(ci), "games": games}


def _pair(summary: dict, key: str) -> dict:
    return {"diff": summary[key], "ci": summary[f"{key}_ci"],
            "significant": summary[f"{key}_significant"], "games": summary["games"]}


def _row(measure: str, unit: str, values: dict, paired: dict | None) -> dict:
    return {"measure": measure, "unit": unit, "values": values, "paired": paired}


class _Rates:
    """Rows from the rate games' summaries (`Stats.summary`, `PairStats.summary`)."""

    def __init__(self, stats: dict, pairs: dict):
        self.names = list(stats)
        self.stats = stats
        self.summary = {n: s.summary() for n, s in stats.items()}
        first = self.names[0]
        self.pairs = {n: p.summary(first) for n, p in pairs.items()}

    def row(self, measure, unit, key, index=None, diff_key=None) -> dict:
        def pick(x):
            return x if index is None else x[index]
        count = "matches" if "match_" in key else "finished"  # a match figure: its matches
        values = {n: _cell(pick(s[key]), pick(s[f"{key}_ci"]), s[count])
                  for n, s in self.summary.items() if key in s}
        paired = None
        if diff_key:
            paired = {}
            for n, d in self.pairs.items():
                if diff_key not in d:  # points of one side only: no difference
                    continue
                if index is None:
                    paired[n] = _pair(d, diff_key)
                else:
                    paired[n] = {"diff": d[diff_key][index], "ci": d[f"{diff_key}_ci"][index],
                                 "significant": d[f"{diff_key}_significant"][index],
                                 "games": d["games"]}
        return _row(measure, unit, values, paired or None)

    def quantile_row(self, measure, field, q) -> dict:
        values = {}
        for n, s in self.stats.items():
            hist = getattr(s, field)
            value = hist_median(hist) if q == 0.5 else hist_quantile(hist, q)
            values[n] = _cell(value, quantile_ci(hist, q), self.summary[n]["finished"])
        return _row(measure, "number", values, None)


def _fairness(r: _Rates, players: int) -> list[dict]:
    rows = []
    for k in range(players):
        label = "loss rate, first attacker" + (f" +{k}" if k else "")
        rows.append(r.row(label, "rate", "loss_rate_by_seat", k, "loss_rate_by_seat_diff"))
    rows.append(r.row("first attacker's advantage", "pp", "first_attacker_advantage",
                      diff_key="first_attacker_advantage_diff"))
    layouts = [s.get("teams") for s in r.summary.values()]
    if layouts[0] is not None and all(t == layouts[0] for t in layouts):   # PR5
        for k, team in enumerate(layouts[0]):
            label = "loss rate, team {" + ",".join(map(str, team)) + "}"
            rows.append(r.row(label, "rate", "loss_rate_by_team", k, "loss_rate_by_team_diff"))
    return rows


def _outcome(r: _Rates) -> list[dict]:
    unfinished = {n: _cell(s["unfinished"] / s["games"], wilson(s["unfinished"], s["games"]),
                           s["games"]) for n, s in r.summary.items()}
    return [r.row("draw rate", "rate", "draw_rate", diff_key="draw_rate_diff"),
            _row("unfinished games (share of all)", "rate", unfinished, None)]


RESULTS = (("first out", "rate", "first_out_rate_by_seat"),
           ("mean place", "number", "mean_place_by_seat"),
           ("points", "number", "points_per_game_by_seat"),
           ("match won", "rate", "match_winner_rate_by_seat"),
           ("match lost", "rate", "match_loser_rate_by_seat"))
"""The by-seat rows of the results section: label, unit, summary key."""


def _results(r: _Rates, players: int) -> list[dict]:
    """First out, mean place and points by seat (and points per game), where scored."""
    rows = []
    for what, unit, key in RESULTS:
        if any(key in s for s in r.summary.values()):
            rows += [r.row(f"{what}, first attacker" + (f" +{k}" if k else ""), unit, key, k,
                           f"{key}_diff") for k in range(players)]  # no winner diff: paired None
    for what, key in (("points per game, all seats", "points_per_game"),
                      ("games per match", "mean_match_games")):
        if any(key in s for s in r.summary.values()):
            rows.append(r.row(what, "number", key, diff_key=f"{key}_diff"))
    return rows


def _length(r: _Rates) -> list[dict]:
    rows = []
    for what in ("actions", "rounds"):
        rows.append(r.row(f"{what} per game (mean)", "number", f"mean_{what}",
                          diff_key=f"mean_{what}_diff"))
        for label, q in (("lower quartile", 0.25), ("median", 0.5), ("upper quartile", 0.75)):
            rows.append(r.quantile_row(f"{what} per game ({label})", what, q))
    for what in ("takes", "transfers"):
        rows.append(r.row(f"{what} per game", "number", f"{what}_per_game",
                          diff_key=f"mean_{what}_diff"))
    return rows


def _measure_row(measures, names, label, unit, key) -> dict:
    rate = key in RATES
    values = {n: (measures.rate if rate else measures.mean)(v, key) for v, n in enumerate(names)}
    paired = {n: (measures.paired_rate if rate else measures.paired_mean)(v, key)
              for v, n in enumerate(names) if v}
    return _row(label, unit, values, paired or None)


def _skill(measures, names, strong) -> list[dict]:
    return [_measure_row(measures, names, f"loss rate, {strong}", "rate", "strong_lost"),
            _measure_row(measures, names, "loss rate, greedy (per seat)", "rate", "weak_lost"),
            _measure_row(measures, names, f"skill gap (greedy's loss rate minus {strong}'s)",
                         "pp", "gap"),
            _measure_row(measures, names, "draw rate", "rate", "draw")]


def _drama(measures, names) -> list[dict]:
    return [_measure_row(measures, names, "loser foreseen (share of the game still to come)",
                         "rate", "foreseen"),
            _measure_row(measures, names, "last prediction names the loser", "rate", "settled"),
            _measure_row(measures, names, "lead changes per game", "number", "lead_changes"),
            _measure_row(measures, names, "estimates per game", "number", "estimates")]


NOTES = {
    "fairness": "Seats are counted from the game's first attacker (+1: the next seat "
                "clockwise); the first attacker's advantage is the other seats' mean loss "
                "rate minus the first attacker's (positive: attacking first helps).  When "
                "every variant has the same teams, each team's loss rate follows.",
    "outcome": "Rates are over finished games; unfinished ones (a repeating cycle or the "
               "action cap) are counted apart, over all games.",
    "results": "What the variants score besides the durak: the rate a seat goes out first "
               "(the winner where a variant's winner is first out), its mean place (1 = "
               "first out, the durak last) and, where a variant scores points, its points "
               "per game ('-': a variant without them); in a match variant, how often a "
               "seat ends first (match won) and last (match lost) in the standings of the "
               "match that game 1 begins, and the games per match.",
    "length": "A round is one opening attack.  Quartiles and medians are exact, with "
              "distribution-free intervals (order statistics).",
    "skill": "The skill gap is "
             "greedy's loss rate per seat minus {strong}'s: how much the stronger bot gains, "
             "a measure of skill against luck.",
    "drama": "From {strong}'s estimates at its decisions (each seat's chance of losing): the "
             "predicted loser is the likeliest; 'loser foreseen' is the share of the game "
             "still to come once the prediction settled on the eventual loser for good (0 "
             "when it never did; games with a loser), a lead change a change of the "
             "predicted loser between two estimates.",
}


def document(names: list[str], played: dict, players: int, seed: int, strong: str,
             fast: str, games: int, strong_games: int, backend: str) -> dict:
    """The report document (module docstring) of the games `played` (`run_report`'s result,
    keyed by the refs in the order of `names`)."""
    refs = list(played["stats"])
    rates = _Rates({n: played["stats"][r] for n, r in zip(names, refs)},
                   {n: played["pairs"][r] for n, r in zip(names[1:], refs[1:])})
    measures = played["measures"]
    fast_bots = f"{fast} in every seat"
    strong_bots = f"{strong} in one seat, greedy in the others, rotated"
    sections = [
        ("fairness", "Fairness", games, fast_bots, _fairness(rates, players)),
        ("outcome", "Outcome", games, fast_bots, _outcome(rates)),
        ("results", "Results", games, fast_bots, _results(rates, players)),
        ("length", "Length and shape", games, fast_bots, _length(rates)),
        ("skill", "Skill depth", strong_games, strong_bots, _skill(measures, names, strong)),
        ("drama", "Decisiveness and drama", strong_games, strong_bots,
         _drama(measures, names)),
    ]
    doc = {"kind": "durakc-balance-report", "variants": list(names), "players": players,
           "seed": seed, "backend": backend,
           "bots": {"fast": fast, "strong": strong, "weak": "greedy"},
           "games": {"rates": games, "strong": strong_games},
           "sections": [{"id": sid, "title": title, "games": n, "bots": bots,
                         "note": NOTES[sid].format(strong=strong), "rows": rows}
                        for sid, title, n, bots, rows in sections if rows],
           "histograms": {what: {n: {str(k): v for k, v in sorted(getattr(s, what).items())}
                                 for n, s in rates.stats.items()}
                          for what in ("actions", "rounds")}}
    return clean(doc)
