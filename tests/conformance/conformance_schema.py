"""The schema check of the conformance scenarios (no engine needed): `validate` returns a
list of error strings, empty when every scenario file follows the format of README.md.

The key sets the format allows are defined in conformance_scenarios, beside the loading.
"""

from __future__ import annotations

import yaml
from conformance_scenarios import (
    ALL_VERBS,
    BY_VARIANT_KEYS,
    CARD_VERBS,
    DEFAULT_RANKS,
    EXPECT_KEYS,
    FILE_KEYS,
    JOKERS,
    NEW_GAME_KEYS,
    OVERRIDE_KEYS,
    PARAM_KEYS,
    POSITION_KEYS,
    PROPERTIES,
    SCENARIO_KEYS,
    STEP_KEYS,
    SUITS,
    _position_cards,
    canon_card,
    load_rules,
    load_scenarios,
    scenario_files,
)


# ---------------------------------------------------------------------------
# schema check: returns a list of error strings (empty = fine)
# ---------------------------------------------------------------------------
def _check_action(text, where, errors):
    if not isinstance(text, str) or not text.split():
        errors.append(f"{where}: action must be a non-empty string, got {text!r}")
        return
    verb = text.split()[0].lower()
    if verb not in ALL_VERBS:
        errors.append(f"{where}: unknown action verb in {text!r}")
        return
    n = len(text.split()) - 1
    need = {"take": 0, "pass": 0, "resign": 0, "beat": 2, "show": 1}
    if verb in need and n != need[verb]:
        errors.append(f"{where}: {verb!r} takes {need[verb]} card(s): {text!r}")
    if verb in CARD_VERBS and n < 1:
        errors.append(f"{where}: {verb!r} needs cards: {text!r}")
    words = text.split()[1:]
    if verb == "catch":  # HR34: a seat, then one card
        if len(words) != 2 or not words[0].isdigit():
            errors.append(f"{where}: 'catch' takes a seat and a card: {text!r}")
        words = words[1:]
    for c in words:
        _check_card(c, where, errors)


def _check_card(c, where, errors):
    c = canon_card(c)
    if c in JOKERS:  # J1
        return
    if "/" in c:  # W2: a card played with a named suit, '6S/H'
        c, _, named = c.partition("/")
        if named not in SUITS:
            errors.append(f"{where}: bad named suit in {c + '/' + named!r}")
    if c[-1] not in SUITS or c[:-1] not in ("2", "3", "4", "5", *DEFAULT_RANKS):
        errors.append(f"{where}: bad card {c!r}")


def _check_expect(exp, where, errors):
    if not isinstance(exp, dict):
        errors.append(f"{where}: expect must be a mapping")
        return
    for k in exp:
        if k not in EXPECT_KEYS:
            errors.append(f"{where}: unknown expect key {k!r}")
    for k in ("legal", "legal_has", "legal_lacks", "illegal"):
        for a in exp.get(k, []) or []:
            _check_action(a, f"{where}.{k}", errors)
    for seat, acts in (exp.get("out_of_turn") or {}).items():
        for a in acts:
            _check_action(a, f"{where}.out_of_turn[{seat}]", errors)
    hands = exp.get("hands")
    if isinstance(hands, dict):
        for seat, cards in hands.items():
            if not isinstance(seat, int):
                errors.append(f"{where}.hands: seat keys must be ints")
            for c in cards:
                _check_card(c, f"{where}.hands", errors)
    for row in exp.get("table", []) or []:
        if not (isinstance(row, list) and len(row) == 2):
            errors.append(f"{where}.table: rows are [attack, defence-or-null]")


def _check_steps(steps, where, errors):
    if not isinstance(steps, list) or not steps:
        errors.append(f"{where}: steps must be a non-empty list")
        return
    for i, st in enumerate(steps):
        w = f"{where}.steps[{i}]"
        if not isinstance(st, dict):
            errors.append(f"{w}: must be a mapping")
            continue
        for k in st:
            if k not in STEP_KEYS:
                errors.append(f"{w}: unknown step key {k!r}")
        kinds = [k for k in ("do", "expect", "next_game") if k in st]
        if len(kinds) != 1:
            errors.append(f"{w}: exactly one of do/expect/next_game, got {kinds}")
        if "do" in st:
            acts = st["do"] if isinstance(st["do"], list) else [st["do"]]
            for a in acts:
                _check_action(a, w, errors)
        if "expect" in st:
            _check_expect(st["expect"], w, errors)
        if "next_game" in st and not isinstance(st["next_game"], dict):
            errors.append(f"{w}: next_game must be a mapping like {{seed: 3}}")


