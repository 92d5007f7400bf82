"""How the spec's checks word and record problems: a YAML node described in words, a
diagnostic recorded at a node, and `Invalid`, raised once a value's problems are recorded."""

from __future__ import annotations

from durakc.diagnostics import Diagnostic
from durakc.yamltree.read import Node


def describe(node: Node) -> str:
    """A short phrase for what a node is, for error messages."""
    if node.kind == "map":
        return "a mapping"
    if node.kind == "seq":
        return "a list"
    value = node.value
    if value is None:
        return "null"
    if isinstance(value, bool):
        word = "true" if value else "false"
        if yaml_bool_word(node):  # NO, yes, on, Off ...: YAML 1.1 reads these as booleans
            return (f"{node.text} (which YAML reads as {word}: put it in quotes, "
                    f"'{node.text}', for the text)")
        return word
    if isinstance(value, (int, float)):
        return f"the number {node.text}"
    text = str(value)
    text = text if len(text) <= 40 else text[:37] + "..."
    return f"'{text}'"


def yaml_bool_word(node: Node) -> bool:
    """`node` is a plain yes/no/on/off (any case) that YAML 1.1 read as a boolean, not the
    words true or false: a letter or a text where one was meant (`deck.suits: [S, NO]`)."""
    return (node.kind == "scalar" and isinstance(node.value, bool) and node.style is None
            and node.text.lower() not in ("true", "false"))


class Invalid(Exception):
    """A value failed validation; the diagnostics are already recorded."""


def fail(diags: list[Diagnostic], node: Node, message: str) -> Invalid:
    """Record `message` at `node`; the `Invalid` to raise (``raise fail(...)``)."""
    diags.append(node.diag(message))
    return Invalid()


def flag(diags: list[Diagnostic], node: Node, message: str) -> bool:
    """Record `message` at `node` and go on checking; True (``bad = flag(...)``)."""
    diags.append(node.diag(message))
    return True
