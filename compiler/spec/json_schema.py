"""The JSON Schema of spec files, generated from `durakc.schema.keys` (issue 19 4d).

Editors read it to complete and check a spec as it is typed (``# yaml-language-server:
$schema=...``); `durakc schema` prints it and `durakc build` writes it into generated/ as
`SCHEMA_FILE` (package data of `durakc.engines`), where `durakc check` keeps it in sync with
the schema like the engines.  Everything here follows from `schema.KEYS`,
`schema.TOP_LEVEL_FIELDS` and `schema.ENVIRONMENTS`: a new key appears with its type, choices,
range, doc and rule IDs, under its section and in its dotted form.

The JSON Schema checks the shape of a spec only (types, names, choices, ranges); durakc's own
checker stays the authority (expressions, the extends chain, checks between keys).  Draft-07,
which yaml-language-server and most editors support.
"""

from __future__ import annotations

import json
from collections.abc import Callable

from durakc.schema.keys import ALL_RANKS, ENVIRONMENTS, KEYS, SUITS, TOP_LEVEL_FIELDS, Key, sections
from durakc.spec import ANNOTATION_RE, NAME_RE
from durakc.spec.opener import LIST_SCHEMA
from durakc.spec.values import LIST_FORMS

SCHEMA_FILE = "spec.schema.json"
"""The file name of the generated schema in generated/ (and in the installed `durakc.engines`)."""

DRAFT = "http://json-schema.org/draft-07/schema#"

_RANK: dict = {"anyOf": [{"type": "string", "enum": list(ALL_RANKS)},
                         {"type": "integer", "minimum": 2, "maximum": 10}]}
_SUIT: dict = {"type": "string", "enum": list(SUITS)}


def _int(key: Key) -> dict:
    out: dict = {"type": "integer"}
    if key.minimum is not None:
        out["minimum"] = key.minimum
    if key.maximum is not None:
        out["maximum"] = key.maximum
    if key.env is not None:  # a number, or an expression (deal.hand_size, HR31)
        return {"anyOf": [out, {"type": "string", "minLength": 1}]}
    return out


def _enum(key: Key) -> dict:
    choices = {"type": "string", "enum": list(key.choices)}
    if key.env is not None:  # a choice, or a condition (an expression string)
        return {"anyOf": [choices, {"type": "string"}]}
    if key.path in LIST_FORMS:  # a choice, or a list (first_attacker.first_game: issue 31)
        return {"anyOf": [choices, LIST_SCHEMA]}
    return choices


def _expr(key: Key) -> dict:
    # A whole number is an expression of type int (attack.limit: 4), true/false one of type
    # bool; anything else is written as a string.
    literal = "integer" if key.result == "int" else "boolean"
    out: dict = {"type": ["string", literal], "minLength": 1}
    if key.result == "int" and key.minimum is not None:
        out["minimum"] = key.minimum
    if key.result == "int" and key.maximum is not None:
        out["maximum"] = key.maximum
    return out


def _annotations(key: Key) -> dict:
    return {"type": ["object", "null"], "propertyNames": {"pattern": ANNOTATION_RE.pattern},
            "additionalProperties": {"type": ["string", "boolean"], "minLength": 1}}


TYPES: dict[str, Callable[[Key], dict]] = {
    "int": _int,
    "bool": lambda key: {"type": "boolean"},
    "enum": _enum,
    "suit?": lambda key: {"enum": [*SUITS, None]},
    "suits": lambda key: {"type": "array", "items": _SUIT, "uniqueItems": True},
    "ranks": lambda key: {"type": "array", "items": _RANK, "uniqueItems": True},
    "rank?": lambda key: {"anyOf": [_RANK, {"type": "null"}]},
    "str": lambda key: {"type": ["string", "null"]},
    "expr": _expr,
    "annotations": _annotations,
}
"""The JSON Schema of each key type (`schema.Key.type`; `spec.values.CHECKS` checks them)."""


def key_schema(key: Key) -> dict:
    """The JSON Schema of one rule key's value, with its doc, rule IDs and default."""
    make = TYPES.get(key.type)
    if make is None:
        raise ValueError(f"no JSON Schema for key type {key.type!r} ({key.path}): "
                         "add one to durakc.spec.json_schema.TYPES")
    out = {"const": key.default} if key.reserved else make(key)
    return {"description": _description(key), **out, "default": _json(key.default)}


