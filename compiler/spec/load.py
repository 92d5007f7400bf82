"""Loading a spec: the chain read, merged and cross-checked, every problem at once."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from durakc.diagnostics import Diagnostic, SpecError
from durakc.spec.cross import cross_checks
from durakc.spec.extends import load_chain
from durakc.spec.files import SpecFile, resolve_ref
from durakc.spec.merge import merge_chain
from durakc.spec.model import Spec, build_spec
from durakc.spec.options import Option, check_deck_option, checking, read_options


def load_specs(refs: Iterable[str | Path]) -> tuple[list[Spec], list[Diagnostic]]:
    """Load several specs; the ones that load, and every diagnostic of those that do not."""
    specs, diagnostics = [], []
    for ref in refs:
        try:
            specs.append(load_spec(ref))
        except SpecError as exc:
            diagnostics.extend(exc.diagnostics)
    return specs, diagnostics


def load_spec(ref: str | Path) -> Spec:
    """Load and validate a spec: `ref` is a path to a .yaml file or a bundled name.

    Follows `extends`, merges key by key, checks every value, expression and
    cross-key rule.  Raises `SpecError` with every problem of the chain.
    """
    root = resolve_ref(ref)
    diags: list[Diagnostic] = []
    files = load_chain(root, diags)
    complete = all(f.tree is not None for f in files) and files[-1].extends is None
    options = _chain_options(files, diags)
    with checking(options):
        values, origin, nodes, failed = merge_chain(files, diags)
        if complete:
            cross_checks(values, nodes, failed, files[0], diags)
            if not diags:
                check_deck_option(options, values, diags)
    if diags:
        raise SpecError(_unique(diags, [f.display for f in files]))
    spec = build_spec(files, values, origin, {path: node for path, (node, _) in nodes.items()})
    spec.options = options
    return spec


def _chain_options(files: list[SpecFile], diags: list[Diagnostic]) -> tuple[Option, ...]:
    """The options of the chain (`files`, child first): a child's option replaces its
    parent's of the same name."""
    merged: dict[str, Option] = {}
    for file in reversed(files):
        for option in read_options(file.tree, diags):
            merged[option.name] = option
    return tuple(merged.values())


def _unique(diags: list[Diagnostic], order: list[str]) -> list[Diagnostic]:
    """Diagnostics without repeats, ordered by file (child first), line and column.

    Linear in the diagnostics (a spec may have thousands: issue 29, 1c): repeats are found
    by hash, files ranked through a dict.
    """
    seen = list(dict.fromkeys(diags))
    rank = {path: k for k, path in enumerate(dict.fromkeys(order + [d.path for d in seen]))}
    return sorted(seen, key=lambda d: (rank[d.path], d.line, d.col))
