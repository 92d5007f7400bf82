"""Merging an extends chain: each key's effective value is this file's, else the nearest
ancestor's, else the schema default; every value set is checked for its key (`values`)."""

from __future__ import annotations

from durakc.diagnostics import Diagnostic
from durakc.schema.keys import KEYS, Key
from durakc.spec.exprs import compile_text
from durakc.spec.files import SpecFile
from durakc.spec.problems import Invalid
from durakc.spec.values import check_value
from durakc.yamltree.read import Node

_DEFAULT_EXPRS: dict[str, object] = {}


def _default_value(key: Key) -> object:
    """The schema default, with expressions compiled (cached)."""
    if key.type == "expr":
        if key.path not in _DEFAULT_EXPRS:
            _DEFAULT_EXPRS[key.path] = compile_text(str(key.default), key.env, key.result, None)
        return _DEFAULT_EXPRS[key.path]
    if isinstance(key.default, list):
        return list(key.default)
    if isinstance(key.default, dict):
        return dict(key.default)
    return key.default


def merge_chain(files: list[SpecFile], diags: list[Diagnostic]):
    """Effective values, origins and setting nodes of the root file, ancestors first."""
    values = {key.path: _default_value(key) for key in KEYS}
    origin = {key.path: "default" for key in KEYS}
    nodes: dict[str, tuple[Node, SpecFile]] = {}
    failed: set[str] = set()
    for depth in range(len(files) - 1, -1, -1):
        file = files[depth]
        has_parent = depth + 1 < len(files)
        for key in KEYS:
            entry = file.rules.get(key.path)
            if entry is None:
                continue
            inherited = values[key.path] if has_parent else None
            try:
                value = check_value(key, entry.value, inherited, diags)
            except Invalid:
                failed.add(key.path)
                continue
            values[key.path] = value
            origin[key.path] = "this file" if depth == 0 else f"parent {file.name}"
            nodes[key.path] = (entry.value, file)
    return values, origin, nodes, failed
