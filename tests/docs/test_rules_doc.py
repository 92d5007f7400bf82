"""docs/rules.md defines every rule ID the project cites: the conformance list
(tests/conformance/rules.yaml), the schema's keys and expression names, the bundled specs'
`sources:`; it invents none, names only real rule keys and lists every bundled variant.
The README and `durakc explain` point to it."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

from durakc.docpages import ONLINE_BASE
from durakc.explain import explain
from durakc.schema.keys import KEYS, NAME_RULES
from durakc.spec import load_spec

REPO = Path(__file__).resolve().parents[2]
PAGE = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
ROW_ID = re.compile(r'^\| <a id="(?!seed-)[^"]+"></a>([A-Za-z0-9-]+) \|', re.MULTILINE)
RULE_ID = re.compile(r"^(T|P|S|K|PR|CT|J|W|PK|TX|SK|L|SG|H|EP|HR)(\d+)$|^H-[a-z0-9-]+$")
HR_EP = {f"HR{i}" for i in range(1, 27)} | {f"EP{i}" for i in range(1, 4)}
"""profiles.md's EP and HR rules, not yet in rules.yaml (issue 20 brings them)."""


def anchor(rule_id: str) -> str:
    """The anchor of a rule ID on docs/rules.md: the ID in lower case; a bare seed
    number (`004`, the seed as a whole) is the seed's anchor."""
    return f"seed-{rule_id}" if rule_id.isdigit() else rule_id.lower()


def _anchors() -> list[str]:
    return ANCHOR.findall(PAGE)


def _conformance_ids() -> set[str]:
    rules = yaml.safe_load((REPO / "tests" / "conformance" / "rules.yaml").read_text("utf-8"))
    return set(rules)


def _expand(item: str) -> list[str]:
    """`PR1-PR6` -> PR1..PR6; `T28` -> T28; anything else (a seed section) -> []."""
    match = re.fullmatch(r"([A-Z]+)(\d+)-\1(\d+)", item.strip())
    if match:
        head, first, last = match.group(1), int(match.group(2)), int(match.group(3))
        return [f"{head}{i}" for i in range(first, last + 1)]
    return [item.strip()] if RULE_ID.match(item.strip()) else []


def test_anchors_are_unique():
    anchors = _anchors()
    assert len(anchors) == len(set(anchors)), sorted(a for a in anchors if anchors.count(a) > 1)


def test_every_conformance_rule_id_has_an_anchor():
    missing = sorted(r for r in _conformance_ids() if anchor(r) not in _anchors())
    assert not missing, f"docs/rules.md has no anchor for {missing}"


def test_every_rule_id_of_the_schema_has_an_anchor():
    cited = {r for key in KEYS for r in key.rules}
    cited |= {r for ids in NAME_RULES.values() for r in ids}
    missing = sorted(r for r in cited if anchor(r) not in _anchors())
    assert not missing, f"compiler/schema/keys.py cites {missing}, undefined in docs/rules.md"


def test_every_rule_id_in_a_bundled_specs_sources_has_an_anchor():
    for path in sorted((REPO / "variants").rglob("*.yaml")):
        sources = yaml.safe_load(path.read_text(encoding="utf-8")).get("sources") or []
        for item in sources:
            for rule_id in _expand(str(item)):
                assert anchor(rule_id) in _anchors(), f"{path.name}: {rule_id} undefined"


def test_the_page_defines_exactly_the_profiles_ids():
    """One row per rule ID: the conformance list plus EP and HR, nothing invented."""
    rows = ROW_ID.findall(PAGE)
    assert len(rows) == len(set(rows))
    assert all(RULE_ID.match(r) for r in rows), [r for r in rows if not RULE_ID.match(r)]
    assert set(rows) == _conformance_ids() | HR_EP, (
        sorted(set(rows) - _conformance_ids() - HR_EP), sorted(_conformance_ids() - set(rows)))
    for row in rows:
        assert f'<a id="{anchor(row)}"></a>{row} |' in PAGE, row
    families = {"T": 28, "P": 10, "S": 3, "K": 4, "PR": 6, "CT": 3, "J": 4, "W": 3, "PK": 4,
                "TX": 1, "SK": 3, "L": 3, "SG": 4, "H": 3, "EP": 3, "HR": 26}
    second_set = {f"HR{i}" for i in range(27, 37)}  # issue 31: registered rule by rule
    for head, count in families.items():
        numbered = {r for r in rows if re.fullmatch(rf"{head}\d+", r)} - second_set
        assert numbered == {f"{head}{i}" for i in range(1, count + 1)}, head


def test_seeds_and_decisions_have_anchors():
    for name in ("seed-000", "seed-001", "seed-003", "seed-004", "protocol", "series"):
        assert name in _anchors(), name


def test_rule_keys_named_on_the_page_exist():
    paths = {key.path for key in KEYS}
    named = set(re.findall(r"`([a-z_]+\.[a-z_]+)(?::[^`]*)?`", PAGE))
    assert named, "the page names the switches of its decisions"
    assert named <= paths, sorted(named - paths)


def test_every_bundled_variant_has_a_row():
    for path in sorted((REPO / "variants").glob("*.yaml")):
        link = f"[`{path.stem}`](../variants/{path.name})"
        assert f"| {link} |" in PAGE, f"docs/rules.md lists no row for {path.stem}"


def test_readme_and_explain_point_to_the_page():
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    page = f"({ONLINE_BASE}rules.md)"  # absolute: the README is also PyPI's page
    assert readme.count(page) >= 2  # the first mention and the layout table
    layout_row = next(ln for ln in readme.splitlines() if ln.startswith("| `docs/` |"))
    assert f"[rule IDs]{page}" in layout_row
    for name in ("transfer", "kyiv"):
        header = explain(load_spec(name)).split("\nin short:", 1)[0]
        assert "docs/rules.md" in header, name
