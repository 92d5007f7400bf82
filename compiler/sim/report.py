"""Output of simulate/compare: table, JSON, CSV, and an optional matplotlib plot."""

from __future__ import annotations

import csv
import io
import json

PLOT_MISSING = "matplotlib is not installed: pip install 'durakc[plot]'"
PAIRED_NOTE = ("paired deals: game i of every variant is dealt with the same seed "
               "(derived from --seed and i)")
FINISHED_NOTE = ("rates and means are over finished games; unfinished ones (stopped in a "
                 "repeating cycle or at the action cap) are counted apart")
DIFF_NOTE = ("paired differences, {b} minus {a}, over the games both finished: 95% intervals "
             "from the pairs (Newcombe for rates, normal for means), * = the interval excludes 0")

ADVANTAGE_LABEL = "first attacker's advantage"
ADVANTAGE_NOTE = ("first attacker's advantage: the other seats' mean loss rate minus the first "
                  "attacker's (positive: attacking first helps)")

RESULTS_NOTE = ("first out: the rate a seat goes out first (the winner where the spec's winner "
                "is first out); place: 1 = first out, the durak last")
POINTS_NOTE = "; points: the spec's outcome.points, per game"
MATCH_NOTE = "; match won/lost: first/last in the standings of the match game 1 begins"

RESULT_ROWS = (("first out", "first_out_rate_by_seat", True),
               ("mean place", "mean_place_by_seat", False),
               ("points", "points_per_game_by_seat", False),
               ("points per game, all seats", "points_per_game", False),
               ("match won", "match_winner_rate_by_seat", True),
               ("match lost", "match_loser_rate_by_seat", True),
               ("games per match", "mean_match_games", False))
"""The rows of results (`durakc.sim.results`): label, summary key, a rate?  By seat unless
the label says otherwise."""

_MEANS = (("actions per game (mean)", "mean_actions"), ("actions per game (median)", "median_actions"),
          ("rounds per game (mean)", "mean_rounds"), ("rounds per game (median)", "median_rounds"),
          ("takes per game", "takes_per_game"), ("transfers per game", "transfers_per_game"),
          ("shows per game", "shows_per_game"))


def document(stats: dict, players: int, seed: int, bots: list[str], rotate: bool,
             pairs: dict | None = None) -> dict:
    """The JSON document: {"variants": {name: summary}, "paired_differences": {name: ...},
    "players", "seed", "bots", "rotate", "paired"}.

    `stats` maps variant names to `Stats`; `pairs` maps every name after the first to the
    `PairStats` of that variant against the first.
    """
    first = next(iter(stats))
    return {"variants": {name: s.summary(bots) for name, s in stats.items()},
            "paired_differences": {name: p.summary(first) for name, p in (pairs or {}).items()},
            "players": players, "seed": seed, "bots": list(bots), "rotate": rotate,
            "paired": True}


def shard(stats: dict, players: int, seed: int, bots: list[str], rotate: bool,
          start: int, games: int, pairs: dict | None = None) -> dict:
    """A shard's raw sufficient statistics (`--format stats`), for `durakc.sim.merge`."""
    return {"kind": "durakc-sim-stats", "players": players, "seed": seed, "bots": list(bots),
            "rotate": rotate, "start": start, "games": games,
            "variants": {name: s.to_dict() for name, s in stats.items()},
            "pairs": {name: p.to_dict() for name, p in (pairs or {}).items()}}


def _with_ci(value, ci, pct=False, unit="%") -> str:
    if pct:
        sign = "+" if unit == "pp" else ""
        space = " " if unit == "pp" else ""
        return f"{100 * value:{sign}.1f}{space}{unit} [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]"
    return f"{value:.2f} [{ci[0]:.2f}, {ci[1]:.2f}]"


def team_label(seats) -> str:
    """A team by its seats, as the rules write it: `{0,2}`."""
    return "{" + ",".join(map(str, seats)) + "}"