def _description(key: Key) -> str:
    parts = [key.doc[:1].upper() + key.doc[1:] + "."]
    if key.type == "expr" or key.type == "annotations":
        names = ", ".join(ENVIRONMENTS.get(key.env or "", {}))
        result = key.result if key.type == "expr" else "bool"
        parts.append(f"An expression of type {result} over: {names}.")
    for choice, doc in key.choice_docs.items():
        parts.append(f"{choice}: {doc}.")
    if key.reserved:
        parts.append("Reserved for a later version: only the default is accepted.")
    if key.rules:
        parts.append("Rules: " + ", ".join(key.rules) + " (docs/rules.md).")
    return " ".join(parts)


def _json(value: object) -> object:
    """A default as JSON: expressions by their text."""
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _json(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, str)):
        return value
    return str(getattr(value, "text", value))


def _section_paths() -> list[str]:
    """Every section of ``rules:`` (each proper prefix of a key path), root ("") first."""
    found: dict[str, None] = {"": None}
    for key in KEYS:
        parts = key.path.split(".")
        for i in range(1, len(parts)):
            found[".".join(parts[:i])] = None
    return list(found)


def _section_schema(section: str, all_sections: list[str]) -> dict:
    """A mapping at `section` of ``rules:``: the keys and subsections below it, each by the
    rest of its path, so nested (``deck: {ranks: ...}``) and dotted (``deck.ranks: ...``)
    forms, and any mix of them, are valid."""
    prefix = section + "." if section else ""
    properties: dict = {}
    for sub in all_sections:
        if sub and sub != section and sub.startswith(prefix):
            properties[sub[len(prefix):]] = {"$ref": f"#/definitions/section:{sub}"}
    for key in KEYS:
        if key.path.startswith(prefix):
            properties[key.path[len(prefix):]] = {"$ref": f"#/definitions/key:{key.path}"}
    if section:
        keys = ", ".join(k.path[len(prefix):] for k in KEYS if k.path.startswith(prefix))
        description = f"The rule keys of section {section}: {keys}."
    else:
        description = ("The rule keys, as a nested mapping by the dots of each key path or "
                       "written with dots (transfer.enabled: false); a key at its default "
                       "need not be given.")
    return {"description": description, "type": ["object", "null"],
            "properties": dict(sorted(properties.items())), "additionalProperties": False}


_FIELDS: dict[str, dict] = {
    "name": {"type": "string", "pattern": NAME_RE.pattern},
    "title": {"type": "string", "pattern": "\\S"},
    "extends": {"type": "string", "pattern": NAME_RE.pattern},
    "description": {"type": ["string", "null"]},
    "sources": {"type": ["array", "null"], "items": {"type": ["string", "number"]}},
    "rules": {"$ref": "#/definitions/section:"},
}
"""The value of each top-level field; a field added to `schema.TOP_LEVEL_FIELDS` without an
entry here is accepted with any value (and described)."""


def spec_schema() -> dict:
    """The JSON Schema (draft-07) of a spec file."""
    all_sections = _section_paths()
    definitions: dict = {}
    for section in all_sections:
        definitions[f"section:{section}"] = _section_schema(section, all_sections)
    for key in KEYS:
        definitions[f"key:{key.path}"] = key_schema(key)
    fields = {name: {"description": doc[:1].upper() + doc[1:] + ".", **_FIELDS.get(name, {})}
              for name, doc in TOP_LEVEL_FIELDS.items()}
    return {
        "$schema": DRAFT,
        "title": "durakc variant spec",
        "description": ("A Durak variant for durakc: its name, title, the variant it extends "
                        "and the rule keys it sets (sections: " + ", ".join(sections()) + ")."),
        "type": "object",
        "required": ["name", "title"],
        "properties": fields,
        "additionalProperties": False,
        "definitions": definitions,
    }


def schema_text() -> str:
    """`spec_schema` as the text `durakc schema` prints and `durakc build` writes."""
    return json.dumps(spec_schema(), indent=2, ensure_ascii=False) + "\n"


__all__ = ["SCHEMA_FILE", "TYPES", "key_schema", "schema_text", "spec_schema"]
