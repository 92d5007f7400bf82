"""The files of a spec: resolving a reference, the bundled variants, a parent by name.

A reference is an existing path, else the name of a bundled variant: ``variants/<name>.yaml``
or ``variants/house/<name>.yaml`` (the house-rule gallery; names are unique across both
folders).  A parent named by `extends` is the spec whose ``name:`` is that name, looked up
beside the child first (a file of that stem is tried first, but its name field decides), then
among the bundled variants; a spec never extends itself.  `SpecFile` is one file of an
extends chain, filled in by `fields` (its top-level fields) and `rules` (the rule keys it sets).

The bundled specs are package data of `durakc.variants` (the repository's variants/, mapped
into the package as generated/ is mapped to `durakc.engines`), found through
`importlib.resources`: an editable install reads the checkout's folder, a wheel or
``pip install --target`` its own copy.
"""

from __future__ import annotations

import difflib
import os
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from durakc.diagnostics import SpecError, SpecNotFound
from durakc.yamltree.read import MAX_BYTES, Entry, Node, load_yaml


def _variants_dir() -> Path:
    """The folder of the bundled specs: `durakc.variants`, else the checkout's variants/
    (an editable install made before `durakc.variants` was mapped)."""
    try:
        root = resources.files("durakc.variants")
    except ModuleNotFoundError:
        root = None
    if isinstance(root, Path) and root.is_dir():
        return root.resolve()
    return Path(__file__).resolve().parent.parent.parent / "variants"


BUNDLED_DIR: Path = _variants_dir()
"""The bundled specs' folder (variants/ in a checkout, durakc/variants in an install)."""

HOUSE = "house"
"""The subfolder of `BUNDLED_DIR` holding the house-rule gallery (variants/house/)."""

NAME_RE = re.compile(r"^[a-z][a-z0-9-]*$")
"""A variant name (`name:`, `extends:`): lowercase letters, digits and '-'."""


def bundled_groups() -> list[tuple[str, Path]]:
    """The bundled folders with their labels: ("variants", variants/), ("variants/house",
    variants/house/).  Read at each call, so a test may point `BUNDLED_DIR` elsewhere."""
    return [("variants", BUNDLED_DIR), (f"variants/{HOUSE}", BUNDLED_DIR / HOUSE)]


def bundled_in(folder: Path) -> list[str]:
    """Sorted names (file stems) of the ``*.yaml`` specs directly in `folder`."""
    if not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.yaml") if p.is_file())


def bundled_paths() -> dict[str, Path]:
    """Every bundled name with its file: variants/ first, then variants/house/ (a name in
    both would be shadowed by variants/; a test keeps names unique)."""
    paths: dict[str, Path] = {}
    for _, folder in bundled_groups():
        for name in bundled_in(folder):
            paths.setdefault(name, folder / f"{name}.yaml")
    return paths


def bundled_names() -> list[str]:
    """Sorted names of the bundled variants (``variants/*.yaml`` and ``variants/house/*.yaml``)."""
    return sorted(bundled_paths())


def bundled_path(name: str) -> Path | None:
    """The file of bundled variant `name`, or None."""
    return bundled_paths().get(name)


@dataclass
class SpecFile:
    """One file of an extends chain, with the rule values it sets itself."""

    path: Path
    display: str
    label: str
    data: bytes = b""
    tree: Node | None = None
    name: str = ""
    title: str = ""
    description: str = ""
    sources: list[str] = field(default_factory=list)
    extends: Entry | None = None
    rules: dict[str, Entry] = field(default_factory=dict)
    values: dict[str, object] = field(default_factory=dict)


def bundled_label(path: Path) -> str | None:
    """``variants/<file>`` or ``variants/house/<file>`` when `path` is a bundled spec's file,
    else None."""
    try:
        parent = path.resolve().parent
        for label, folder in bundled_groups():
            if parent == folder.resolve():
                return f"{label}/{path.name}"
    except (OSError, RuntimeError):
        pass
    return None


def is_bundled(path: Path) -> bool:
    """`path` is a file of a bundled variants' folder (variants/ or variants/house/)."""
    return bundled_label(path) is not None


def new_file(path: Path, display: str) -> SpecFile:
    """A chain file for `path`, shown as `display` (``variants/<file>`` when bundled)."""
    label = bundled_label(path)
    if label is not None:
        return SpecFile(path, label, label)
    return SpecFile(path, display, path.name)


def resolve_ref(ref: str | Path) -> SpecFile:
    """The root file for `ref`: an existing path, else a bundled name.

    Raises `SpecNotFound` (a usage problem, with a suggestion) when it is neither.
    """
    text = str(ref)
    path = Path(ref)
    try:
        if path.is_file():
            return new_file(path, text)
    except (OSError, ValueError):
        pass
    bundled = bundled_path(text) if isinstance(ref, str) else None
    if bundled is not None:
        return new_file(bundled, text)
    if not isinstance(ref, str) or looks_like_path(text) or path.is_dir():
        raise missing_file(text)
    raise unknown_name(text, bundled_names(), "a bundled variant name or a spec file (.yaml)")


SPEC_SUFFIXES = (".yaml", ".yml")
"""File name endings read as spec files."""


def looks_like_path(ref: str) -> bool:
    """`ref` names a file (a spec ending, or a folder in it) rather than a bundled variant."""
    return ref.lower().endswith(SPEC_SUFFIXES) or "/" in ref or os.sep in ref