def _team_cells(entries: list[dict], key: str, cell) -> list[tuple[str, list[str]]]:
    """One row per team (by its seats) of any entry that has `teams`; `cell(entry, k)` for
    team k of an entry, "-" in an entry without that team."""
    layouts = [e.get("teams") or [] for e in entries]
    teams = list(dict.fromkeys(tuple(t) for layout in layouts for t in layout))
    rows = []
    for team in teams:
        cells = [cell(e, layout.index(list(team))) if list(team) in layout else "-"
                 for e, layout in zip(entries, layouts)]
        rows.append((f"{key}, team {team_label(team)}", cells))
    return rows


def _seat_label(what: str, k: int) -> str:
    return f"{what}, first attacker" if k == 0 else f"{what}, first attacker +{k}"


def _result_rows(entries: list[dict], players: int, cell, suffix: str = ""
                 ) -> list[tuple[str, list[str]]]:
    """The rows of what the variants score beyond the durak (`durakc.sim.results`): first
    out and mean place by seat when any entry has them, points when any scores points;
    `cell(entry, key, k, pct)` formats one figure ("-" where an entry lacks the key)."""
    rows = []
    for what, key, pct in RESULT_ROWS:
        key += suffix
        if not any(key in e for e in entries):
            continue
        if what.endswith("seats") or what.startswith("games"):  # one figure, not by seat
            rows.append((what, [cell(e, key, None, pct) if key in e else "-" for e in entries]))
            continue
        rows += [(_seat_label(what, k), [cell(e, key, k, pct) if key in e else "-"
                                         for e in entries]) for k in range(players)]
    return rows


def _figure(v: dict, key: str, k, pct: bool) -> str:
    pick = (lambda x: x) if k is None else (lambda x: x[k])
    return _with_ci(pick(v[key]), pick(v[f"{key}_ci"]), pct)


def _difference(d: dict, key: str, k, pct: bool) -> str:
    pick = (lambda x: x) if k is None else (lambda x: x[k])
    return _diff(pick(d[key]), pick(d[f"{key}_ci"]), pick(d[f"{key}_significant"]), pct)


def _rows(doc: dict) -> list[tuple[str, list[str]]]:
    variants = list(doc["variants"].values())
    rows = [("games", [str(v["games"]) for v in variants])]
    for k in range(doc["players"]):
        label = "loss rate, first attacker" if k == 0 else f"loss rate, first attacker +{k}"
        rows.append((label, [_with_ci(v["loss_rate_by_seat"][k], v["loss_rate_by_seat_ci"][k], True)
                             for v in variants]))
    rows.append((ADVANTAGE_LABEL, [_with_ci(v["first_attacker_advantage"],
                                            v["first_attacker_advantage_ci"], True, "pp")
                                   for v in variants]))
    rows += _team_cells(variants, "loss rate", lambda v, k: _with_ci(
        v["loss_rate_by_team"][k], v["loss_rate_by_team_ci"][k], True))
    rows.append(("draw rate", [_with_ci(v["draw_rate"], v["draw_rate_ci"], True) for v in variants]))
    labels = list(dict.fromkeys(b for v in variants for b in v.get("loss_rate_by_bot", {})))
    for b in labels:
        rows.append((f"loss rate, bot {b}",
                     [_with_ci(v["loss_rate_by_bot"][b], v["loss_rate_by_bot_ci"][b], True)
                      if b in v.get("loss_rate_by_bot", {}) else "-" for v in variants]))
    for label, key in _MEANS:
        ci = f"{key}_ci"
        rows.append((label, [_with_ci(v[key], v[ci]) if ci in v else f"{v[key]:g}"
                             for v in variants]))
    rows += _result_rows(variants, doc["players"], _figure)
    rows.append(("unfinished games (cycle, cap)",
                 [f"{v['unfinished']} ({v['unfinished_cycle']}, {v['unfinished_cap']})"
                  for v in variants]))
    return rows


def _diff(value, ci, significant, pct) -> str:
    mark = " *" if significant else ""
    if pct:
        return f"{100 * value:+.1f} pp [{100 * ci[0]:.1f}, {100 * ci[1]:.1f}]{mark}"
    return f"{value:+.2f} [{ci[0]:.2f}, {ci[1]:.2f}]{mark}"