def _check_body(body, where, errors, allow_empty=False):
    has_steps = "steps" in body
    has_simple = "actions" in body or "expect" in body
    if has_steps and has_simple:
        errors.append(f"{where}: use either steps or actions/expect, not both")
    if has_steps:
        _check_steps(body["steps"], where, errors)
    if "actions" in body:
        for a in body["actions"] or []:
            _check_action(a, f"{where}.actions", errors)
    if "expect" in body:
        _check_expect(body["expect"], f"{where}.expect", errors)
    if not allow_empty and not has_steps and "expect" not in body:
        errors.append(f"{where}: nothing is asserted (no expect/steps)")


def validate(scenarios=None, rules=None) -> list[str]:
    rules = rules if rules is not None else load_rules()
    errors: list[str] = []
    for path in scenario_files():
        with path.open(encoding="utf-8") as fh:
            data = yaml.safe_load(fh) or {}
        for k in data:
            if k not in FILE_KEYS:
                errors.append(f"{path.name}: unknown top-level key {k!r}")
    scenarios = scenarios if scenarios is not None else load_scenarios()
    seen = {}
    for sc in scenarios:
        sid = sc.get("id", "?")
        where = f"{sc['_file']}:{sid}"
        for k in sc:
            if not k.startswith("_") and k not in SCENARIO_KEYS:
                errors.append(f"{where}: unknown key {k!r}")
        if sid in seen:
            errors.append(f"{where}: duplicate id (also in {seen[sid]})")
        seen[sid] = sc["_file"]
        if not sc.get("doc"):
            errors.append(f"{where}: missing doc")
        ids = sc.get("rules") or []
        if not ids:
            errors.append(f"{where}: missing rules")
        for r in ids:
            if r not in rules:
                errors.append(f"{where}: unknown rule id {r!r}")
        starts = [k for k in ("position", "new_game", "property") if k in sc]
        if len(starts) != 1:
            errors.append(f"{where}: exactly one of position/new_game/property, got {starts}")
        if "position" in sc:
            pos = sc["position"]
            for k in pos:
                if k not in POSITION_KEYS:
                    errors.append(f"{where}.position: unknown key {k!r}")
            for k in ("players", "trump", "stock", "hands", "attacker"):
                if k not in pos:
                    errors.append(f"{where}.position: missing {k!r}")
            cards = _position_cards(pos)
            for c in cards:
                _check_card(c, f"{where}.position", errors)
            copies = int(sc.get("_assumes", {}).get("deck.copies") or 1)  # HR17: each card twice
            dup = {c for c in cards if cards.count(c) > copies}
            if dup:
                errors.append(f"{where}.position: duplicate cards {sorted(dup)}")
            if len(pos.get("hands", [])) != pos.get("players"):
                errors.append(f"{where}.position: hands must have one list per player")
            stock = pos.get("stock") or []
            if (stock and pos.get("trump") is not None and not pos.get("set_aside")
                    and canon_card(stock[-1])[-1] != pos["trump"]):  # HR12: unless it lies aside
                errors.append(f"{where}.position: last stock card must be of the trump suit")
        if "new_game" in sc:
            for k in sc["new_game"]:
                if k not in NEW_GAME_KEYS:
                    errors.append(f"{where}.new_game: unknown key {k!r}")
        if "property" in sc:
            if sc["property"] not in PROPERTIES:
                errors.append(f"{where}: unknown property {sc['property']!r}")
            for k in sc.get("params", {}) or {}:
                if k not in PARAM_KEYS:
                    errors.append(f"{where}.params: unknown key {k!r}")
            for k in ("actions", "expect", "steps"):
                if k in sc:
                    errors.append(f"{where}: a property scenario has no {k}")
        else:
            _check_body(sc, where, errors)
        for name, body in (sc.get("by_variant") or {}).items():
            for k in body:
                if k not in BY_VARIANT_KEYS:
                    errors.append(f"{where}.by_variant.{name}: unknown key {k!r}")
            _check_body(body, f"{where}.by_variant.{name}", errors)
        for i, ov in enumerate(sc.get("overrides") or []):
            for k in ov:
                if k not in OVERRIDE_KEYS:
                    errors.append(f"{where}.overrides[{i}]: unknown key {k!r}")
            if not isinstance(ov.get("when"), dict) or not ov["when"]:
                errors.append(f"{where}.overrides[{i}]: needs a non-empty when mapping")
            _check_body(ov, f"{where}.overrides[{i}]", errors)
    return errors
