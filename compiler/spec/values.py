"""Value checks by key type: `CHECKS` maps each `schema.Key.type` to the function that
turns a YAML node into the key's value, or records why it can not (and raises `Invalid`).

A checker is ``check(key, node, diags, inherited) -> value``; `inherited` is the parent's
value of the key (None at the root of the chain), which expressions read as `inherited`.
A new key type is one checker here and one entry in `CHECKS`.
"""

from __future__ import annotations

import re

from durakc.diagnostics import Diagnostic, did_you_mean
from durakc.schema.keys import ALL_RANKS, ENVIRONMENTS, SUITS, Key, value_text
from durakc.spec.exprs import compile_value
from durakc.spec.opener import check_criteria
from durakc.spec.problems import Invalid, describe, fail, flag, yaml_bool_word
from durakc.yamltree.read import Node

ANNOTATION_RE = re.compile(r"^[a-z][a-z0-9_]*$")
"""An annotation name (`outcome.annotations`): lowercase letters, digits and '_'."""


def _check_int(key: Key, node: Node, diags, ctx) -> object:
    value = node.value
    if key.env is not None and node.kind == "scalar" and isinstance(value, str) \
            and not re.fullmatch(r"\s*[-+]?[0-9]+\s*", value):  # "6": write it without quotes
        # a number or an expression (deal.hand_size over `players`, HR31): the bounds are
        # checked at every player count (spec.cross_choices)
        return compile_value(key.path, node, key.env, "int", None, diags)
    if node.kind != "scalar" or isinstance(value, bool) or not isinstance(value, int):
        raise fail(diags, node, f"'{key.path}' must be an integer, not {describe(node)}"
                                f"{_unquote_hint(node, int)}")
    if key.reserved:
        return value
    if key.minimum is not None and value < key.minimum:
        raise fail(diags, node, f"'{key.path}' must be at least {key.minimum}, not {value}")
    if key.maximum is not None and value > key.maximum:
        raise fail(diags, node, f"'{key.path}' must be at most {key.maximum}, not {value}")
    return value


def _check_bool(key: Key, node: Node, diags, ctx) -> bool:
    if node.kind != "scalar" or not isinstance(node.value, bool):
        raise fail(diags, node, f"'{key.path}' must be true or false, not {describe(node)}"
                                f"{_unquote_hint(node, bool)}")
    return node.value


def _unquote_hint(node: Node, kind: type) -> str:
    """A hint when a quoted scalar would be a value of `kind` without its quotes."""
    if node.kind != "scalar" or node.style not in ("'", '"'):
        return ""
    text = node.text.strip()
    if kind is int and re.fullmatch(r"[-+]?[0-9]+", text):
        return " (write it without quotes)"
    if kind is bool and text.lower() in ("true", "false"):
        return " (write it without quotes)"
    return ""


LIST_FORMS = {"first_attacker.first_game": check_criteria, "series.first_attacker": check_criteria}
"""Enum keys that also take a list (issue 31 item 2: who opens a first or a later game, as an
ordering)."""


def _check_enum(key: Key, node: Node, diags, ctx) -> object:
    value = node.value
    if node.kind == "seq" and key.path in LIST_FORMS:
        return LIST_FORMS[key.path](key.path, node, diags)
    if node.kind == "scalar" and isinstance(value, str) and (value in key.choices
                                                             or key.reserved):
        return value
    if key.env is not None and node.kind == "scalar" and isinstance(value, str) \
            and not value.isidentifier():
        # a choice or a condition (attack.opening): a text that is no word is an expression
        return compile_value(key.path, node, key.env, key.result,
                             ctx if not isinstance(ctx, str) else None, diags)
    choices = ", ".join(key.choices)
    if key.env is not None:
        choices += f" or a condition over {', '.join(ENVIRONMENTS[key.env])}"
    word = node.text if yaml_bool_word(node) else value  # `no` was meant as a word
    hint = did_you_mean(word, key.choices) if isinstance(word, str) else ""
    raise fail(diags, node,
               f"'{key.path}' must be one of {choices}, not {describe(node)}{hint}")


def _suit_hint(value: object) -> str:
    if isinstance(value, str) and value.upper()[:1] in SUITS and len(value) >= 1:
        return f" (did you mean '{value.upper()[0]}'?)"
    return ""


def _check_suit(key: Key, node: Node, diags, ctx) -> str | None:
    value = node.value
    if node.kind == "scalar" and (value is None or value in SUITS):
        return value
    raise fail(diags, node, f"'{key.path}' must be a suit letter (S, H, D or C) or null, "
                            f"not {describe(node)}{_suit_hint(value)}")