def _diff_rows(doc: dict) -> list[tuple[str, list[str]]]:
    diffs = list(doc["paired_differences"].values())
    rows = [("paired games", [str(d["games"]) for d in diffs]),
            ("left out (unfinished in either)", [str(d["excluded"]) for d in diffs])]
    for k in range(doc["players"]):
        label = "loss rate, first attacker" if k == 0 else f"loss rate, first attacker +{k}"
        rows.append((label, [_diff(d["loss_rate_by_seat_diff"][k], d["loss_rate_by_seat_diff_ci"][k],
                                   d["loss_rate_by_seat_diff_significant"][k], True) for d in diffs]))
    rows.append((ADVANTAGE_LABEL, [_diff(d["first_attacker_advantage_diff"],
                                         d["first_attacker_advantage_diff_ci"],
                                         d["first_attacker_advantage_diff_significant"], True)
                                   for d in diffs]))
    rows += _team_cells(diffs, "loss rate", lambda d, k: _diff(
        d["loss_rate_by_team_diff"][k], d["loss_rate_by_team_diff_ci"][k],
        d["loss_rate_by_team_diff_significant"][k], True))
    rows.append(("draw rate", [_diff(d["draw_rate_diff"], d["draw_rate_diff_ci"],
                                     d["draw_rate_diff_significant"], True) for d in diffs]))
    for label, key in (("actions per game (mean)", "mean_actions_diff"),
                       ("rounds per game (mean)", "mean_rounds_diff"),
                       ("takes per game", "mean_takes_diff"),
                       ("transfers per game", "mean_transfers_diff")):
        rows.append((label, [_diff(d[key], d[f"{key}_ci"], d[f"{key}_significant"], False)
                             for d in diffs]))
    rows += _result_rows(diffs, doc["players"], _difference, "_diff")
    return rows


def _grid(names: list[str], rows: list[tuple[str, list[str]]], first: int) -> list[str]:
    widths = [max(len(n), *(len(r[1][i]) for r in rows)) for i, n in enumerate(names)]
    lines = ["  ".join([" " * first] + [n.rjust(w) for n, w in zip(names, widths)])]
    for label, cells in rows:
        lines.append("  ".join([label.ljust(first)] + [c.rjust(w) for c, w in zip(cells, widths)]))
    return lines


def table(doc: dict) -> str:
    """A plain-text table, one column per variant, 95% intervals in brackets; then the
    paired differences of every later variant against the first."""
    names = list(doc["variants"])
    rows = _rows(doc)
    diff_rows = _diff_rows(doc) if doc.get("paired_differences") else []
    first = max(len(r[0]) for r in rows + diff_rows)
    rotated = " (rotated each game)" if doc.get("rotate") else ""
    lines = [f"{doc['players']} players, seed {doc['seed']}, bots {','.join(doc['bots'])}{rotated}"]
    if len(names) > 1:
        lines.append(PAIRED_NOTE)
    lines.append("95% intervals in brackets (Wilson for rates, normal approximation for means)")
    lines.append(FINISHED_NOTE)
    lines.append(ADVANTAGE_NOTE)
    shown = list(doc["variants"].values())
    if any("first_out_rate_by_seat" in v for v in shown):
        lines.append(RESULTS_NOTE + (POINTS_NOTE if any("points_per_game" in v for v in shown)
                                     else "") + (MATCH_NOTE if any("matches" in v for v in shown)
                                                 else ""))
    lines += [f"{name}: {text}" for name, text in doc.get("endings", {}).items()]
    lines.append("")
    lines += _grid(names, rows, first)
    if diff_rows:
        others = list(doc["paired_differences"])
        lines += ["", DIFF_NOTE.format(b="each", a=names[0]) if len(others) > 1
                  else DIFF_NOTE.format(b=others[0], a=names[0])]
        lines += _grid(others, diff_rows, first)
        lines += [f"{name}: {d[note]}" for note in ("teams_note", "points_note")
                  for name, d in doc["paired_differences"].items() if note in d]
    return "\n".join(lines)


def as_json(doc: dict) -> str:
    return json.dumps(doc, indent=2)


