"""Write a file whole or not at all: a temporary file beside it, then a rename (issue 29, 1a).

Below sim and commands: `sim.report` and the commands that write files share it.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path


def _temporary(target: Path) -> Path:
    """A file name beside `target` for writing it, apart for each process and thread (the
    engine cache is written by parallel workers), created with the usual permissions,
    which mkstemp's 0600 would not give."""
    return target.with_name(f".{target.name}.{os.getpid()}.{threading.get_ident()}.tmp")


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


def write_text(target: str | Path, text: str, make_folder: bool = False) -> None:
    """Write `text` to `target` whole: a temporary file in its folder, then a rename (a
    parallel reader never sees half a file).  `make_folder`: create the folder first."""
    target = Path(target)
    if make_folder:
        target.parent.mkdir(parents=True, exist_ok=True)
    _write_whole(target, lambda tmp: tmp.write_text(text, encoding="utf-8", newline="\n"))


def write_bytes(target: str | Path, data: bytes, make_folder: bool = False) -> None:
    """Write `data` to `target` whole, as `write_text` does."""
    target = Path(target)
    if make_folder:
        target.parent.mkdir(parents=True, exist_ok=True)
    _write_whole(target, lambda tmp: tmp.write_bytes(data))


def save_figure(fig, target: str | Path) -> None:
    """Save a matplotlib figure to `target` whole, in the format its suffix names."""
    target = Path(target)
    _write_whole(target, lambda tmp: fig.savefig(tmp, format=target.suffix[1:].lower()))
