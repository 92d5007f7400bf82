"""The documentation pages shipped as package data (`durakc.docs`, the repository's docs/).

The command line cites pages by their installed path (`durakc/docs/rules.md`), so a citation
holds after `pip install` as in a checkout; `durakc docs` prints a page or its path.  Online,
the same page is at `ONLINE_BASE` + its name (the README's links use it too)."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

PACKAGE = "durakc.docs"
ONLINE_BASE = "https://github.com/durakc/durakc/blob/main/docs/"
"""The docs/ folder on the project's home page (pyproject.toml's Documentation URL)."""


def docs_dir() -> Path:
    """The folder the pages are installed in (docs/ in a checkout's editable install)."""
    return Path(str(resources.files(PACKAGE)))


def topics() -> list[str]:
    """The shipped pages by topic (a page's file name without `.md`), sorted."""
    return sorted(p.stem for p in docs_dir().glob("*.md"))


def page_path(topic: str) -> Path | None:
    """The installed path of page `topic` (`rules` or `rules.md`); None when there is none."""
    name = topic if topic.endswith(".md") else f"{topic}.md"
    path = docs_dir() / name
    return path if "/" not in name and path.is_file() else None


def cited(topic: str) -> str:
    """How the command line cites page `topic`: its path inside the installed package."""
    return f"durakc/docs/{topic}.md"
