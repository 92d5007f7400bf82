"""The balance report's forms: Markdown tables, a self-contained HTML page, JSON.

Every form is made from the document of `balance_doc.document` alone, so it is the same
bytes whatever ran the games.  The HTML embeds the plots of `balance_plots` as base64 PNG.
"""

from __future__ import annotations

import html
import json

FORMATS = ("md", "json", "html")

INTERVALS = ("95% intervals in brackets: Wilson for rates, normal for means and for the "
             "paired differences of means, Newcombe's paired interval for differences of "
             "rates, order statistics for quartiles.")


def _whole(x: float) -> bool:
    return float(x).is_integer()


def figure(cell: dict, unit: str) -> str:
    """A figure with its interval: `25.8% [23.9, 27.8]`, `+10.2 pp [3.0, 17.3]`, `49.91 [..]`."""
    v, (lo, hi) = cell["value"], cell["ci"]
    if unit == "rate":
        return f"{100 * v:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
    if unit == "pp":
        return f"{100 * v:+.1f} pp [{100 * lo:.1f}, {100 * hi:.1f}]"
    if all(map(_whole, (v, lo, hi))):
        return f"{v:g} [{lo:g}, {hi:g}]"
    return f"{v:.2f} [{lo:.2f}, {hi:.2f}]"


def difference(cell: dict, unit: str) -> str:
    """A paired difference with its interval, `*` when the interval excludes 0."""
    d, (lo, hi) = cell["diff"], cell["ci"]
    mark = " *" if cell["significant"] else ""
    if unit in ("rate", "pp"):
        return f"{100 * d:+.1f} pp [{100 * lo:.1f}, {100 * hi:.1f}]{mark}"
    return f"{d:+.2f} [{lo:.2f}, {hi:.2f}]{mark}"


def _with_games(text: str, games: int, usual: int) -> str:
    return text if games == usual else f"{text} (n={games})"


def tables(doc: dict, section: dict) -> tuple[list[list[str]], list[list[str]]]:
    """(figures, paired differences) of a section as rows of cells, headers first."""
    names = doc["variants"]
    usual = section["games"]
    figures = [["measure", *names]]
    paired = [["measure", *(f"{n} − {names[0]}" for n in names[1:])]]
    for row in section["rows"]:
        figures.append([row["measure"], *(
            _with_games(figure(row["values"][n], row["unit"]), row["values"][n]["games"], usual)
            if n in row["values"] else "-" for n in names)])  # "-": not scored (no points)
        if row["paired"]:
            paired.append([row["measure"], *(
                _with_games(difference(row["paired"][n], row["unit"]),
                            row["paired"][n]["games"], usual)
                if n in row["paired"] else "-" for n in names[1:])])
    return figures, (paired if len(paired) > 1 else [])


def _heading(doc: dict) -> tuple[str, str]:
    title = f"Balance report: {', '.join(doc['variants'])}"
    setting = (f"{doc['players']} players, seed {doc['seed']}, {doc['backend']} backend; "
               f"{doc['games']['rates']} games per variant with {doc['bots']['fast']} in "
               f"every seat (fairness, outcome, length), {doc['games']['strong']} with "
               f"{doc['bots']['strong']} against greedy (skill, drama).  Game i of every "
               f"variant is dealt from the same seed; paired differences are each variant "
               f"minus {doc['variants'][0]} over the same deals (* = the interval excludes 0).")
    for name, text in doc.get("endings", {}).items():  # HR35, HR36: an end of its own
        setting += f"  {name}: {text}."
    return title, setting


def _section_line(section: dict) -> str:
    return f"{section['games']} games per variant ({section['bots']}). {section['note']}"


def _md_table(rows: list[list[str]]) -> list[str]:
    out = ["| " + " | ".join(rows[0]) + " |", "|" + "---|" + "---:|" * (len(rows[0]) - 1)]
    out += ["| " + " | ".join(r) + " |" for r in rows[1:]]
    return out


def markdown(doc: dict) -> str:
    """The report as Markdown: a table of figures and one of paired differences per section."""
    title, setting = _heading(doc)
    lines = [f"# {title}", "", setting, INTERVALS, ""]
    for section in doc["sections"]:
        figures, paired = tables(doc, section)
        lines += [f"## {section['title']}", "", _section_line(section), ""]
        lines += _md_table(figures) + [""]
        if paired:
            lines += [f"Paired differences (minus {doc['variants'][0]}, same deals):", ""]
            lines += _md_table(paired) + [""]
    return "\n".join(lines).rstrip("\n") + "\n"


def as_json(doc: dict) -> str:
    return json.dumps(doc, indent=2) + "\n"


STYLE = ("body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}"
         "table{border-collapse:collapse;margin:.5em 0 1.5em}"
         "td,th{border:1px solid #ccc;padding:3px 8px}td{text-align:right}"
         "td:first-child,th:first-child{text-align:left}img{max-width:100%}")


def _html_table(rows: list[list[str]]) -> str:
    esc = html.escape
    head = "".join(f"<th>{esc(c)}</th>" for c in rows[0])
    body = "".join("<tr>" + "".join(f"<td>{esc(c)}</td>" for c in r) + "</tr>" for r in rows[1:])
    return f"<table><tr>{head}</tr>{body}</table>"


def page(doc: dict, images: dict[str, str]) -> str:
    """The report as one self-contained HTML page; `images` maps a section id to its plot
    (base64 PNG)."""
    esc = html.escape
    title, setting = _heading(doc)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             f"<title>{esc(title)}</title><style>{STYLE}</style></head><body>",
             f"<h1>{esc(title)}</h1>", f"<p>{esc(setting)}</p>", f"<p>{esc(INTERVALS)}</p>"]
    for section in doc["sections"]:
        figures, paired = tables(doc, section)
        parts += [f'<h2 id="{section["id"]}">{esc(section["title"])}</h2>',
                  f"<p>{esc(_section_line(section))}</p>", _html_table(figures)]
        if paired:
            parts += [f"<p>Paired differences (minus {esc(doc['variants'][0])}, same deals):</p>",
                      _html_table(paired)]
        if section["id"] in images:
            parts.append(f'<img alt="{esc(section["title"])}" '
                         f'src="data:image/png;base64,{images[section["id"]]}">')
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
