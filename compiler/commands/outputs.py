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

from durakc.loading.files import save_figure, write_text

__all__ = ["output_problem", "plot_formats", "save_figure", "write_text"]


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
