"""The top-level fields of a spec file (`schema.TOP_LEVEL_FIELDS`): name, title,
description, extends, sources; ``rules:`` is read by `durakc.spec.rules`."""

from __future__ import annotations

from durakc.diagnostics import Diagnostic, did_you_mean
from durakc.schema.keys import KEY_BY_PATH, TOP_LEVEL_FIELDS
from durakc.spec.files import NAME_RE, SpecFile
from durakc.spec.problems import describe
from durakc.spec.rules import SECTIONS
from durakc.yamltree.read import Entry

_REQUIRED = ("name", "title")


def read_fields(file: SpecFile, diags: list[Diagnostic]) -> None:
    """Check the top-level fields of `file`'s tree and fill in its name, title, ..."""
    tree = file.tree
    if tree is None:  # not read (its YAML errors are reported)
        return
    for entry in tree.entries:
        if entry.key not in TOP_LEVEL_FIELDS:
            diags.append(_unknown_field(entry))
    for name in _REQUIRED:
        if tree.get(name) is None:
            diags.append(tree.diag(f"missing required field '{name}'", width=1))
    _field_name(file, tree.get("name"), diags)
    file.title = _field_text(tree.get("title"), diags, required=True)
    file.description = _field_text(tree.get("description"), diags, required=False).strip()
    _field_extends(file, tree.get("extends"), diags)
    _field_sources(file, tree.get("sources"), diags)
    if not file.name:
        file.name = file.path.stem


def _unknown_field(entry: Entry) -> Diagnostic:
    key = entry.key
    message = f"unknown field '{key}'"
    if key in KEY_BY_PATH or key in SECTIONS:
        message += " (rule keys go under 'rules:')"
    else:
        message += did_you_mean(key, TOP_LEVEL_FIELDS)
    return entry.key_node.diag(message)


def _field_name(file: SpecFile, entry: Entry | None, diags) -> None:
    if entry is None:
        return
    value = entry.value.value
    if not isinstance(value, str) or not NAME_RE.match(value):
        diags.append(entry.value.diag(
            f"'name' must be lowercase letters, digits and '-', starting with a letter, "
            f"not {describe(entry.value)}"))
        return
    file.name = value


def _field_text(entry: Entry | None, diags, required: bool) -> str:
    if entry is None:
        return ""
    node = entry.value
    if node.kind == "scalar" and node.value is None and not required:
        return ""
    if node.kind != "scalar" or not isinstance(node.value, str) or (
            required and not node.value.strip()):
        what = "a non-empty string" if required else "a string"
        diags.append(node.diag(f"'{entry.key}' must be {what}, not {describe(node)}"))
        return ""
    return node.value


def _field_extends(file: SpecFile, entry: Entry | None, diags) -> None:
    if entry is None:
        return
    value = entry.value.value
    if entry.value.kind != "scalar" or not isinstance(value, str) or not NAME_RE.match(value):
        diags.append(entry.value.diag(
            f"'extends' must be a variant name, not {describe(entry.value)}"))
        return
    file.extends = entry


def _field_sources(file: SpecFile, entry: Entry | None, diags) -> None:
    if entry is None or (entry.value.kind == "scalar" and entry.value.value is None):
        return
    if entry.value.kind != "seq":
        diags.append(entry.value.diag(
            f"'sources' must be a list of strings, not {describe(entry.value)}"))
        return
    for item in entry.value.items:
        if item.kind == "scalar" and isinstance(item.value, (str, int, float)) \
                and not isinstance(item.value, bool):
            file.sources.append(item.text)
        else:
            diags.append(item.diag(f"each source must be a string, not {describe(item)}"))
