"""The docs the command line cites ship with the package, and the README's links hold outside
the repository (issue 32, item 6): `durakc explain` cites a page found through
importlib.resources (so it exists after `pip install`), `durakc docs` prints it, every page
the compiler's texts cite is shipped, and every README link into the repository is absolute
(the README is PyPI's page too) and names a file that exists here."""

from __future__ import annotations

import re
import subprocess
import sys
from importlib import resources
from pathlib import Path

import tomllib

from durakc.docpages import ONLINE_BASE, page_path, topics
from durakc.explain import RULES_LINE, explain
from durakc.spec import load_spec

ROOT = Path(__file__).resolve().parents[2]
BLOB = "https://github.com/durakc/durakc/blob/main/"
RAW = "https://raw.githubusercontent.com/durakc/durakc/main/"
README = (ROOT / "README.md").read_text(encoding="utf-8")
LINKS = re.findall(r"\]\(([^)\s]+)\)", README)


def _durakc(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "durakc", *args], capture_output=True,
                          text=True, check=False, timeout=60)


def test_explain_cites_a_page_installed_with_the_package():
    cited = re.search(r"durakc/docs/([\w-]+\.md)", RULES_LINE)
    assert cited, RULES_LINE
    page = resources.files("durakc.docs") / cited.group(1)
    assert page.is_file()
    assert '<a id="t14"></a>T14' in page.read_text(encoding="utf-8")  # the anchor cited
    assert RULES_LINE in explain(load_spec("transfer")).splitlines()


def test_every_page_the_compiler_cites_is_shipped():
    cited = set()
    for path in (ROOT / "compiler").rglob("*.py"):
        cited |= set(re.findall(r"docs/([\w-]+)\.md", path.read_text(encoding="utf-8")))
    assert cited, "the compiler cites no page: the pattern is stale"
    assert cited <= set(topics()), sorted(cited - set(topics()))
    for topic in cited:
        assert page_path(topic) == ROOT / "docs" / f"{topic}.md"  # a checkout: docs/ itself


def test_durakc_docs_prints_a_page_and_its_path():
    listed = _durakc("docs")
    assert listed.returncode == 0, listed.stderr
    assert "  rules\n" in listed.stdout and "  engine-api\n" in listed.stdout
    where = _durakc("docs", "rules", "--path")
    assert where.returncode == 0 and Path(where.stdout.strip()) == ROOT / "docs" / "rules.md"
    text = _durakc("docs", "wasm")
    assert text.stdout == (ROOT / "docs" / "wasm.md").read_text(encoding="utf-8")


def test_an_unknown_page_is_a_usage_error_naming_the_pages():
    for topic in ("nope", "../README"):
        done = _durakc("docs", topic)
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert f"no documentation page {topic!r}" in done.stderr and "rules" in done.stderr


def test_the_readme_links_into_the_repository_absolutely():
    relative = [link for link in LINKS if not link.startswith(("http://", "https://", "#"))]
    assert not relative, f"relative links break on PyPI: {relative}"


def test_every_absolute_readme_link_names_a_file_here():
    ours = [link for link in LINKS if link.startswith((BLOB, RAW))]
    assert len(ours) >= 20
    for link in ours:
        path = link.removeprefix(BLOB).removeprefix(RAW).split("#", 1)[0]
        assert (ROOT / path).is_file(), link
        if link.startswith(RAW):
            assert path.endswith(".png"), f"{link}: only images load raw"


def test_the_project_urls_name_the_documentation_base():
    urls = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["urls"]
    assert urls["Documentation"] == ONLINE_BASE == BLOB + "docs/"
    assert urls["Homepage"] == urls["Repository"] == BLOB.removesuffix("/blob/main/")
