"""The README's spec reference as Markdown tables, from the schema (`durakc reference`): one
row per key of `durakc.schema.keys.KEYS` and one per name of each expression environment."""

from __future__ import annotations

from durakc.schema.keys import ENVIRONMENTS, KEYS, NAME_RANGES, Key, value_text


def type_text(key: Key) -> str:
    """The key's type as the reference table shows it."""
    if key.type == "enum":
        choices = " \\| ".join(f"`{c}`" for c in key.choices)
        return f"{choices} \\| expr ({key.env} -> {key.result})" if key.env else choices
    if key.type == "expr":
        return f"expr ({key.env} -> {key.result})"
    if key.type == "annotations":
        return f"map name -> expr ({key.env} -> bool)"
    if key.env:  # a number or an expression (deal.hand_size, HR31)
        return f"{key.type} \\| expr ({key.env} -> {key.result})"
    return key.type


def reference_table() -> str:
    """The README's spec reference, as a Markdown table."""
    lines = ["| key | type | default | rules | meaning |", "|---|---|---|---|---|"]
    for key in KEYS:
        default = _default_text(key.default)
        doc = key.doc.replace("|", "\\|")
        rules = ", ".join(key.rules)
        lines.append(f"| `{key.path}` | {type_text(key)} | {default} | {rules} | {doc} |")
    return "\n".join(lines)


def environment_table() -> str:
    """The names each expression environment offers, as a Markdown table."""
    lines = ["| environment | name | type | meaning |", "|---|---|---|---|"]
    for env, names in ENVIRONMENTS.items():
        for name, (typ, doc) in names.items():
            span = NAME_RANGES.get(env, {}).get(name)
            shown = f"{typ} ({span[0]:,}..{span[1]:,})" if span else typ
            lines.append(f"| {env} | `{name}` | {shown} | {doc} |")
    return "\n".join(lines)


def _default_text(value: object) -> str:
    if value is None or isinstance(value, (bool, list, dict)):
        return value_text(value)
    text = str(value).replace("|", "\\|")
    return f"`{text}`"


__all__ = ["environment_table", "reference_table", "type_text"]
