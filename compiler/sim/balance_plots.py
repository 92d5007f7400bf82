"""The balance report's plots (matplotlib, Agg): one PNG per section, base64 for the HTML.

Every bar carries its 95% interval as the error bar.  The PNGs hold no date or version
(`metadata`), so the same document gives the same bytes.
"""

from __future__ import annotations

import base64
import io

SCALE = {"rate": 100.0, "pp": 100.0, "number": 1.0}
AXIS = {"rate": "%", "pp": "percentage points", "number": ""}


def _rows(section: dict, *prefixes: str) -> list[dict]:
    return [r for r in section["rows"] if r["measure"].startswith(prefixes)]


def _grouped(ax, names: list[str], rows: list[dict], labels: list[str]) -> None:
    """Groups of bars, one group per row, one bar per variant, with intervals."""
    width = 0.8 / max(1, len(names))
    for j, name in enumerate(names):
        xs, values, low, high = [], [], [], []
        for k, row in enumerate(rows):
            scale = SCALE[row["unit"]]
            cell = row["values"].get(name)
            if cell is None:  # not scored by this variant (points): no bar
                continue
            xs.append(k + j * width)
            values.append(scale * cell["value"])
            low.append(scale * (cell["value"] - cell["ci"][0]))
            high.append(scale * (cell["ci"][1] - cell["value"]))
        ax.bar(xs, values, width, yerr=[low, high], capsize=3, label=name)
    ax.set_xticks([k + width * (len(names) - 1) / 2 for k in range(len(rows))])
    ax.set_xticklabels(labels)
    if rows:
        ax.set_ylabel(AXIS[rows[0]["unit"]])
    ax.axhline(0, color="#888", linewidth=0.6)


def _single(ax, names: list[str], row: dict, title: str) -> None:
    _grouped(ax, names, [row], [""])
    ax.set_title(title, fontsize=10)
    ax.set_xticks([])


def _hist(ax, doc: dict, what: str) -> None:
    for name in doc["variants"]:
        hist = {int(k): v for k, v in doc["histograms"][what][name].items()}
        total = sum(hist.values()) or 1
        xs = list(range(min(hist, default=0), max(hist, default=0) + 1))
        ax.step(xs, [hist.get(x, 0) / total for x in xs], where="mid", label=name)
    ax.set_xlabel(f"{what} per game")
    ax.set_ylabel("share of games")


def _draw(section: dict, doc: dict, fig) -> None:
    names = doc["variants"]
    sid = section["id"]
    if sid == "fairness":
        ax1, ax2 = fig.subplots(1, 2, gridspec_kw={"width_ratios": [3, 1]})
        seats = _rows(section, "loss rate, first attacker")
        teams = _rows(section, "loss rate, team")
        _grouped(ax1, names, seats + teams,
                 ["first attacker"] + [f"+{k}" for k in range(1, len(seats))]
                 + [r["measure"].split(", ")[1] for r in teams])
        ax1.set_title("loss rate by seat" + (" and team" if teams else ""), fontsize=10)
        ax1.legend(fontsize=8)
        _single(ax2, names, _rows(section, "first attacker's")[0], "first attacker's advantage")
    elif sid == "outcome":
        axes = fig.subplots(1, 2)
        for ax, row in zip(axes, section["rows"]):
            _single(ax, names, row, row["measure"])
        axes[0].legend(fontsize=8)
    elif sid == "results":
        _draw_results(section, names, fig)
    elif sid == "length":
        ax1, ax2, ax3 = fig.subplots(1, 3)
        _hist(ax1, doc, "actions")
        _hist(ax2, doc, "rounds")
        ax1.legend(fontsize=8)
        _grouped(ax3, names, _rows(section, "takes", "transfers"), ["takes", "transfers"])
        ax3.set_title("per game", fontsize=10)
    else:   # skill, drama: one panel per figure
        axes = fig.subplots(1, len(section["rows"]))
        for ax, row in zip(axes, section["rows"]):
            _single(ax, names, row, _short(row["measure"]))
        axes[0].legend(fontsize=8)


def _draw_results(section: dict, names: list[str], fig) -> None:
    """One panel per by-seat figure: first out, mean place, points where scored."""
    groups = [g for g in ("first out", "mean place", "points,", "match lost")
              if _rows(section, g)]
    for ax, group in zip(fig.subplots(1, len(groups), squeeze=False)[0], groups):
        rows = _rows(section, group)
        _grouped(ax, names, rows, ["first attacker"] + [f"+{k}" for k in range(1, len(rows))])
        ax.set_title(group.rstrip(",") + " by seat", fontsize=10)
        if group == "first out":
            ax.legend(fontsize=8)


def _short(measure: str) -> str:
    return measure.split(" (")[0]


def section_png(doc: dict, section: dict) -> bytes:
    """The PNG of one section's plot."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig = plt.figure(figsize=(12, 3.6), dpi=80)
    try:
        _draw(section, doc, fig)
        fig.suptitle(f"{section['title']}: {section['games']} games per variant "
                     f"({section['bots']})", fontsize=11)
        fig.tight_layout()
        out = io.BytesIO()
        fig.savefig(out, format="png", metadata={"Software": None})
        return out.getvalue()
    finally:
        plt.close(fig)


def images(doc: dict) -> dict[str, str]:
    """{section id: its plot as base64 PNG} of every section."""
    return {s["id"]: base64.b64encode(section_png(doc, s)).decode("ascii")
            for s in doc["sections"]}
