"""The JSON Schema of spec files (issue 19 4d): generated from the schema, shipped in
generated/ (kept in sync by `durakc build` and `durakc check`, like the engines), valid for every
bundled spec, refusing broken ones, and never refusing a value durakc's checker accepts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from durakc.schema.keys import KEYS
from durakc.spec.json_schema import SCHEMA_FILE, TYPES, schema_text, spec_schema
from durakc.spec.problems import Invalid
from durakc.spec.values import CHECKS, check_value
from durakc.yamltree.read import parse_text

jsonschema = pytest.importorskip("jsonschema")

ROOT = Path(__file__).resolve().parents[2]
BUNDLED = sorted((ROOT / "variants").glob("*.yaml")) + sorted(
    (ROOT / "variants" / "house").glob("*.yaml"))


@pytest.fixture(scope="module")
def validator():
    schema = spec_schema()
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def errors(validator, doc: dict) -> list[str]:
    return [e.message for e in validator.iter_errors(doc)]


def spec(rules: object = None, **fields) -> dict:
    return {"name": "mine", "title": "Mine", "extends": "transfer", **fields,
            **({} if rules is None else {"rules": rules})}


def test_the_shipped_schema_is_a_fresh_generation():
    shipped = ROOT / "generated" / SCHEMA_FILE
    assert shipped.read_text(encoding="utf-8") == schema_text(), "run `durakc build`"
    assert json.loads(shipped.read_text(encoding="utf-8")) == spec_schema()


def test_every_key_type_has_a_json_schema():
    assert set(CHECKS) <= set(TYPES)
    assert {key.type for key in KEYS} <= set(TYPES)


@pytest.mark.parametrize("path", BUNDLED, ids=lambda p: p.stem)
def test_every_bundled_spec_is_valid(validator, path):
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert errors(validator, doc) == []


def test_every_key_is_described_with_its_rules_type_and_default(validator):
    definitions = spec_schema()["definitions"]
    for key in KEYS:
        entry = definitions[f"key:{key.path}"]
        assert entry["description"].startswith(key.doc[:1].upper() + key.doc[1:])
        for rule in key.rules:
            assert rule in entry["description"]
        if key.type == "enum":  # a key with an environment also takes a condition (a string)
            choices = entry["anyOf"][0] if "anyOf" in entry else entry  # or a list (issue 31)
            assert choices["enum"] == list(key.choices)
        if key.type == "int":  # a key with an environment also takes an expression (HR31)
            number = entry["anyOf"][0] if key.env else entry
            assert (number.get("minimum"), number.get("maximum")) == (key.minimum, key.maximum)
        default = json.loads(json.dumps(entry["default"]))
        # The default is valid nested, dotted and in any mix of the two.
        head, _, rest = key.path.partition(".")
        for rules in ({key.path: default}, {head: {rest: default}}, {head: None}):
            assert errors(validator, spec(rules)) == [], (key.path, rules)


@pytest.mark.parametrize("doc, expected", [
    (spec({"deck": {"jokerz": 2}}), "'jokerz' was unexpected"),
    (spec({"deck.jokerz": 2}), "'deck.jokerz' was unexpected"),
    (spec({"jokers": 2}), "'jokers' was unexpected"),
    (spec(colour="red"), "'colour' was unexpected"),
    (spec({"swap": {"per_game": "six"}}), "'six' is not of type 'integer'"),  # deal.hand_size takes an expression (HR31)
    (spec({"transfer.enabled": "yes"}), "'yes' is not of type 'boolean'"),
    (spec({"trump": {"mode": "bottom"}}), "'bottom' is not one of"),
    (spec({"players": {"max": 13}}), "13 is greater than the maximum of 12"),
    (spec({"attack": {"limit": 0}}), "0 is less than the minimum of 1"),
    (spec({"attack": {"limit": 4.5}}), "4.5 is not of type 'string', 'integer'"),
    (spec({"throw_in.who": 4}), "4 is not of type 'string', 'boolean'"),
    (spec({"deck": {"suits": ["S", "X"]}}), "'X' is not one of"),
    (spec({"deck": {"suits": ["S", "S"]}}), "has non-unique elements"),
    (spec({"deck": {"ranks": [6, 11]}}), "11 is not valid under any of the given schemas"),
    (spec({"deck": "small"}), "'small' is not of type 'object', 'null'"),
    (spec({"outcome": {"annotations": {"Double": "true"}}}), "does not match"),
    (spec(name="My variant"), "does not match"),
    ({"name": "mine"}, "'title' is a required property"),
])
def test_broken_specs_are_refused(validator, doc, expected):
    found = errors(validator, doc)
    assert any(expected in message for message in found), found


# Values written in YAML, tried for every key: the JSON Schema must accept each value durakc's
# checker accepts (an editor never flags a valid spec).  Apart from expressions (whose text the
# schema can not check) and the order of ranks, it refuses what the checker refuses too.
CANDIDATES = ["0", "1", "2", "6", "12", "13", "26", "27", "-1", "4.5", "true", "false", "null",
              "S", "X", "'6'", "10", "J", "'10'", "[S, H]", "[S, S]", "[S, X]", "[6, 7, 8]",
              "[6, J, A]", "[A, 6]", "[6, 6]", "[]", "{}", "hands", "single", "none",
              "lowest_trump", "per_seat", "'stock + 1'", "'players > 2'", "'not is_defender'",
              "'beaten == 0'", "'d.rank > a.rank'", "'loser_hand > 5'", "{x: 'true'}",
              "{Bad: 'true'}", "{x: 3}", "''"]
LOOSE = {"expr", "annotations", "ranks"}


def _checker_accepts(key, text: str) -> bool:
    node = parse_text(f"v: {text}\n").get("v").value
    try:
        check_value(key, node, None, [])
    except Invalid:
        return False
    return True


@pytest.mark.parametrize("key", KEYS, ids=lambda k: k.path)
def test_the_schema_agrees_with_the_checker(validator, key):
    texts = CANDIDATES + [json.dumps(key.default)] + list(key.choices)
    for text in texts:
        value = yaml.safe_load(text)
        by_schema = not errors(validator, spec({key.path: value}))
        by_checker = _checker_accepts(key, text)
        if by_checker:
            assert by_schema, f"{key.path}: {text} is valid but the JSON Schema refuses it"
        elif key.type not in LOOSE and not key.env:  # an enum with an env takes conditions
            assert not by_schema, f"{key.path}: {text} is refused but the JSON Schema accepts it"


def test_the_opener_list_form_is_valid_and_its_items_checked(validator):
    """first_attacker.first_game takes a list of {lowest|highest: condition} (issue 31)."""
    good = {"name": "x", "title": "X", "rules": {"first_attacker": {"first_game": [
        {"lowest": "c.suit == H"}, {"highest": "c.is_trump"}, {"lowest": True}]}}}
    assert errors(validator, good) == []
    for bad in ([], [{"lowst": "c.is_trump"}], [{"lowest": "c.is_trump", "highest": "true"}]):
        doc = {"name": "x", "title": "X", "rules": {"first_attacker": {"first_game": bad}}}
        assert errors(validator, doc), bad
