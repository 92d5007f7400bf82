"""`durakc explain`: a variant's effective rules in plain words.

The text starts with a header (name, title, the extends chain, description,
sources, and where rule IDs are defined) and then lists every rule key of the schema, grouped by section in
schema order: its value (with the meaning of an enum choice, the text of an
expression), its one-line doc, the rule IDs it implements and where the value
came from.  The output depends only on the spec, so it is deterministic.
"""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

from durakc.catalog.listing import used
from durakc.diagnostics import SpecError
from durakc.docpages import cited
from durakc.schema.keys import KEYS, Key, key_rules, sections, value_text
from durakc.spec import Spec, bundled_groups, bundled_path, load_spec

WIDTH = 78
"""Column at which explanation text is wrapped."""

_INDENT = "    "

RULES_LINE = f"rule IDs: {cited('rules')}, shown by `durakc docs rules` (T14 at #t14)"
"""The header's last line: where the rule IDs that every key cites are defined: the page
shipped with the package (durakc.docpages), which `durakc docs rules` prints."""


def explain(spec: Spec, capabilities: bool = True) -> str:
    """The effective rules of `spec` as plain, wrapped text (ends with a newline).

    `capabilities=False` leaves out the capabilities line: a spec rebuilt from an engine's
    recorded rules (`engine_spec`) holds plain values, not the checked ones the IR needs."""
    lines = _header(spec)
    if capabilities:
        lines.extend(_capabilities_lines(spec))
    lines.extend(_summary(spec))
    lines.extend(_options_lines(spec))
    for section in sections():
        lines.append("")
        lines.append(f"[{section}]")
        for key in KEYS:
            if key.path.split(".")[0] == section:
                lines.extend(_key_lines(spec, key))
    return "\n".join(lines) + "\n"


def _header(spec: Spec) -> list[str]:
    lines = [f"{spec.name}: {spec.title}"]
    chain = " -> ".join(f"{name} ({label})" for name, label in spec.chain)
    lines.extend(_wrap(f"chain: {chain}", "", "       "))
    if spec.description:
        lines.append("")
        lines.extend(_wrap(spec.description, "", ""))
    if spec.sources:
        lines.append("")
        lines.extend(_wrap("sources: " + "; ".join(spec.sources), "", "         "))
    elif spec.description:
        lines.append("")
    lines.append(RULES_LINE)
    return lines


def _capabilities_lines(spec: Spec) -> list[str]:
    """The capabilities the spec uses, in hook order (`durakc capabilities` lists them all)."""
    names = used(spec)
    return _wrap("capabilities: " + (", ".join(names) or "none"), "", "              ")


def _options_lines(spec: Spec) -> list[str]:
    """The table settings a game chooses when it starts (`options:`, docs/options.md)."""
    if not spec.options:
        return []
    lines = ["", "table settings, chosen when a game starts (options:, docs/options.md):"]
    for o in spec.options:
        default = str(o.default).lower() if o.type == "bool" else str(o.default)
        text = f"{o.name}: {o.describe()}, default {default}" + (f" - {o.text}" if o.text else "")
        lines.extend(_wrap(text, "  - ", "    "))
    return lines


def _summary(spec: Spec) -> list[str]:
    """What differs from the transfer-profile defaults, and where each difference is set."""
    changed = [key for key in KEYS if spec.origin.get(key.path, "default") != "default"]
    if not changed:
        return ["", "in short: the transfer profile (T1-T28) exactly, every key at its default"]
    lines = ["", "in short: the transfer profile (schema defaults) except"]
    for key in changed:
        value = _summary_text(key, spec.values.get(key.path, key.default))
        ids = key_rules(key, spec.values.get(key.path, key.default))
        rules = f", {', '.join(ids)}" if ids else ""
        lines.extend(_wrap(f"- {key.doc}: {value} ({key.path}{rules}; "
                           f"{spec.origin[key.path]})", "  ", "    "))
    return lines


def _summary_text(key: Key, value: object) -> str:
    """A changed value in a few words: expressions (and named conditions) as they take effect."""
    if key.type == "expr":
        return _expr_text(value)
    if key.type == "annotations" and isinstance(value, dict):
        return "{" + ", ".join(f"{name}: {_expr_text(e)}" for name, e in value.items()) + "}"
    return value_text(value)