def _check_suits(key: Key, node: Node, diags, ctx) -> list[str]:
    if node.kind != "seq":
        raise fail(diags, node, f"'{key.path}' must be a list of suit letters, "
                                f"not {describe(node)}")
    suits: list[str] = []
    bad = False
    for item in node.items:
        if item.kind != "scalar" or item.value not in SUITS:
            bad = flag(diags, item, f"'{key.path}': {describe(item)} is not a suit letter "
                                    f"(S, H, D or C){_suit_hint(item.value)}")
        elif item.value in suits:
            bad = flag(diags, item, f"'{key.path}': suit {item.value} is listed twice")
        else:
            suits.append(item.value)
    if bad:
        raise Invalid()
    # A deck is a set of suits: the canonical order (S H D C) orders cards, hands and deals,
    # so listing the same suits differently changes nothing.
    return sorted(suits, key=SUITS.index)


def _rank_of(item: Node) -> str | None:
    value = item.value
    if item.kind != "scalar" or isinstance(value, bool):
        return None
    if isinstance(value, int) and 2 <= value <= 10:
        return str(value)
    if isinstance(value, str) and value in ALL_RANKS:
        return value
    return None


def _check_ranks(key: Key, node: Node, diags, ctx) -> list[str]:
    if node.kind != "seq":
        raise fail(diags, node, f"'{key.path}' must be a list of ranks, not {describe(node)}")
    ranks: list[str] = []
    bad = False
    for item in node.items:
        rank = _rank_of(item)
        if rank is None:
            bad = flag(diags, item, f"'{key.path}': {describe(item)} is not a rank "
                                    f"({' '.join(ALL_RANKS)})")
        elif rank in ranks:
            bad = flag(diags, item, f"'{key.path}': rank {rank} is listed twice")
        elif ranks and ALL_RANKS.index(rank) < ALL_RANKS.index(ranks[-1]):
            bad = flag(diags, item, f"'{key.path}': ranks must go from low to high "
                                    f"({rank} comes after {ranks[-1]})")
        else:
            ranks.append(rank)
    if bad:
        raise Invalid()
    return ranks


def _check_str(key: Key, node: Node, diags, ctx) -> str | None:
    if node.kind == "scalar" and (node.value is None or isinstance(node.value, str)):
        return node.value
    raise fail(diags, node, f"'{key.path}' must be a string or null, not {describe(node)}")


def _check_rank_opt(key: Key, node: Node, diags, ctx) -> str | None:
    """A rank text or null (deck.wild_rank, W1)."""
    if node.kind == "scalar" and node.value is None:
        return None
    rank = _rank_of(node)
    if rank is None:
        raise fail(diags, node, f"'{key.path}' must be a rank ({' '.join(ALL_RANKS)}) or null, "
                                f"not {describe(node)}")
    return rank


def _check_expr(key: Key, node: Node, diags, ctx) -> object:
    expr = compile_value(key.path, node, key.env, key.result, ctx, diags)
    if key.minimum is not None:
        value = expr.constant()
        if value is not None and value < key.minimum:
            raise fail(diags, node, f"'{key.path}' must be at least {key.minimum}, not {value}")
    return expr


def _check_annotations(key: Key, node: Node, diags, ctx) -> dict:
    if node.kind == "scalar" and node.value is None:
        return {}
    if node.kind != "map":
        raise fail(diags, node, f"'{key.path}' must be a mapping of name: expression, "
                                f"not {describe(node)}")
    result: dict = {}
    bad = False
    parents = ctx if isinstance(ctx, dict) else {}
    for entry in node.entries:
        if not ANNOTATION_RE.match(entry.key):
            bad = flag(diags, entry.key_node,
                       f"annotation name '{entry.key}' must be lowercase letters, digits "
                       "and '_', starting with a letter")
            continue
        try:
            result[entry.key] = compile_value(f"{key.path}.{entry.key}", entry.value, key.env,
                                              "bool", parents.get(entry.key), diags)
        except Invalid:
            bad = True
    if bad:
        raise Invalid()
    return result


CHECKS = {
    "int": _check_int, "bool": _check_bool, "enum": _check_enum, "suit?": _check_suit,
    "suits": _check_suits, "ranks": _check_ranks, "str": _check_str, "expr": _check_expr,
    "rank?": _check_rank_opt,
    "annotations": _check_annotations,
}
"""The checker of each key type (`schema.Key.type`)."""


def check_value(key: Key, node: Node, inherited, diags: list[Diagnostic]) -> object:
    """The validated value of `node` for `key`; raises Invalid after recording problems."""
    check = CHECKS.get(key.type)
    if check is None:
        raise fail(diags, node, f"'{key.path}' has an unsupported type '{key.type}'")
    value = check(key, node, diags, inherited)
    if key.reserved and value != key.default:
        raise fail(diags, node, f"'{key.path}' is reserved for a later version: only "
                                f"{value_text(key.default)} is supported")
    return value
