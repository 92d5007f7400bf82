"""Ratchet on raw rule-key lookups outside the spec layer and the IR builder.

Issue 30 item 1 asks that targets read the typed IR, never a raw rule key
such as ``rules["deal.hand_size"]``: only the spec layer, the reference
interpreter and the IR builder read them.  `REMAINING` (per module, how many
such lookups remain) is empty since the analysis reads the IR: the test fails
on any lookup in any other module (and on a stale entry, should one be added).

Measured with (single or double quotes):
  grep -rnE "\\[['\"][a-z_]+\\.[a-z_.]+['\"]\\]" compiler --include=*.py \\
    | grep -vE '^compiler/(spec/|reference/|ir)' | wc -l
108 before `Spec.players`, 105 after; 104 once file names (``["__init__.py"]``) no longer count
(the test counts only strings whose first part is a rule-key group).
"""

from __future__ import annotations

import re
from pathlib import Path

from durakc.schema.keys import KEYS

COMPILER = Path(__file__).resolve().parents[2] / "compiler"
KEY_LOOKUP = re.compile(r"""\[['"]([a-z_]+)\.[a-z_.]+['"]\]""")
GROUPS = {key.path.split(".")[0] for key in KEYS}
"""The rule keys' first parts (deck, deal, transfer, ...): a lookup of a file name such as
``["__init__.py"]`` or ``["variants.d.ts"]`` is not a rule key."""


KEY_GET = re.compile(r"""\.get\(['"]([a-z_]+)\.[a-z_.]+['"]""")
"""The same read through ``.get("group.key", default)``."""


def _is_lookup(line: str) -> bool:
    return any(m.group(1) in GROUPS
               for pattern in (KEY_LOOKUP, KEY_GET) for m in pattern.finditer(line))

# Layers allowed to read rule keys: the spec checker, the reference
# interpreter (it reads the spec as the rules' own text), the IR builder.
ALLOWED_PREFIXES = ("spec/", "reference/", "ir")

# Lookups still to migrate onto the IR (module -> count of lines): none left.  The analysis
# (analysis/*) reads the IR's typed sections, the siege check's domain (expr/domains.py) takes
# its rule values as parameters from the spec layer; the runtime half (loading, native,
# openspiel, rl, sim) reads an engine's constants (durakc.loading.constants: CAPABILITIES,
# POINTS_RANGE, ...), never VARIANT["rules"].
REMAINING: dict[str, int] = {}


def _lookup_counts() -> dict[str, int]:
    counts: dict[str, int] = {}
    for path in sorted(COMPILER.rglob("*.py")):
        rel = path.relative_to(COMPILER).as_posix()
        if rel.startswith(ALLOWED_PREFIXES):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        n = sum(1 for line in lines if _is_lookup(line))
        if n:
            counts[rel] = n
    return counts


def test_no_new_rule_key_lookups_outside_spec_and_ir():
    counts = _lookup_counts()
    grown = {m: (n, REMAINING.get(m, 0)) for m, n in counts.items()
             if n > REMAINING.get(m, 0)}
    assert not grown, f"new raw rule-key lookups (found, allowed): {grown}"


def test_remaining_table_is_not_stale():
    counts = _lookup_counts()
    stale = {m: (counts.get(m, 0), n) for m, n in REMAINING.items()
             if counts.get(m, 0) < n}
    assert not stale, f"lower these REMAINING entries (found, listed): {stale}"


# Templates read no rule key: the IllegalAction messages quote a rule's text from the IR
# (a section's `text`, rendered as a string literal at compile time), not VARIANT["rules"].
TEMPLATE_QUOTES: dict[str, int] = {}


def test_templates_read_no_rule_keys():
    found = {}
    for path in sorted((COMPILER / "templates").rglob("*")):
        if not path.is_file():
            continue
        text = path.read_text(encoding="utf-8")
        lines = [ln for ln in text.splitlines() if _is_lookup(ln) or "VARIANT['rules']" in ln
                 or 'VARIANT["rules"]' in ln]
        if lines:
            found[path.relative_to(COMPILER / "templates").as_posix()] = len(lines)
    assert found == TEMPLATE_QUOTES


def test_pattern_catches_a_rule_key_lookup():
    assert _is_lookup('hand = rules["deal.hand_size"]')
    assert not _is_lookup('files["variants.d.ts"] = text')
    assert _is_lookup('mode = rules.get("teams.mode", "none")')
    assert not _is_lookup('sys.modules.get("durakc.sim.executors")')
    assert KEY_LOOKUP.search("copies = r['deck.copies']")
    assert not KEY_LOOKUP.search('hand = ir.deal.hand_size')


def test_spec_players_is_the_seat_range_the_web_examples_show():
    from durakc.spec import load_specs
    from durakc.web.server import examples

    specs, _ = load_specs(["podkidnoy"])
    spec = specs[0]
    assert spec.players == (spec.values["players.min"], spec.values["players.max"]) == (2, 6)
    shown = {e["name"]: e["players"] for e in examples()}
    assert shown["podkidnoy"] == [2, 6]


def test_spec_seat_counts_leave_out_counts_the_teams_can_not_split():
    from durakc.spec import load_specs

    specs, _ = load_specs(["podkidnoy"])
    assert specs[0].seat_counts == [2, 3, 4, 5, 6]  # no teams: the whole seat range
    teamed, _ = load_specs(["pairs"])
    assert teamed[0].values["teams.mode"] == "opposite"
    for spec in teamed:  # PR1: partners sit opposite, so 4 or 6 players
        low, high = spec.players
        assert spec.seat_counts == [n for n in (4, 6) if low <= n <= high]


WHOLE_RULES = re.compile(r"""\[['"]rules['"]\]|\.get\(['"]rules['"]|\b(?:spec|parent)\.values\b"""
                         r"""|rules_json\(""")
"""A read of a whole rule dict (an engine's VARIANT["rules"], a spec's `values`), by any key."""

GENERIC_READERS = {
    "explain.py": 4,  # `durakc explain`: every key of the schema in order; an engine's VARIANT
    "sim/witnesses.py": 2,  # `durakc diff`: the keys whose values differ between two engines
    "targets/c/capabilities.py": 1,  # the keys the C target names when it refuses a capability
    "web/tasks.py": 3,  # the playground's differences from the parent spec, over every key
    "yamltree/read.py": 1,  # the `rules:` mapping of a spec file's YAML tree (below spec/)
}
"""Modules outside spec/, reference/ and ir/ that read a whole rule dict, with what for: each
goes over every key of the schema (or of a dict) alike, none decides by one rule's value."""


def test_whole_rule_dicts_are_read_only_key_by_key_over_the_schema():
    found = {}
    for path in sorted(COMPILER.rglob("*.py")):
        rel = path.relative_to(COMPILER).as_posix()
        if rel.startswith(ALLOWED_PREFIXES):
            continue
        lines = [ln for ln in path.read_text(encoding="utf-8").splitlines()
                 if WHOLE_RULES.search(ln) and '`VARIANT["rules"]`' not in ln]  # docs naming it
        if lines:
            found[rel] = len(lines)
    assert found == GENERIC_READERS