def _key_lines(spec: Spec, key: Key) -> list[str]:
    value = spec.values.get(key.path, key.default)
    lines = _wrap(f"{key.path} = {_value_text(key, value)}", "", _INDENT * 2)
    lines.extend(_annotation_lines(key, value))
    lines.extend(_wrap(key.doc, _INDENT, _INDENT))
    ids = key_rules(key, value)
    rules = ", ".join(ids) if ids else "-"
    origin = spec.origin.get(key.path, "default")
    notes = f"rules: {rules}; from: {origin}"
    if key.reserved:
        notes += "; reserved"
    lines.extend(_wrap(notes, _INDENT, _INDENT))
    return lines


def _value_text(key: Key, value: Any) -> str:
    if key.type == "int" and not isinstance(value, int):  # an expression (HR31)
        return f"{_expr_text(value)}   [expression: {key.env} -> {key.result}]"
    if key.type == "enum" and isinstance(value, tuple):  # a list (first_attacker.first_game)
        return f"{getattr(value, 'text', value)}   [a list: the first item some held card satisfies decides]"
    if key.type == "enum" and not isinstance(value, str):  # a condition (attack.opening)
        return f"{_expr_text(value)}   [expression: {key.env} -> {key.result}]"
    if key.type == "enum":
        doc = key.choice_docs.get(value)
        return f"{value}: {doc}" if doc else str(value)
    if key.type == "expr":
        written = f"; written as: {value.text}" if getattr(value, "inherits", False) else ""
        return f"{_expr_text(value)}   [expression: {key.env} -> {key.result}{written}]"
    if key.type == "annotations":
        return "none" if not value else f"{len(value)} named condition(s)"
    return value_text(value)


def _annotation_lines(key: Key, value: Any) -> list[str]:
    if key.type != "annotations" or not value:
        return []
    lines: list[str] = []
    for name in value:
        expr = value[name]
        written = f"   [written as: {expr.text}]" if getattr(expr, "inherits", False) else ""
        lines.extend(_wrap(f"{name}: {_expr_text(expr)}{written}", _INDENT, _INDENT * 2))
    return lines


def _expr_text(value: object) -> str:
    """An expression's effective text: as written, or with `inherited` expanded when the text
    names it (the parent's expression is what the engine runs)."""
    if getattr(value, "inherits", False):
        return str(value.canonical())  # type: ignore[attr-defined]  # an Expr
    return str(getattr(value, "text", value))


def _wrap(text: str, first: str, rest: str) -> list[str]:
    return textwrap.wrap(" ".join(text.split()), WIDTH, initial_indent=first,
                         subsequent_indent=rest, break_long_words=False,
                         break_on_hyphens=False) or [first.rstrip()]


def engine_spec(variant: dict, path: str) -> Spec:
    """A `Spec` rebuilt from a generated engine's `VARIANT`, for explaining a .py file.

    An engine records the effective values, not which file of the chain set each one: a
    value equal to the schema default is shown as ``default``, any other as set by the
    spec chain.
    """
    rules = variant.get("rules", {})
    chain = [str(variant.get("name", "?")), *variant.get("extends", [])]
    values, origin = {}, {}
    for key in KEYS:
        values[key.path] = rules.get(key.path, key.default)
        same = value_text(values[key.path]) == value_text(key.default)
        origin[key.path] = "default" if same else "the spec chain (an engine does not say which file)"
    labels = [f"engine {path}, from {variant.get('source', '?')}"] + ["parent"] * (len(chain) - 1)
    return Spec(name=chain[0], title=str(variant.get("title", "")),
                description=str(variant.get("description", "")),
                sources=list(variant.get("sources", [])), path=Path(path), label=path,
                chain=list(zip(chain, labels)), sha256=str(variant.get("spec_sha256", "")),
                values=values, origin=origin)


def engine_source(variant: dict) -> Spec | None:
    """The spec an engine was compiled from, when it is still here unchanged (same sha256)."""
    source, name = str(variant.get("source", "")), str(variant.get("name", ""))
    candidates = [Path(source)]
    if source.startswith("variants/"):
        candidates.append(bundled_groups()[0][1] / source.removeprefix("variants/"))
    bundled = bundled_path(name)
    if bundled is not None:
        candidates.append(bundled)
    for path in candidates:
        try:
            spec = load_spec(path) if path.is_file() else None
        except (SpecError, OSError):
            continue
        if spec is not None and spec.sha256 == variant.get("spec_sha256"):
            return spec
    return None
