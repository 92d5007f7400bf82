"""The extends chain: every file of it read, child first, each checked on its own.

A chain ends at a spec without `extends`; an unknown parent, a cycle or a chain longer than
`MAX_EXTENDS` is a diagnostic at the `extends` value, and ends the chain there.
"""

from __future__ import annotations

from durakc.diagnostics import Diagnostic, SpecError, SpecNotFound, did_you_mean
from durakc.spec.fields import read_fields
from durakc.spec.files import (
    SpecFile,
    bundled_names,
    find_parent,
    identity,
    new_file,
    parent_display,
    ref_name,
    spec_files,
    spec_name,
)
from durakc.spec.rules import read_rules
from durakc.yamltree.read import Entry, load_yaml

MAX_EXTENDS = 16
"""Longest chain of `extends` followed."""


def load_chain(root: SpecFile, diags: list[Diagnostic]) -> list[SpecFile]:
    """Read every file of the extends chain, child first."""
    files = [root]
    seen = {identity(root.path): root}
    current = root
    via = None
    while True:
        _read_file(current, via, diags)
        via = current.extends
        parent = _next_parent(current, files, seen, diags)
        if parent is None:
            return files
        files.append(parent)
        seen[identity(parent.path)] = parent
        current = parent


def _read_file(file: SpecFile, via: Entry | None, diags: list[Diagnostic]) -> None:
    """Read `file` (reached through the child's `extends` entry `via`, None for the root).

    A root that can not be read raises `SpecNotFound` (the reference is wrong); a parent that
    can not be read is a problem of the child, at its `extends` value.
    """
    try:
        file.tree, file.data = load_yaml(file.path, file.display)
    except SpecNotFound as err:
        if via is None:
            raise
        diags.append(via.value.diag(f"the parent '{via.value.value}' ({file.display}) can not "
                                    f"be read: {err.reason}"))
        return
    except SpecError as err:
        diags.extend(err.diagnostics)
        return
    read_fields(file, diags)
    read_rules(file, diags)


def _next_parent(child: SpecFile, files: list[SpecFile], seen: dict, diags) -> SpecFile | None:
    entry = child.extends
    if entry is None:
        return None
    name = str(entry.value.value)  # a variant name: `fields` refused any other value
    if len(files) > MAX_EXTENDS:
        diags.append(entry.value.diag(
            f"extends chain is too deep (more than {MAX_EXTENDS} levels)"))
        return None
    path, itself = find_parent(child, name)
    if path is None:
        hint = (" (a spec can not extend itself)" if itself
                else did_you_mean(name, set(bundled_names()) | _siblings(child)))
        diags.append(entry.value.diag(f"unknown variant '{name}'{hint}"))
        return None
    if identity(path) in seen:
        names = [ref_name(f) for f in files] + [name]
        diags.append(entry.value.diag("extends cycle: " + " -> ".join(names)))
        return None
    return new_file(path, parent_display(child, path))


def _siblings(file: SpecFile) -> set[str]:
    """Names of the other specs in the folder of `file`."""
    me = identity(file.path)
    return {spec_name(p) for p in spec_files(file.path.parent) if identity(p) != me}
