"""The ``rules:`` mapping of a spec file: its rule keys, nested or dotted, found in the
schema, each given once.  Values are checked later, when the chain is merged (`merge`)."""

from __future__ import annotations

import re

from durakc.diagnostics import Diagnostic, did_you_mean
from durakc.schema.keys import KEY_BY_PATH, KEYS
from durakc.spec.files import SpecFile
from durakc.spec.problems import describe
from durakc.yamltree.read import Entry, Node

SECTIONS = {".".join(k.path.split(".")[:i]) for k in KEYS
            for i in range(1, k.path.count(".") + 1)}
"""Every proper prefix of a key path (``transfer``, ``deck``, ...): the sections of ``rules:``."""


def read_rules(file: SpecFile, diags: list[Diagnostic]) -> None:
    """Find the rule keys under ``rules:`` of `file` (their YAML entries, in `file.rules`)."""
    entry = file.tree.get("rules") if file.tree is not None else None
    if entry is None or (entry.value.kind == "scalar" and entry.value.value is None):
        return
    if entry.value.kind != "map":
        diags.append(entry.value.diag(
            f"'rules' must be a mapping of rule keys, not {describe(entry.value)}"
            f"{_no_space_hint(entry.value)}"))
        return
    _walk_rules(file, entry.value, "", diags)


def _walk_rules(file: SpecFile, node: Node, prefix: str, diags: list[Diagnostic]) -> None:
    for entry in node.entries:
        parts = entry.key.split(".")
        path = prefix + entry.key
        if not all(parts):
            diags.append(entry.key_node.diag(f"invalid rule key '{path}'"))
        elif path in KEY_BY_PATH:
            _add_rule(file, path, entry, diags)
        elif path in SECTIONS:
            _section(file, path, entry, diags)
        else:
            hint = did_you_mean(path, list(KEY_BY_PATH) + sorted(SECTIONS)) or _full_key(path)
            diags.append(entry.key_node.diag(f"unknown rule key '{path}'{hint}"))


def _full_key(path: str) -> str:
    """A hint naming the rule keys that end with `path` (it was written outside its section)."""
    keys = [k for k in KEY_BY_PATH if k.endswith("." + path)]
    if not keys:
        return ""
    return (f" (did you mean {' or '.join(repr(k) for k in keys)}? rule keys sit under their "
            "section)")


def _no_space_hint(node: Node) -> str:
    """A hint when a plain scalar looks like `key:value` with the space after ':' missing."""
    value = node.value
    if node.kind == "scalar" and node.style is None and isinstance(value, str) \
            and re.match(r"^[^\s:]+:\S", value):
        return f"; '{value}' needs a space after its ':'"
    return ""


def _section(file: SpecFile, path: str, entry: Entry, diags: list[Diagnostic]) -> None:
    value = entry.value
    if value.kind == "map":
        _walk_rules(file, value, path + ".", diags)
        return
    if value.kind == "scalar" and value.value is None:
        return
    keys = ", ".join(k.path[len(path) + 1:] for k in KEYS if k.path.startswith(path + "."))
    diags.append(value.diag(
        f"'{path}' is a section: give its keys as a mapping ({keys}){_no_space_hint(value)}",
        width=1))


def _add_rule(file: SpecFile, path: str, entry: Entry, diags: list[Diagnostic]) -> None:
    first = file.rules.get(path)
    if first is not None:
        diags.append(entry.key_node.diag(
            f"rule key '{path}' is given twice (first at line {first.key_node.line})"))
        return
    file.rules[path] = entry
