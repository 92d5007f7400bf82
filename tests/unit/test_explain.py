"""`durakc explain`: the effective rules in plain words."""

from __future__ import annotations

from durakc.explain import RULES_LINE, WIDTH, explain
from durakc.schema.keys import KEYS, sections
from durakc.spec import load_spec


def test_header_names_the_chain_description_and_sources():
    text = explain(load_spec("kyiv"))
    lines = text.splitlines()
    assert lines[0] == "kyiv: Kyiv durak (late transfer)"
    assert lines[1] == "chain: kyiv (variants/kyiv.yaml) -> transfer (variants/transfer.yaml)"
    assert "As transfer, and after the defence has started" in text
    assert "sources: seed 000 section 09; K1-K4" in lines
    # the header ends by saying where the rule IDs are defined (docs/rules.md)
    after_sources = lines[lines.index("sources: seed 000 section 09; K1-K4") + 1]
    assert after_sources == RULES_LINE and "docs/rules.md" in RULES_LINE


def test_header_without_sources_still_names_the_rules_page(tmp_path):
    path = tmp_path / "bare.yaml"
    path.write_text("name: bare\ntitle: Bare\nextends: transfer\n")
    lines = explain(load_spec(path)).splitlines()
    assert lines[1].startswith("chain: bare (") and lines[2] == RULES_LINE


def test_every_key_in_schema_order_with_doc_rules_and_origin():
    text = explain(load_spec("podkidnoy"))
    positions = [text.index(f"\n{key.path} = ") for key in KEYS]
    assert positions == sorted(positions)
    headers = [text.index(f"\n[{section}]\n") for section in sections()]
    assert headers == sorted(headers)
    assert ("attack.opening = single: exactly one card\n"
            "    what the opening attack of a round may be: a choice, or a condition on the\n") in text
    assert "    rules: T10, P4, SG1, HR7, HR8; from: this file\n" in text
    assert ("players.min = 2\n"
            "    fewest players the variant allows\n"
            "    rules: T1; from: default\n") in text
    assert ("deck.jokers = 0\n"
            "    jokers in the deck, 0 to 4: `BJ`, `RJ`, `BJ2`, `RJ2` (black, red, black,\n"
            "    red) in that order; they sort after every other card, red before black (2:\n"
            "    a red `RJ` and a black `BJ`)\n"
            "    rules: J1, J3, HR16; from: default\n") in text


def test_expressions_show_their_text_and_environment():
    text = explain(load_spec("kyiv"))
    assert "transfer.when = beaten == 0 or unbeaten_late == unbeaten [expression: transfer\n        -> bool]\n" in text
    assert "attack.limit = 6 [expression: round -> int]\n" in text


def test_origin_parent_and_annotations(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n  players.max: 4\n"
                    "  outcome.annotations: {pogony: 'final_attack_lowest >= 1'}\n")
    text = explain(load_spec(path))
    assert "chain: mine (mine.yaml) -> podkidnoy (variants/podkidnoy.yaml) -> transfer" in text
    assert "players.max = 4\n    most players the variant allows\n    rules: T1; from: this file" \
        in text
    assert "rules: T10, P4, SG1, HR7, HR8; from: parent podkidnoy" in text
    assert "outcome.annotations = 1 named condition(s)\n    pogony: final_attack_lowest >= 1\n" \
        in text


def test_wrapped_and_deterministic():
    first = explain(load_spec("proyezdnoy"))
    assert first == explain(load_spec("proyezdnoy"))
    assert first.endswith("\n")
    assert all(len(line) <= WIDTH for line in first.splitlines())


def test_summary_lists_only_what_differs_and_where_it_is_set():
    from durakc.explain import explain
    from durakc.spec import load_spec

    text = explain(load_spec("siberian"))
    summary = " ".join(text.split("in short:", 1)[1].split("\n[", 1)[0].split())
    assert "most attack cards in one round" in summary and "3 (attack.limit" in summary
    assert "this file" in summary and "parent podkidnoy" in summary
    assert "players.max" not in summary  # unchanged keys stay out of the summary
    plain = explain(load_spec("transfer"))
    assert "in short: the transfer profile (T1-T28) exactly" in plain