def as_csv(doc: dict) -> str:
    """One row per variant; every interval as two columns `<field>_lo`, `<field>_hi`.

    A variant with teams has the column `teams` (`{0,2} {1,3}`: team 0, team 1) and
    `loss_rate_by_team_<k>` for team k; the columns are empty in a row without them.

    A variant after the first also has its paired differences against the first, in
    columns `paired_<field>` (empty in the first variant's row).
    """
    rows = []
    diffs = doc.get("paired_differences", {})
    for name, summary in doc["variants"].items():
        row = {"variant": name, "players": doc["players"], "seed": doc["seed"],
               "bots": ",".join(doc["bots"])}
        for key, value in summary.items():
            _flatten(row, key, value)
        for key, value in diffs.get(name, {}).items():
            _flatten(row, f"paired_{key}", value)
        rows.append(row)
    fields = list(dict.fromkeys(k for r in rows for k in r))
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().rstrip("\n")


def _flatten(row: dict, key: str, value) -> None:
    if key == "teams" or key.endswith("_teams"):        # one cell: "{0,2} {1,3}"
        row[key] = " ".join(map(team_label, value or ()))
    elif key.endswith("_ci"):
        base = key[:-3]
        if isinstance(value, dict):
            for k, ci in value.items():
                row[f"{base}_{k}_lo"], row[f"{base}_{k}_hi"] = ci
        elif value and isinstance(value[0], list):
            for i, ci in enumerate(value):
                row[f"{base}_{i}_lo"], row[f"{base}_{i}_hi"] = ci
        else:
            row[f"{base}_lo"], row[f"{base}_hi"] = value
    elif isinstance(value, dict):
        for k, v in value.items():
            row[f"{key}_{k}"] = v
    elif isinstance(value, list):
        for i, v in enumerate(value):
            row[f"{key}_{i}"] = v
    else:
        row[key] = value


def have_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _bars_with_ci(ax, names: list[str], values: list[float], cis: list) -> None:
    """One bar per variant with its 95% interval as the error bar."""
    ax.bar(names, values, yerr=[[v - c[0] for v, c in zip(values, cis)],
                                [c[1] - v for v, c in zip(values, cis)]], capsize=3)


def _seat_bars(ax, doc: dict, key: str, label: str) -> None:
    """Bars of `key` by seat, one colour per variant, with 95% intervals."""
    names, n = list(doc["variants"]), doc["players"]
    width = 0.8 / max(1, len(names))
    for j, name in enumerate(names):
        v = doc["variants"][name]
        rates = v[key]
        err = [[r - ci[0] for r, ci in zip(rates, v[f"{key}_ci"])],
               [ci[1] - r for r, ci in zip(rates, v[f"{key}_ci"])]]
        ax.bar([k + j * width for k in range(n)], rates, width, yerr=err, label=name, capsize=3)
    ax.set_xticks([k + width * (len(names) - 1) / 2 for k in range(n)])
    ax.set_xticklabels(["first attacker"] + [f"+{k}" for k in range(1, n)])
    ax.set_ylabel(label)
    ax.legend()


def plot(doc: dict, path: str) -> None:
    """Loss rate by seat, mean actions and the draw rate per variant (with 95% intervals),
    and the first-out rate by seat when the run recorded results, saved to `path`."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = list(doc["variants"])
    results = all("first_out_rate_by_seat" in v for v in doc["variants"].values())
    fig, axes = plt.subplots(1, 4 if results else 3, figsize=(20 if results else 15, 4))
    ax1, ax2, ax3 = axes[:3]
    n = doc["players"]
    _seat_bars(ax1, doc, "loss_rate_by_seat", "loss rate")
    if results:  # what the variants score: the first seat out (the winner where it is)
        _seat_bars(axes[3], doc, "first_out_rate_by_seat", "first out rate")
    _bars_with_ci(ax2, names, [doc["variants"][m]["mean_actions"] for m in names],
                  [doc["variants"][m]["mean_actions_ci"] for m in names])
    ax2.set_ylabel("actions per game")
    _bars_with_ci(ax3, names, [doc["variants"][m]["draw_rate"] for m in names],
                  [doc["variants"][m]["draw_rate_ci"] for m in names])
    ax3.set_ylabel("draw rate")
    fig.suptitle(f"{n} players, {next(iter(doc['variants'].values()))['games']} paired games, "
                 f"bots {','.join(doc['bots'])}")
    fig.tight_layout()
    from durakc.loading.files import save_figure
    try:
        save_figure(fig, path)  # whole or not at all; the format its suffix names
    finally:
        plt.close(fig)
