"""The spec schema: every rule key a variant may set, declared exactly once.

This module is the single source for validation (`durakc.spec`), for
`durakc explain` and for the README's spec reference table (a test keeps the
README in sync with `schema_text.reference_table()`).  The keys are declared by rule group in
`keys_deck.py`, `keys_trump.py`, `keys_series.py`, `keys_attack.py`, `keys_defence.py`,
`keys_round_end.py`, `keys_outcome.py` and `keys_table.py` (`Key` itself in `key_decl.py`);
this module joins them and re-exports them.  Each `Key` says its type, default,
allowed values, the rule IDs it implements (each defined in docs/rules.md) and a
one-line doc.  The defaults are the transfer profile (rules T1-T28); a variant
states only what differs, like a dialect over its base.

Expression keys name an *environment*: the names and types an expression may
use.  Environments are declared here too (`ENVIRONMENTS`), so the checker, the
code generator and the docs agree on the vocabulary.
"""

from __future__ import annotations

from durakc.schema.envs import (  # noqa: F401 - the vocabulary is part of the schema's API
    CARD_FIELDS,
    COLOURS,
    COUNTER_MAX,
    ENVIRONMENTS,
    JOKER_COLOURS,
    JOKERS_BY_COUNT,
    NAME_RANGES,
    NAME_RULES,
    SET_FIELDS,
    SET_METHODS,
    SET_TYPES,
    SUIT_COLOURS,
    joker_texts,
)
from durakc.schema.key_decl import ALL_RANKS, SUITS, Key  # noqa: F401 - API
from durakc.schema.keys_attack import KEYS_ATTACK
from durakc.schema.keys_deck import KEYS_DECK
from durakc.schema.keys_defence import KEYS_DEFENCE
from durakc.schema.keys_outcome import KEYS_OUTCOME
from durakc.schema.keys_round_end import KEYS_ROUND_END
from durakc.schema.keys_series import KEYS_SERIES
from durakc.schema.keys_table import KEYS_TABLE
from durakc.schema.keys_trump import KEYS_TRUMP
from durakc.schema.teams import TEAM_PLAYER_COUNTS, team_of, teams_of  # noqa: F401 - API

KEYS: tuple[Key, ...] = (
    *KEYS_DECK,
    *KEYS_TRUMP,
    *KEYS_SERIES,
    *KEYS_ATTACK,
    *KEYS_DEFENCE,
    *KEYS_ROUND_END,
    *KEYS_OUTCOME,
    *KEYS_TABLE,
)
"""Every rule key, declared once, by rule group (the modules `keys_*.py`), in the order
the schema, the README's tables and `durakc explain` list them."""

KEY_BY_PATH: dict[str, Key] = {k.path: k for k in KEYS}

TOP_LEVEL_FIELDS = {
    "name": "variant name: lowercase letters, digits and '-'",
    "title": "a human title",
    "extends": "the variant this one builds on",
    "description": "free text: what the variant is and the decisions it takes",
    "sources": "list of seed sections or rule IDs the variant follows",
    "rules": "the rule keys below, as a nested mapping",
    "options": "table settings chosen when a game starts: name -> {type: bool, or choices: "
               "[...], or range: [low, high]; default; text} (read in attack.limit, "
               "throw_in.who, transfer.when, transfer.capacity)",
}
"""Fields of a spec file besides the rule keys (which live under ``rules:``)."""


def sections() -> list[str]:
    """Top-level groups of rule keys, in declaration order."""
    seen: list[str] = []
    for key in KEYS:
        head = key.path.split(".")[0]
        if head not in seen:
            seen.append(head)
    return seen


def defaults() -> dict[str, object]:
    """Flat mapping of every key path to its default value."""
    return {k.path: k.default for k in KEYS}


def key_rules(key: Key, value: object) -> tuple[str, ...]:
    """The rule IDs of `key` with `value`: the key's, then those of the expression names the
    value reads (NAME_RULES), e.g. attack.limit reading `discard` adds H1."""
    names = getattr(value, "names", ())
    extra = [r for (env, name), ids in NAME_RULES.items() if env == key.env and name in names
             for r in ids if r not in key.rules]
    return tuple(key.rules) + tuple(dict.fromkeys(extra))


def value_text(value: object) -> str:
    """A rule value as a spec would write it: null, true/false, [a, b], or the text."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
    return str(getattr(value, "text", value))
