"""The project's own documentation stays true: links resolve inside the repository, the
engine API page covers every public member, and its example runs."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import durakc.engines

REPO = Path(__file__).resolve().parents[2]
PAGES = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
API_PAGE = REPO / "docs" / "engine-api.md"
LINK = re.compile(r"\]\(([^)\s]+)\)")


def _local_links(page: Path):
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+://", target) or target.startswith("mailto:"):
            continue
        yield target


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_links_resolve_inside_the_repository(page):
    text = page.read_text(encoding="utf-8")
    for target in _local_links(page):
        path, _, fragment = target.partition("#")
        resolved = page
        if path:
            resolved = (page.parent / path).resolve()
            assert resolved.is_relative_to(REPO), f"{page.name}: {target} points outside the repo"
            assert resolved.exists(), f"{page.name}: {target} does not exist"
        if fragment and resolved.suffix == ".md":
            anchors = _page_anchors(resolved.read_text(encoding="utf-8") if path else text)
            assert fragment in anchors, f"{page.name}: no heading or anchor for {target}"


def _page_anchors(text: str) -> set[str]:
    """The fragments a page answers: its headings' anchors and its `<a id="...">` anchors."""
    anchors = {_anchor(h) for h in re.findall(r"^#+ (.*)$", text, re.MULTILINE)}
    return anchors | set(re.findall(r'<a id="([^"]+)"></a>', text))


def _anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lowercase, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


@pytest.mark.parametrize("name", durakc.engines.ENGINES)
def test_api_page_names_every_public_member(name):
    engine = __import__(f"durakc.engines.{name.replace('-', '_')}", fromlist=["Game"])
    page = API_PAGE.read_text(encoding="utf-8")
    for member in engine.__all__:
        assert _described(member, page), f"docs/engine-api.md does not describe {member}"
    for member in dir(engine.Game):
        if not member.startswith("_"):
            assert _described(member, page), f"docs/engine-api.md does not describe Game.{member}"
    game = engine.new_game(engine.PLAYERS_MIN, seed=1)
    for key in [*game.to_dict(), *game.observation(0)]:
        assert f"`{key}`" in page, f"docs/engine-api.md does not describe the key {key!r}"


def _described(member: str, page: str) -> bool:
    """The page names `member` in code: `member...` or Game.member."""
    return re.search(rf"[`.]{re.escape(member)}\b", page) is not None


def test_api_page_example_runs(capsys):
    code = re.findall(r"```python\n(.*?)```", API_PAGE.read_text(encoding="utf-8"), re.DOTALL)
    assert code, "the API page has a Python example"
    for block in code:
        exec(compile(block, str(API_PAGE), "exec"), {"__name__": "__docs__"})
    out = capsys.readouterr().out
    assert "durak:" in out and "refused:" in out
