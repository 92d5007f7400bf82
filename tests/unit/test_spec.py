"""Loading and validating specs: bundled variants and the API, fields, rule keys, types, YAML problems."""

from __future__ import annotations

import dataclasses
import hashlib

import pytest
from spec_support import HEAD, errors, one_error, write

from durakc.diagnostics import SpecNotFound
from durakc.schema.keys import KEYS
from durakc.spec import BUNDLED_DIR, Spec, bundled_names, load_spec
from durakc.spec import merge as spec_merge


# ---------------------------------------------------------------------------
# Bundled variants and the API
# ---------------------------------------------------------------------------
def test_bundled_names():
    files = [*BUNDLED_DIR.glob("*.yaml"), *(BUNDLED_DIR / "house").glob("*.yaml")]
    assert bundled_names() == sorted(p.stem for p in files)
    assert len(set(bundled_names())) == len(files)  # a name is bundled once
    assert {"transfer", "podkidnoy", "kyiv", "proyezdnoy"} <= set(bundled_names())


@pytest.mark.parametrize("name", bundled_names())
def test_every_bundled_variant_loads(name):
    spec = load_spec(name)
    assert isinstance(spec, Spec)
    assert spec.name == name
    folder = "variants/house" if (BUNDLED_DIR / "house" / f"{name}.yaml").is_file() else "variants"
    assert spec.label == f"{folder}/{name}.yaml"
    assert spec.chain[0] == (name, f"{folder}/{name}.yaml")
    assert list(spec.values) == [k.path for k in KEYS]
    assert set(spec.origin.values()) <= {"default", "this file"} | {
        f"parent {n}" for n, _ in spec.chain}
    assert list(spec.rules_json()) == [k.path for k in KEYS]


def test_kyiv_values_and_origin():
    spec = load_spec("kyiv")
    assert spec.title == "Kyiv durak (late transfer)"
    assert spec.chain == [("kyiv", "variants/kyiv.yaml"), ("transfer", "variants/transfer.yaml")]
    assert spec.sources == ["seed 000 section 09", "K1-K4"]
    assert spec.description.startswith("As transfer, and after")
    assert spec.values["transfer.when"].text == "beaten == 0 or unbeaten_late == unbeaten"
    assert spec.origin["transfer.when"] == "this file"
    assert spec.origin["players.max"] == "default"
    assert spec.rules_json()["transfer.capacity"] == (
        "unbeaten <= next_hand and attack_cards <= limit")
    assert spec.rules_json()["deck.ranks"] == ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def test_sha256_over_the_chain():
    spec = load_spec("podkidnoy")
    digest = hashlib.sha256()
    for name in ("podkidnoy", "transfer"):
        digest.update(f"variants/{name}.yaml".encode() + b"\0")
        digest.update((BUNDLED_DIR / f"{name}.yaml").read_bytes())
    assert spec.sha256 == digest.hexdigest()


def test_load_by_path_of_bundled_file():
    spec = load_spec(BUNDLED_DIR / "kyiv.yaml")
    assert spec.label == "variants/kyiv.yaml"


def test_usage_error_with_did_you_mean():
    with pytest.raises(SpecNotFound) as info:
        load_spec("kiyv")
    assert info.value.usage_text == (
        "kiyv: no bundled variant of that name (did you mean 'kyiv'?); give a bundled variant "
        "name or a spec file (.yaml)")


def test_spec_outside_the_repo_extends_a_bundled_variant(tmp_path):
    path = write(tmp_path, "mine.yaml",
                 "name: mine\ntitle: Mine\nextends: podkidnoy\n"
                 "rules:\n  players.max: 4\n  deck:\n    ranks: [6, 7, 8, 9, 10, J, Q, K, A]\n")
    spec = load_spec(path)
    assert spec.label == "mine.yaml"
    assert spec.chain == [("mine", "mine.yaml"), ("podkidnoy", "variants/podkidnoy.yaml"),
                          ("transfer", "variants/transfer.yaml")]
    assert spec.values["players.max"] == 4
    assert spec.origin["players.max"] == "this file"
    assert spec.values["attack.opening"] == "single"
    assert spec.origin["attack.opening"] == "parent podkidnoy"
    assert spec.origin["deal.mode"] == "default"
    digest = hashlib.sha256(b"mine.yaml\0" + path.read_bytes())
    for name in ("podkidnoy", "transfer"):
        digest.update(f"variants/{name}.yaml".encode() + b"\0"
                      + (BUNDLED_DIR / f"{name}.yaml").read_bytes())
    assert spec.sha256 == digest.hexdigest()


