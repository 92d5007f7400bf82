"""Files a command writes: checked before any work, written whole or not at all.

A command that runs for minutes and then writes a file (`simulate --plot`, `compare --plot`,
`report --out`) checks the path first with `output_problem`, so a missing folder or an
unsupported format is a usage error before the first game (issue 29, 1b), and writes it
with `write_text` or `save_figure`: through a temporary file in the same folder and a
rename, so an interrupted run (Ctrl-C) leaves no half-written file (issue 29, 1a).
"""

from __future__ import annotations

import os
from pathlib import Path


def output_problem(option: str, path: str, formats: list[str] | None = None) -> str | None:
    """What keeps `path` (given to `option`) from being written, or None.

    The folder must exist and be writable, the path must not be a folder, and with
    `formats` (suffixes without the dot) the file's suffix must be one of them.
    """
    target = Path(path)
    where = f"{option} {path}"
    if formats is not None:
        suffix = target.suffix[1:].lower()
        if suffix not in formats:
            said = f"the format '.{suffix}' is not supported" if suffix else "no format is given"
            return f"{where}: {said} (end the name with one of: {', '.join(formats)})"
    folder = target.parent
    if target.is_dir():
        return f"{where}: is a folder, not a file"
    if not folder.is_dir():
        return f"{where}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"{where}: the folder {folder} is not writable"
    if target.exists() and not os.access(target, os.W_OK):
        return f"{where}: the file is not writable"
    return None


def plot_formats() -> list[str]:
    """The file suffixes matplotlib can save a figure as (needs matplotlib)."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib.backend_bases import FigureCanvasBase
    return sorted(FigureCanvasBase.get_supported_filetypes())


def _temporary(target: Path) -> Path:
    """A file name beside `target` for writing it (created with the usual permissions,
    which mkstemp's 0600 would not give)."""
    return target.with_name(f".{target.name}.{os.getpid()}.tmp")


def _write_whole(target: Path, write) -> None:
    """`write(path)` into a temporary file beside `target`, then a rename: a reader (or an
    interrupted run) never leaves half a file at `target`."""
    tmp = _temporary(target)
    try:
        write(tmp)
        os.replace(tmp, target)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise


def write_text(target: str | Path, text: str) -> None:
    """Write `text` to `target` whole: a temporary file in its folder, then a rename."""
    _write_whole(Path(target), lambda tmp: tmp.write_text(text, encoding="utf-8"))


def save_figure(fig, target: str | Path) -> None:
    """Save a matplotlib figure to `target` whole, in the format its suffix names."""
    target = Path(target)
    _write_whole(target, lambda tmp: fig.savefig(tmp, format=target.suffix[1:].lower()))