def missing_file(ref: str, what: str = "spec file") -> SpecNotFound:
    """The usage problem for a file reference that names no file: ``no such spec file (does
    not exist) (did you mean 'house.yaml'?)``, the suggestion a close name in its folder,
    else (a spec file) a bundled variant close to its stem."""
    path = Path(ref)
    reason = "is a folder" if path.is_dir() else "does not exist"
    hint = close_file(path)
    if not hint and what == "spec file" and path.suffix.lower() in SPEC_SUFFIXES:
        close = difflib.get_close_matches(path.stem, bundled_names(), n=1, cutoff=0.6)
        hint = f" (did you mean the bundled variant '{close[0]}'?)" if close else ""
    return SpecNotFound(ref, f"no such {what} ({reason}){hint}")


def close_file(path: Path) -> str:
    """`` (did you mean 'x.yaml'?)`` for a file of a close name in the same folder."""
    try:
        names = [p.name for p in path.parent.iterdir() if p.is_file()]
    except OSError:
        return ""
    close = difflib.get_close_matches(path.name, names, n=1, cutoff=0.75)
    return f" (did you mean '{path.parent / close[0]}'?)" if close else ""


def unknown_name(ref: str, known: list[str], give: str) -> SpecNotFound:
    """The usage problem for a name that is no bundled variant (`known`): a spec file of that
    name here, else close names, else all of them; `give` says which references work."""
    close = difflib.get_close_matches(ref, known, n=3, cutoff=0.6)
    files = [ref + suffix for suffix in SPEC_SUFFIXES if Path(ref + suffix).is_file()]
    if files:
        hint = f" (did you mean the spec file '{files[0]}'?)"
    elif close:
        hint = f" (did you mean {' or '.join(repr(n) for n in close)}?)"
    else:
        hint = f" (bundled: {', '.join(known)})" if known else " (none is built: run durakc build)"
    return SpecNotFound(ref, f"no bundled variant of that name{hint}; give {give}")


def find_parent(child: SpecFile, name: str) -> tuple[Path | None, bool]:
    """The spec whose name is `name`: beside `child` first, then bundled; never `child`.

    Returns (path or None, whether `child` itself was the only match found).
    """
    folders = [child.path.parent] + [folder for _, folder in bundled_groups()]
    for folder in dict.fromkeys(folders):
        for candidate in _candidates(folder, name):
            if (identity(candidate) != identity(child.path) and _may_be_named(candidate, name)
                    and spec_name(candidate) == name):
                return candidate, False
    return None, ref_name(child) == name


def _may_be_named(path: Path, name: str) -> bool:
    """False when `path` can not go by `name`, found without parsing it (issue 29, 1d: a
    folder of 300 specs was parsed whole for every `extends`).

    A file goes by its stem unless a valid `name:` says otherwise.  Specs allow no anchors,
    aliases or tags, so a `name` key with that value is in the text as written (quoted or
    not, the value maybe on the next line after a comment) unless an escape (a backslash) or an explicit
    key (``? name``) spells it: only such files need parsing.
    """
    if path.stem == name:
        return True
    try:
        if path.stat().st_size > MAX_BYTES:
            return False  # too large to load: it goes by its stem
        data = path.read_bytes()
    except OSError:
        return False  # unreadable: spec_name gives its stem
    if b"\\" in data or _EXPLICIT_NAME.search(data):
        return True
    value = re.escape(name.encode())
    return re.search(rb"name[\"']?[ \t]*:(?:\s|#[^\n]*)*[\"']?" + value + rb"(?![a-z0-9-])", data) is not None


_EXPLICIT_NAME = re.compile(rb"\?\s*[\"']?name\b")
"""An explicit mapping key naming `name` (``? name``), which the text check can not follow."""


def ref_name(file: SpecFile) -> str:
    """The name `file` goes by in a chain: its `name:`, else its file stem."""
    return file.name or file.path.stem


def _candidates(folder: Path, name: str) -> list[Path]:
    """The spec files of `folder`: those whose stem is `name` first (the usual case)."""
    files = spec_files(folder)
    return sorted(files, key=lambda p: (p.stem != name, p.name))


def spec_files(folder: Path) -> list[Path]:
    """The ``.yaml`` and ``.yml`` files of `folder`, sorted (none when it can not be read)."""
    try:
        return sorted(p for p in folder.iterdir()
                      if p.suffix in (".yaml", ".yml") and p.is_file())
    except OSError:
        return []


_NAMES: dict[tuple[str, int, int], str] = {}


def spec_name(path: Path) -> str:
    """The name a spec file goes by: its valid `name:` field, else its file stem."""
    try:
        stat = path.stat()
    except OSError:
        return path.stem
    key = (identity(path), stat.st_mtime_ns, stat.st_size)
    if key not in _NAMES:
        _NAMES[key] = _read_name(path)
    return _NAMES[key]


def _read_name(path: Path) -> str:
    try:
        tree, _ = load_yaml(path, str(path))
    except SpecError:
        return path.stem
    entry = tree.get("name")
    value = entry.value.value if entry is not None else None
    return value if isinstance(value, str) and NAME_RE.match(value) else path.stem


def parent_display(child: SpecFile, path: Path) -> str:
    """How diagnostics name the parent file `path` of `child`: beside the child's name."""
    label = bundled_label(path)
    if label is not None:
        return label
    return str(Path(child.display).parent / path.name)


def identity(path: Path) -> str:
    """A key that is the same for every path of one file (its resolved path)."""
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())
