"""The README's capability table, written from the catalogue between two markers."""

from __future__ import annotations

import sys
from pathlib import Path

BEGIN = "<!-- capabilities:begin (durakc capabilities --write README.md) -->"
END = "<!-- capabilities:end -->"


def markdown(entries) -> str:
    """The catalogue as a markdown table (one row per capability)."""
    rows = ["| capability | keys | targets | bundled variants |", "|---|---|---|---|"]
    for e in entries:
        keys = ", ".join(f"`{k}`" for k in e.keys) or "-"
        rows.append(f"| `{e.name}` | {keys} | {', '.join(e.targets)} | "
                    f"{len(e.variants)} |")
    return "\n".join(rows) + "\n"


def replaced(text: str, entries) -> str | None:
    """`text` with the table between the markers rewritten; None without both markers."""
    start, end = text.find(BEGIN), text.find(END)
    if start < 0 or end < start:
        return None
    return text[:start + len(BEGIN)] + "\n" + markdown(entries) + text[end:]


def write_table(path: Path, entries) -> int:
    """Rewrite the table in `path`; exit 2 with a clear error if the file or markers lack."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"error: {path}: {exc.strerror}", file=sys.stderr)
        return 2
    new = replaced(text, entries)
    if new is None:
        print(f"error: {path}: no '{BEGIN}' ... '{END}' markers", file=sys.stderr)
        return 2
    if new != text:
        path.write_text(new, encoding="utf-8")
    return 0