def test_parent_beside_the_child_wins(tmp_path):
    write(tmp_path, "transfer.yaml", "name: transfer\ntitle: Local\nrules: {players.max: 3}\n")
    spec = load_spec(write(tmp_path, "mine.yaml", HEAD))
    assert spec.chain == [("mine", "mine.yaml"), ("transfer", "transfer.yaml")]
    assert spec.values["players.max"] == 3
    assert spec.origin["players.max"] == "parent transfer"


def test_nested_and_dotted_keys_agree(tmp_path):
    a = load_spec(write(tmp_path, "a.yaml", HEAD + "rules:\n  transfer:\n    enabled: false\n"))
    b = load_spec(write(tmp_path, "b.yaml", HEAD + "rules:\n  transfer.enabled: false\n"))
    assert a.values["transfer.enabled"] is False
    assert a.values == b.values


def test_ranks_accept_numbers(tmp_path):
    spec = load_spec(write(tmp_path, "m.yaml", HEAD + "rules:\n  deck.ranks: [2, 3, '4', J, A]\n"
                                                 "  deal.hand_size: 3\n"))
    assert spec.values["deck.ranks"] == ["2", "3", "4", "J", "A"]


# ---------------------------------------------------------------------------
# Fields and rule keys
# ---------------------------------------------------------------------------
def test_unknown_rule_key_nested(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  transfer:\n    enabeld: false\n")
    assert diag == (f"{path}:6:5: error: unknown rule key 'transfer.enabeld' "
                    "(did you mean 'transfer.enabled'?)\n"
                    "        enabeld: false\n"
                    "        ^~~~~~~")


def test_unknown_rule_key_dotted(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  transfer.enabeld: false\n")
    assert diag == (f"{path}:5:3: error: unknown rule key 'transfer.enabeld' "
                    "(did you mean 'transfer.enabled'?)\n"
                    "      transfer.enabeld: false\n"
                    "      ^~~~~~~~~~~~~~~~")


def test_unknown_top_level_field(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "descripton: x\n")
    assert diag == (f"{path}:4:1: error: unknown field 'descripton' "
                    "(did you mean 'description'?)\n"
                    "    descripton: x\n"
                    "    ^~~~~~~~~~")


def test_rule_key_at_top_level(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "transfer:\n  enabled: false\n")
    assert diag == (f"{path}:4:1: error: unknown field 'transfer' (rule keys go under "
                    "'rules:')\n"
                    "    transfer:\n"
                    "    ^~~~~~~~")


def test_missing_name_and_bad_name(tmp_path):
    path = write(tmp_path, "m.yaml", "title: T\n")
    assert errors(path) == [(f"{path}:1:1: error: missing required field 'name'\n"
                            "    title: T\n"
                            "    ^")]
    path, diag = one_error(tmp_path, "name: Mine\ntitle: T\n")
    assert diag == (f"{path}:1:7: error: 'name' must be lowercase letters, digits and '-', "
                    "starting with a letter, not 'Mine'\n"
                    "    name: Mine\n"
                    "          ^~~~")


def test_bad_enum(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  deal:\n    mode: hand\n")
    assert diag == (f"{path}:6:11: error: 'deal.mode' must be one of hands, all_but_one, "
                    "everything, not 'hand' (did you mean 'hands'?)\n"
                    "        mode: hand\n"
                    "              ^~~~")


@pytest.mark.parametrize("line, message, caret", [
    ("players.min: two", "'players.min' must be an integer, not 'two'", "^~~"),
    ("players.min: true", "'players.min' must be an integer, not true", "^~~~"),
    ("players.max: 13", "'players.max' must be at most 12, not 13", "^~"),
    ("attack.limit: 0", "'attack.limit' must be at least 1, not 0", "^"),
    ("attack.limit: 2 - 3", "'attack.limit' must be at least 1, not -1", "^~~~~"),
    ("transfer.enabled: 1", "'transfer.enabled' must be true or false, not the number 1", "^"),
    ("deck.suits: S", "'deck.suits' must be a list of suit letters, not 'S'", "^"),
    ("trump.suit: s", ("'trump.suit' must be a suit letter (S, H, D or C) or null, not 's' "
                      "(did you mean 'S'?)"), "^"),
    ("transfer: 3", ("'transfer' is a section: give its keys as a mapping (enabled, when, "
                    "capacity, show_trump, show_card, show_once)"), "^"),
])
def test_wrong_types(tmp_path, line, message, caret):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  " + line + "\n")
    col = line.index(":") + 5
    assert diag == f"{path}:5:{col}: error: {message}\n      {line}\n    {' ' * (col - 1)}{caret}"


def test_ranks_errors(tmp_path):
    path = write(tmp_path, "m.yaml", HEAD + "rules:\n  deck.ranks: [6, 7, 7, 1, A, K]\n")
    assert errors(path) == [
        (f"{path}:5:22: error: 'deck.ranks': rank 7 is listed twice\n"
        "      deck.ranks: [6, 7, 7, 1, A, K]\n"
        "                         ^"),
        (f"{path}:5:25: error: 'deck.ranks': the number 1 is not a rank "
        "(2 3 4 5 6 7 8 9 10 J Q K A)\n"
        "      deck.ranks: [6, 7, 7, 1, A, K]\n"
        "                            ^"),
        (f"{path}:5:31: error: 'deck.ranks': ranks must go from low to high (K comes after A)\n"
        "      deck.ranks: [6, 7, 7, 1, A, K]\n"
        "                                  ^"),
    ]


def test_reserved_keys(tmp_path, monkeypatch):
    # No key is reserved today (jokers and the trump-six exchange are implemented): the
    # check is shown on deck.jokers made reserved, as a later capability's key would be.
    reserved = tuple(dataclasses.replace(k, reserved=True) if k.path == "deck.jokers" else k
                     for k in spec_merge.KEYS)
    monkeypatch.setattr(spec_merge, "KEYS", reserved)  # the keys whose values merging checks
    path, diag = one_error(tmp_path, HEAD + "rules:\n  deck.jokers: 2\n")
    assert diag == (f"{path}:5:16: error: 'deck.jokers' is reserved for a later version: "
                    "only 0 is supported\n"
                    "      deck.jokers: 2\n"
                    "                   ^")
    monkeypatch.undo()
    assert load_spec("jokers").values["deck.jokers"] == 2


def test_jokers_zero_to_four(tmp_path):
    # HR16: 0 to 4 jokers (J1's pair is one choice among them).
    path, diag = one_error(tmp_path, HEAD + "rules:\n  deck.jokers: 5\n")
    assert diag.startswith(f"{path}:5:16: error: 'deck.jokers' must be at most 4, not 5")


def test_key_given_twice_nested_and_dotted(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  transfer:\n    enabled: false\n"
                                             "  transfer.enabled: true\n")
    assert diag == (f"{path}:7:3: error: rule key 'transfer.enabled' is given twice "
                    "(first at line 6)\n"
                    "      transfer.enabled: true\n"
                    "      ^~~~~~~~~~~~~~~~")


def test_three_mistakes_three_diagnostics(tmp_path):
    path = write(tmp_path, "m.yaml", "name: mine\ntitle: Mine\nextends: transfer\nrules:\n"
                                     "  players.min: 1\n  deal.mode: al\n  tranfer.enabled: no\n")
    got = errors(path)
    assert len(got) == 3
    assert got[0].startswith(f"{path}:5:16: error: 'players.min' must be at least 2, not 1")
    assert got[1].startswith(f"{path}:6:14: error: 'deal.mode' must be one of hands, "
                             "all_but_one, everything, not 'al'")
    assert got[2].startswith(f"{path}:7:3: error: unknown rule key 'tranfer.enabled' "
                             "(did you mean 'transfer.enabled'?)")


# ---------------------------------------------------------------------------
# YAML-level problems through load_spec
# ---------------------------------------------------------------------------
def test_yaml_problems_reported_by_load_spec(tmp_path):
    path = write(tmp_path, "a.yaml", "name: a\ntitle: &t A\nsources: *t\n")
    assert len(errors(path)) == 2
    path = write(tmp_path, "e.yaml", "")
    assert errors(path) == [(f"{path}:1:1: error: spec is empty (it needs at least 'name' "
                            "and 'title')")]
    path = write(tmp_path, "l.yaml", "- name\n")
    assert errors(path)[0].startswith(f"{path}:1:1: error: the top level of a spec must be")
    path = write(tmp_path, "u.yaml", b"name: u\ntitle: \xff\n")
    assert errors(path) == [(f"{path}:2:8: error: the file is not valid UTF-8 (byte 0xff)\n"
                            "    title: \\xff\n"
                            "           ^~~~")]
    path = write(tmp_path, "t.yaml", "name: t\ntitle: !!python/object:os.system x\n")
    assert errors(path)[0].startswith(f"{path}:2:8: error: tags are not allowed in specs")
    path = write(tmp_path, "d.yaml", "name: d\ntitle: x\nname: e\n")
    assert errors(path)[0].startswith(f"{path}:3:1: error: duplicate key 'name'")
