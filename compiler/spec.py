"""The spec model: load a variant's YAML file, follow `extends`, validate everything.

    spec = load_spec("kyiv")                 # a bundled variant
    spec = load_spec("my/variant.yaml")      # or a file
    spec.values["transfer.when"].text        # 'true'
    spec.origin["transfer.when"]             # 'this file'

A spec file has the top-level fields of `schema.TOP_LEVEL_FIELDS`; its rule
keys live under ``rules:``, nested by the dots of each key path or written
with dots (``transfer.enabled: false``).  A variant may extend another by name: the
spec whose ``name:`` is that name, looked up beside the file first (a file of that stem
is tried first, but its name field decides), then among the bundled variants; a spec
never extends itself, so a local ``transfer.yaml`` may extend the bundled ``transfer``.  The
effective value of a key is this file's, else the nearest ancestor's, else the
schema default.  Every problem of the whole chain is collected and raised as
one `SpecError`; no other exception leaves `load_spec`.
"""

from __future__ import annotations

import hashlib
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

from durakc import __version__, expressions
from durakc.diagnostics import Diagnostic, SpecError, did_you_mean
from durakc.domains import throw_in_possible
from durakc.schema import (
    ALL_RANKS,
    KEY_BY_PATH,
    KEYS,
    SUITS,
    TEAM_PLAYER_COUNTS,
    TOP_LEVEL_FIELDS,
    Key,
    value_text,
)
from durakc.yamlsrc import Entry, Node, load_yaml

_CHECKOUT_VARIANTS = Path(__file__).resolve().parent.parent / "variants"
BUNDLED_DIR: Path = (_CHECKOUT_VARIANTS if _CHECKOUT_VARIANTS.is_dir()
                     else Path(sys.prefix) / "share" / "durakc" / "variants")
"""The bundled specs: the checkout's variants/, or where a plain `pip install .` put them."""
"""Directory of the variants shipped with durakc."""

MAX_EXTENDS = 16
"""Longest chain of `extends` followed."""

NAME_RE = re.compile(r"^[a-z][a-z0-9-]*$")
ANNOTATION_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_REQUIRED = ("name", "title")
_SECTIONS = {".".join(k.path.split(".")[:i]) for k in KEYS
             for i in range(1, k.path.count(".") + 1)}


@dataclass
class Spec:
    """A loaded, validated variant: every rule key's effective value and origin."""

    name: str
    title: str
    description: str
    sources: list[str]
    path: Path
    label: str
    chain: list[tuple[str, str]]
    sha256: str
    values: dict[str, object]
    origin: dict[str, str]
    nodes: dict[str, Node] = field(default_factory=dict)
    """The YAML value that set each rule key (keys at their default have none)."""
    name_node: Node | None = None
    """The root file's `name` value, for diagnostics about the variant's name."""

    @property
    def bundled(self) -> bool:
        """The spec is one of the bundled variants (``variants/*.yaml``)."""
        return _is_bundled(self.path)

    def variant_dict(self) -> dict:
        """An engine's VARIANT dict (every backend's): name, title, source, sha256 and the
        effective rules, expressions in canonical form with `inherited` expanded."""
        rules = self.rules_json()
        for key in KEYS:
            value = self.values[key.path]
            if key.type == "expr":
                rules[key.path] = value.canonical()
            elif key.type == "annotations":
                rules[key.path] = {name: e.canonical() for name, e in sorted(value.items())}
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description,
            "source": self.label,
            "extends": [name for name, _ in self.chain[1:]],
            "sources": list(self.sources),
            "spec_sha256": self.sha256,
            "compiler_version": __version__,
            "rules": rules,
        }

    def rules_json(self) -> dict:
        """JSON-safe ``{path: value}`` in schema order; expressions as their text."""
        return {key.path: _json_value(self.values[key.path]) for key in KEYS}


def _json_value(value: object) -> object:
    if hasattr(value, "text") and not isinstance(value, str):
        return value.text
    if isinstance(value, dict):
        return {name: _json_value(v) for name, v in value.items()}
    if isinstance(value, list):
        return list(value)
    return value


def bundled_names() -> list[str]:
    """Sorted names of the bundled variants (``variants/*.yaml``)."""
    if not BUNDLED_DIR.is_dir():
        return []
    return sorted(p.stem for p in BUNDLED_DIR.glob("*.yaml") if p.is_file())


def load_specs(refs) -> tuple[list[Spec], list[Diagnostic]]:
    """Load several specs; the ones that load, and every diagnostic of those that do not."""
    specs, diagnostics = [], []
    for ref in refs:
        try:
            specs.append(load_spec(ref))
        except SpecError as exc:
            diagnostics.extend(exc.diagnostics)
    return specs, diagnostics


# ---------------------------------------------------------------------------
# Files of a chain
# ---------------------------------------------------------------------------
@dataclass
class _File:
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


def _is_bundled(path: Path) -> bool:
    try:
        return path.resolve().parent == BUNDLED_DIR
    except (OSError, RuntimeError):
        return False


def _new_file(path: Path, display: str) -> _File:
    if _is_bundled(path):
        label = f"variants/{path.name}"
        return _File(path, label, label)
    return _File(path, display, path.name)


def _resolve_ref(ref: str | Path) -> _File:
    """The root file for `ref`: an existing path, else a bundled name.  Raises SpecError."""
    text = str(ref)
    path = Path(ref)
    try:
        if path.is_file():
            return _new_file(path, text)
    except (OSError, ValueError):
        pass
    if isinstance(ref, str) and text in bundled_names():
        return _new_file(BUNDLED_DIR / f"{text}.yaml", text)
    hint = did_you_mean(path.stem if text.endswith(".yaml") else text, bundled_names())
    raise SpecError([Diagnostic(text, 0, 0,
                                f"no such spec file or bundled variant '{text}'{hint}")])


def _find_parent(child: _File, name: str) -> tuple[Path | None, bool]:
    """The spec whose name is `name`: beside `child` first, then bundled; never `child`.

    Returns (path or None, whether `child` itself was the only match found).
    """
    for folder in dict.fromkeys((child.path.parent, BUNDLED_DIR)):
        for candidate in _candidates(folder, name):
            if _identity(candidate) != _identity(child.path) and _spec_name(candidate) == name:
                return candidate, False
    return None, _ref_name(child) == name


def _candidates(folder: Path, name: str) -> list[Path]:
    """The spec files of `folder`: those whose stem is `name` first (the usual case)."""
    files = _spec_files(folder)
    return sorted(files, key=lambda p: (p.stem != name, p.name))


def _spec_files(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir()
                      if p.suffix in (".yaml", ".yml") and p.is_file())
    except OSError:
        return []


_NAMES: dict[tuple[str, int, int], str] = {}


def _spec_name(path: Path) -> str:
    """The name a spec file goes by: its valid `name:` field, else its file stem."""
    try:
        stat = path.stat()
    except OSError:
        return path.stem
    key = (_identity(path), stat.st_mtime_ns, stat.st_size)
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


def _parent_display(child: _File, path: Path) -> str:
    if _is_bundled(path):
        return f"variants/{path.name}"
    return str(Path(child.display).parent / path.name)


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------
def load_spec(ref: str | Path) -> Spec:
    """Load and validate a spec: `ref` is a path to a .yaml file or a bundled name.

    Follows `extends`, merges key by key, checks every value, expression and
    cross-key rule.  Raises `SpecError` with every problem of the chain.
    """
    root = _resolve_ref(ref)
    diags: list[Diagnostic] = []
    files = _load_chain(root, diags)
    complete = all(f.tree is not None for f in files) and files[-1].extends is None
    values, origin, nodes, failed = _merge(files, diags)
    if complete:
        _cross_checks(values, nodes, failed, files[0], diags)
    if diags:
        raise SpecError(_unique(diags, [f.display for f in files]))
    return _build(files, values, origin, {path: node for path, (node, _) in nodes.items()})


def _unique(diags: list[Diagnostic], order: list[str]) -> list[Diagnostic]:
    """Diagnostics without repeats, ordered by file (child first), line and column."""
    seen: list[Diagnostic] = []
    for diag in diags:
        if diag not in seen:
            seen.append(diag)
    files = list(dict.fromkeys(order + [d.path for d in seen]))
    return sorted(seen, key=lambda d: (files.index(d.path), d.line, d.col))


def _load_chain(root: _File, diags: list[Diagnostic]) -> list[_File]:
    """Read every file of the extends chain, child first."""
    files = [root]
    seen = {_identity(root.path): root}
    current = root
    while True:
        _read_file(current, diags)
        parent = _next_parent(current, files, seen, diags)
        if parent is None:
            return files
        files.append(parent)
        seen[_identity(parent.path)] = parent
        current = parent


def _identity(path: Path) -> str:
    try:
        return str(path.resolve())
    except (OSError, RuntimeError):
        return str(path.absolute())


def _read_file(file: _File, diags: list[Diagnostic]) -> None:
    try:
        file.tree, file.data = load_yaml(file.path, file.display)
    except SpecError as err:
        diags.extend(err.diagnostics)
        return
    _read_fields(file, diags)
    _read_rules(file, diags)


def _next_parent(child: _File, files: list[_File], seen: dict, diags) -> _File | None:
    entry = child.extends
    if entry is None:
        return None
    name = entry.value.value
    if len(files) > MAX_EXTENDS:
        diags.append(entry.value.diag(
            f"extends chain is too deep (more than {MAX_EXTENDS} levels)"))
        return None
    path, itself = _find_parent(child, name)
    if path is None:
        hint = (" (a spec can not extend itself)" if itself
                else did_you_mean(name, set(bundled_names()) | _siblings(child)))
        diags.append(entry.value.diag(f"unknown variant '{name}'{hint}"))
        return None
    if _identity(path) in seen:
        names = [_ref_name(f) for f in files] + [name]
        diags.append(entry.value.diag("extends cycle: " + " -> ".join(names)))
        return None
    return _new_file(path, _parent_display(child, path))


def _ref_name(file: _File) -> str:
    return file.name or file.path.stem


def _siblings(file: _File) -> set[str]:
    """Names of the other specs in the folder of `file`."""
    me = _identity(file.path)
    return {_spec_name(p) for p in _spec_files(file.path.parent) if _identity(p) != me}


# ---------------------------------------------------------------------------
# Top-level fields
# ---------------------------------------------------------------------------
def _read_fields(file: _File, diags: list[Diagnostic]) -> None:
    tree = file.tree
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
    if key in KEY_BY_PATH or key in _SECTIONS:
        message += " (rule keys go under 'rules:')"
    else:
        message += did_you_mean(key, TOP_LEVEL_FIELDS)
    return entry.key_node.diag(message)


def _field_name(file: _File, entry: Entry | None, diags) -> None:
    if entry is None:
        return
    value = entry.value.value
    if not isinstance(value, str) or not NAME_RE.match(value):
        diags.append(entry.value.diag(
            f"'name' must be lowercase letters, digits and '-', starting with a letter, "
            f"not {_describe(entry.value)}"))
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
        diags.append(node.diag(f"'{entry.key}' must be {what}, not {_describe(node)}"))
        return ""
    return node.value


def _field_extends(file: _File, entry: Entry | None, diags) -> None:
    if entry is None:
        return
    value = entry.value.value
    if entry.value.kind != "scalar" or not isinstance(value, str) or not NAME_RE.match(value):
        diags.append(entry.value.diag(
            f"'extends' must be a variant name, not {_describe(entry.value)}"))
        return
    file.extends = entry


def _field_sources(file: _File, entry: Entry | None, diags) -> None:
    if entry is None or (entry.value.kind == "scalar" and entry.value.value is None):
        return
    if entry.value.kind != "seq":
        diags.append(entry.value.diag(
            f"'sources' must be a list of strings, not {_describe(entry.value)}"))
        return
    for item in entry.value.items:
        if item.kind == "scalar" and isinstance(item.value, (str, int, float)) \
                and not isinstance(item.value, bool):
            file.sources.append(item.text)
        else:
            diags.append(item.diag(f"each source must be a string, not {_describe(item)}"))


# ---------------------------------------------------------------------------
# Rule keys: structure
# ---------------------------------------------------------------------------
def _read_rules(file: _File, diags: list[Diagnostic]) -> None:
    entry = file.tree.get("rules")
    if entry is None or (entry.value.kind == "scalar" and entry.value.value is None):
        return
    if entry.value.kind != "map":
        diags.append(entry.value.diag(
            f"'rules' must be a mapping of rule keys, not {_describe(entry.value)}"
            f"{_no_space_hint(entry.value)}"))
        return
    _walk_rules(file, entry.value, "", diags)


def _walk_rules(file: _File, node: Node, prefix: str, diags: list[Diagnostic]) -> None:
    for entry in node.entries:
        parts = entry.key.split(".")
        path = prefix + entry.key
        if not all(parts):
            diags.append(entry.key_node.diag(f"invalid rule key '{path}'"))
        elif path in KEY_BY_PATH:
            _add_rule(file, path, entry, diags)
        elif path in _SECTIONS:
            _section(file, path, entry, diags)
        else:
            hint = did_you_mean(path, list(KEY_BY_PATH) + sorted(_SECTIONS)) or _full_key(path)
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


def _section(file: _File, path: str, entry: Entry, diags: list[Diagnostic]) -> None:
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


def _add_rule(file: _File, path: str, entry: Entry, diags: list[Diagnostic]) -> None:
    first = file.rules.get(path)
    if first is not None:
        diags.append(entry.key_node.diag(
            f"rule key '{path}' is given twice (first at line {first.key_node.line})"))
        return
    file.rules[path] = entry


# ---------------------------------------------------------------------------
# Rule keys: values
# ---------------------------------------------------------------------------
def _describe(node: Node) -> str:
    """A short phrase for what a node is, for error messages."""
    if node.kind == "map":
        return "a mapping"
    if node.kind == "seq":
        return "a list"
    value = node.value
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return f"the number {node.text}"
    text = value if len(value) <= 40 else value[:37] + "..."
    return f"'{text}'"


class _Invalid(Exception):
    """A value failed validation; the diagnostics are already recorded."""


def _check_int(key: Key, node: Node, diags, ctx) -> int:
    value = node.value
    if node.kind != "scalar" or isinstance(value, bool) or not isinstance(value, int):
        raise _fail(diags, node, f"'{key.path}' must be an integer, not {_describe(node)}"
                                 f"{_unquote_hint(node, int)}")
    if key.reserved:
        return value
    if key.minimum is not None and value < key.minimum:
        raise _fail(diags, node, f"'{key.path}' must be at least {key.minimum}, not {value}")
    if key.maximum is not None and value > key.maximum:
        raise _fail(diags, node, f"'{key.path}' must be at most {key.maximum}, not {value}")
    return value


def _check_bool(key: Key, node: Node, diags, ctx) -> bool:
    if node.kind != "scalar" or not isinstance(node.value, bool):
        raise _fail(diags, node, f"'{key.path}' must be true or false, not {_describe(node)}"
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


def _check_enum(key: Key, node: Node, diags, ctx) -> str:
    value = node.value
    if node.kind == "scalar" and isinstance(value, str) and (value in key.choices
                                                             or key.reserved):
        return value
    choices = ", ".join(key.choices)
    hint = did_you_mean(value, key.choices) if isinstance(value, str) else ""
    raise _fail(diags, node,
                f"'{key.path}' must be one of {choices}, not {_describe(node)}{hint}")


def _suit_hint(value: object) -> str:
    if isinstance(value, str) and value.upper()[:1] in SUITS and len(value) >= 1:
        return f" (did you mean '{value.upper()[0]}'?)"
    return ""


def _check_suit(key: Key, node: Node, diags, ctx) -> str | None:
    value = node.value
    if node.kind == "scalar" and (value is None or value in SUITS):
        return value
    raise _fail(diags, node, f"'{key.path}' must be a suit letter (S, H, D or C) or null, "
                             f"not {_describe(node)}{_suit_hint(value)}")


def _check_suits(key: Key, node: Node, diags, ctx) -> list[str]:
    if node.kind != "seq":
        raise _fail(diags, node, f"'{key.path}' must be a list of suit letters, "
                                 f"not {_describe(node)}")
    suits: list[str] = []
    bad = False
    for item in node.items:
        if item.kind != "scalar" or item.value not in SUITS:
            bad = _flag(diags, item, f"'{key.path}': {_describe(item)} is not a suit letter "
                                     f"(S, H, D or C){_suit_hint(item.value)}")
        elif item.value in suits:
            bad = _flag(diags, item, f"'{key.path}': suit {item.value} is listed twice")
        else:
            suits.append(item.value)
    if bad:
        raise _Invalid()
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
        raise _fail(diags, node, f"'{key.path}' must be a list of ranks, not {_describe(node)}")
    ranks: list[str] = []
    bad = False
    for item in node.items:
        rank = _rank_of(item)
        if rank is None:
            bad = _flag(diags, item, f"'{key.path}': {_describe(item)} is not a rank "
                                     f"({' '.join(ALL_RANKS)})")
        elif rank in ranks:
            bad = _flag(diags, item, f"'{key.path}': rank {rank} is listed twice")
        elif ranks and ALL_RANKS.index(rank) < ALL_RANKS.index(ranks[-1]):
            bad = _flag(diags, item, f"'{key.path}': ranks must go from low to high "
                                     f"({rank} comes after {ranks[-1]})")
        else:
            ranks.append(rank)
    if bad:
        raise _Invalid()
    return ranks


def _check_str(key: Key, node: Node, diags, ctx) -> str | None:
    if node.kind == "scalar" and (node.value is None or isinstance(node.value, str)):
        return node.value
    raise _fail(diags, node, f"'{key.path}' must be a string or null, not {_describe(node)}")


def _check_rank_opt(key: Key, node: Node, diags, ctx) -> str | None:
    """A rank text or null (deck.wild_rank, W1)."""
    if node.kind == "scalar" and node.value is None:
        return None
    rank = _rank_of(node)
    if rank is None:
        raise _fail(diags, node, f"'{key.path}' must be a rank ({' '.join(ALL_RANKS)}) or null, "
                                 f"not {_describe(node)}")
    return rank


def _check_expr(key: Key, node: Node, diags, ctx) -> object:
    expr = _compile(key.path, node, key.env, key.result, ctx, diags)
    if key.minimum is not None:
        value = expr.constant()
        if value is not None and value < key.minimum:
            raise _fail(diags, node, f"'{key.path}' must be at least {key.minimum}, not {value}")
    return expr


def _check_annotations(key: Key, node: Node, diags, ctx) -> dict:
    if node.kind == "scalar" and node.value is None:
        return {}
    if node.kind != "map":
        raise _fail(diags, node, f"'{key.path}' must be a mapping of name: expression, "
                                 f"not {_describe(node)}")
    result: dict = {}
    bad = False
    parents = ctx if isinstance(ctx, dict) else {}
    for entry in node.entries:
        if not ANNOTATION_RE.match(entry.key):
            bad = _flag(diags, entry.key_node,
                        f"annotation name '{entry.key}' must be lowercase letters, digits "
                        "and '_', starting with a letter")
            continue
        try:
            result[entry.key] = _compile(f"{key.path}.{entry.key}", entry.value, key.env,
                                         "bool", parents.get(entry.key), diags)
        except _Invalid:
            bad = True
    if bad:
        raise _Invalid()
    return result


_CHECKS = {
    "int": _check_int, "bool": _check_bool, "enum": _check_enum, "suit?": _check_suit,
    "suits": _check_suits, "ranks": _check_ranks, "str": _check_str, "expr": _check_expr,
    "rank?": _check_rank_opt,
    "annotations": _check_annotations,
}


def _fail(diags: list[Diagnostic], node: Node, message: str) -> _Invalid:
    diags.append(node.diag(message))
    return _Invalid()


def _flag(diags: list[Diagnostic], node: Node, message: str) -> bool:
    diags.append(node.diag(message))
    return True


def _check_value(key: Key, node: Node, inherited, diags: list[Diagnostic]) -> object:
    """The validated value of `node` for `key`; raises _Invalid after recording problems."""
    check = _CHECKS.get(key.type)
    if check is None:
        raise _fail(diags, node, f"'{key.path}' has an unsupported type '{key.type}'")
    value = check(key, node, diags, inherited)
    if key.reserved and value != key.default:
        raise _fail(diags, node, f"'{key.path}' is reserved for a later version: only "
                                 f"{value_text(key.default)} is supported")
    return value


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------
def _expr_text(node: Node) -> str | None:
    if node.kind != "scalar":
        return None
    value = node.value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    return None


def _compile(label: str, node: Node, env: str, result: str, inherited, diags) -> object:
    text = _expr_text(node)
    if text is None:
        raise _fail(diags, node, f"'{label}' must be an expression (a string), "
                                 f"not {_describe(node)}")
    compiled = _compile_text(text, env, result, inherited)
    if isinstance(compiled, list):
        for problem in compiled:
            diags.append(node.diag(f"{problem.message}", problem.offset,
                                   max(1, problem.width)))
        raise _Invalid()
    return compiled


def _compile_text(text: str, env: str, result: str, inherited) -> object:
    """The checked expression, or its problems as a list."""
    try:
        return expressions.compile_expr(text, env, result, inherited=inherited)
    except Exception as exc:  # noqa: BLE001 - a checker bug must still be a diagnostic
        return [_Problem(f"internal error in the expression checker: {exc}", 0, 1)]


@dataclass
class _Problem:
    message: str
    offset: int
    width: int


_DEFAULT_EXPRS: dict[str, object] = {}


def _default_value(key: Key) -> object:
    """The schema default, with expressions compiled (cached)."""
    if key.type == "expr":
        if key.path not in _DEFAULT_EXPRS:
            _DEFAULT_EXPRS[key.path] = _compile_text(str(key.default), key.env, key.result, None)
        return _DEFAULT_EXPRS[key.path]
    if isinstance(key.default, list):
        return list(key.default)
    if isinstance(key.default, dict):
        return dict(key.default)
    return key.default


# ---------------------------------------------------------------------------
# Merging the chain
# ---------------------------------------------------------------------------
def _merge(files: list[_File], diags: list[Diagnostic]):
    """Effective values, origins and setting nodes of the root file, ancestors first."""
    values = {key.path: _default_value(key) for key in KEYS}
    origin = {key.path: "default" for key in KEYS}
    nodes: dict[str, tuple[Node, _File]] = {}
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
                value = _check_value(key, entry.value, inherited, diags)
            except _Invalid:
                failed.add(key.path)
                continue
            values[key.path] = value
            origin[key.path] = "this file" if depth == 0 else f"parent {file.name}"
            nodes[key.path] = (entry.value, file)
    return values, origin, nodes, failed


# ---------------------------------------------------------------------------
# Cross-key checks
# ---------------------------------------------------------------------------
def _at(paths: tuple[str, ...], nodes: dict, root: _File, message: str) -> Diagnostic:
    """A diagnostic at the first of `paths` set by the root file, else by any file."""
    for wanted in (lambda f: f is root, lambda f: True):
        for path in paths:
            if path in nodes and wanted(nodes[path][1]):
                return nodes[path][0].diag(message, width=None)
    rules = root.tree.get("rules")
    where = rules.key_node if rules is not None else root.tree
    return where.diag(message, width=1)


def _cross_checks(values: dict, nodes: dict, failed: set, root: _File,
                  diags: list[Diagnostic]) -> None:
    """Checks between keys, on the effective values; skipped for keys already in error."""
    for check in (_check_players, _check_deck, _check_deal, _check_trump_suit,
                  _check_trump_never, _check_teams, _check_wild, _check_siege,
                  _check_seat_trumps, _check_hidden_trump, _check_swaps,
                  _check_initial_hand, _check_redeal):
        for paths, message in check(values):
            if not failed.intersection(paths):
                diags.append(_at(paths, nodes, root, message))


def _check_players(values: dict):
    low, high = values["players.min"], values["players.max"]
    if low > high:
        yield (("players.min", "players.max"),
               f"players.min ({low}) is greater than players.max ({high})")


def _check_deck(values: dict):
    if len(values["deck.ranks"]) < 2:
        yield ("deck.ranks",), "the deck needs at least 2 ranks"
    if not values["deck.suits"]:
        yield ("deck.suits",), "the deck needs at least one suit"
    # -- jokers (J1) --
    if values["deck.jokers"] not in (0, 2):
        yield ("deck.jokers",), (f"deck.jokers must be 0 or 2 (a red and a black joker, J1), "
                                 f"not {values['deck.jokers']}")


def _check_deal(values: dict):
    size = len(values["deck.ranks"]) * len(values["deck.suits"]) + values["deck.jokers"]
    hand, players = values["deal.hand_size"], values["players.max"]
    if values["deal.mode"] == "hands" and hand * players > size:
        yield (("deal.hand_size", "players.max", "deck.ranks", "deck.suits", "deal.mode"),
               (f"the deal does not fit: {hand} cards for each of {players} players is "
               f"{hand * players}, but the deck has {size} cards"))
    if values["deal.mode"] == "all_but_one" and size - 1 < players:
        yield (("deal.mode", "players.max", "deck.ranks", "deck.suits"),
               (f"the deal does not fit: {size - 1} cards can not give each of {players} "
                f"players a card"))


def _check_trump_suit(values: dict):
    mode, suit = values["trump.mode"], values["trump.suit"]
    if mode == "fixed" and suit is None:
        yield ("trump.mode",), "trump.mode fixed needs trump.suit (S, H, D or C)"
    if mode != "fixed" and suit is not None:
        yield (("trump.suit",),
               f"trump.suit is only used when trump.mode is fixed (it is {mode})")
    if suit is not None and suit not in values["deck.suits"]:
        yield ("trump.suit", "deck.suits"), f"trump.suit {suit} is not a suit of the deck"
    if suit is not None and suit in values["trump.never"]:
        yield ("trump.suit", "trump.never"), f"trump.suit {suit} is listed in trump.never"


def _check_trump_never(values: dict):
    never, suits = values["trump.never"], values["deck.suits"]
    for suit in never:
        if suit not in suits:
            yield ("trump.never", "deck.suits"), f"trump.never: {suit} is not a suit of the deck"
    if suits and all(s in never for s in suits):
        yield ("trump.never", "deck.suits"), "trump.never excludes every suit of the deck"


def _check_teams(values: dict):
    """PR1: a team mode seats only some player counts; both ends of the range must be one of
    them (a count between them that the mode refuses is refused when a game is dealt)."""
    mode = values["teams.mode"]
    if mode == "none":
        return
    counts = TEAM_PLAYER_COUNTS[mode]
    low, high = values["players.min"], values["players.max"]
    bad = [n for n in dict.fromkeys((low, high)) if n not in counts]
    if bad:
        allowed = " or ".join(str(n) for n in counts)
        yield (("teams.mode", "players.min", "players.max"),
               (f"teams.mode {mode} needs {allowed} players, but players.min..players.max is "
                f"{low}..{high} ({', '.join(map(str, bad))} can not be split into its teams, PR1)"))


# -- wild cards (W1-W3) -----------------------------------------------------
def _check_wild(values: dict):
    rank = values["deck.wild_rank"]
    if rank is None:
        return
    ranks, suits = values["deck.ranks"], values["deck.suits"]
    if rank not in ranks:
        yield (("deck.wild_rank", "deck.ranks"),
               (f"deck.wild_rank {rank} is not a rank of the deck ({' '.join(ranks)})"
                f"{did_you_mean(rank, ranks)}"))
    if not any(s in suits for s in values["deck.wild_suits"]):
        yield (("deck.wild_suits", "deck.suits"),
               "deck.wild_suits names no suit of the deck: no card would be wild")
    # The capability covers one-card openings, throw-ins and beats; a wild card in a
    # transfer or a several-card opening would need every combination of named suits.
    if values["transfer.enabled"]:
        yield (("deck.wild_rank", "transfer.enabled"),
               ("wild cards (deck.wild_rank) do not support transfers yet: set "
                "transfer.enabled: false"))
    if values["attack.opening"] != "single":
        yield (("deck.wild_rank", "attack.opening"),
               ("wild cards (deck.wild_rank) support only one-card openings yet: set "
                "attack.opening: single"))


def _check_siege(values: dict):
    """SG2, SG4: throw-ins at any time need someone who may throw in, and no transfers."""
    if values["throw_in.timing"] != "any_time":
        return
    if values["transfer.enabled"]:
        # Decision: a transfer passes the whole attack on (T13), and under siege the table
        # changes under the defender's feet; the two protocols do not combine.
        yield (("throw_in.timing", "transfer.enabled"),
               ("throw_in.timing any_time (siege) needs transfer.enabled: false: "
                "a siege attack can not be transferred"))
    if throw_in_possible(values) is False:
        yield (("throw_in.who", "throw_in.timing"),
               ("throw_in.timing any_time (siege) needs players who may throw in, but "
                "'throw_in.who' is false for every seat but the defender"))


# -- trumps that depend on the seat or change (SK1-SK3, CT1-CT3) -------------------
def _check_seat_trumps(values: dict):
    """SK1: every seat owns a suit of the deck; rules that need one shared trump are refused."""
    if values["trump.mode"] != "per_seat":
        return
    owned, players = values["trump.seat_suits"], values["players.max"]
    for suit in owned:
        if suit not in values["deck.suits"]:
            yield (("trump.seat_suits", "deck.suits"),
                   f"trump.seat_suits: {suit} is not a suit of the deck")
    if players > len(owned):
        yield (("players.max", "trump.seat_suits", "trump.mode"),
               (f"trump.mode per_seat gives each seat a suit of trump.seat_suits, but "
                f"{len(owned)} suits can not serve {players} players (players.max)"))
    shared = [("first_attacker.first_game", "lowest_trump", "T7: the lowest trump opens"),
              ("series.first_attacker", "lowest_trump", "T7: the lowest trump opens"),
              ("transfer.show_trump", True, "S1: a trump is shown")]
    for path, value, rule in shared:
        if values[path] == value and (path != "transfer.show_trump" or values["transfer.enabled"]):
            yield ((path, "trump.mode"),
                   (f"{path}: {_value_text(value)} needs one trump suit for everyone ({rule}), "
                    f"but trump.mode per_seat gives each seat its own; did you mean "
                    f"{_seat_trump_fix(path)}?"))
    if values["trump.hidden_second"]:
        yield (("trump.hidden_second", "trump.mode"),
               "trump.hidden_second needs a face-up trump card, but trump.mode per_seat turns none")


def _seat_trump_fix(path: str) -> str:
    return "transfer.show_trump: false" if path == "transfer.show_trump" else f"{path}: left_of_dealer"


def _value_text(value) -> str:
    return "true" if value is True else str(value)


def _check_hidden_trump(values: dict):
    """CT1, CT3: a hidden second card needs a face-up card turned under a stock that holds both."""
    if not values["trump.hidden_second"]:
        return
    mode = values["trump.mode"]
    if mode in ("fixed", "none", "turned_top"):
        yield (("trump.hidden_second", "trump.mode"),
               (f"trump.hidden_second needs trump.mode turned_bottom (a face-up card under the "
                f"stock with the hidden card below it), not {mode}"))
    if values["trump.never"]:
        yield (("trump.hidden_second", "trump.never"),
               ("trump.hidden_second with trump.never is not supported: the hidden card might be "
                "of a suit that can not be trump"))
    size = len(values["deck.ranks"]) * len(values["deck.suits"])
    hand, players = values["deal.hand_size"], values["players.max"]
    if values["deal.mode"] == "all_but_one":
        yield (("trump.hidden_second", "deal.mode"),
               "trump.hidden_second needs a stock, but deal.mode all_but_one deals all but one card")
    elif 0 <= size - hand * players < 2:
        yield (("players.max", "trump.hidden_second", "deal.hand_size"),
               (f"trump.hidden_second needs two cards left after the deal (CT3), but {players} "
                f"players with {hand} cards each leave {max(0, size - hand * players)} of the "
                f"{size}; at most {(size - 2) // hand} players fit"))


def _check_swaps(values: dict):
    """PK1-PK4 and TX1 need a stock with one face-up trump card at its bottom: not per-seat
    trumps (no card is turned, SK1) nor a hidden second card under it (CT1)."""
    mode, deal = values["trump.mode"], values["deal.mode"]
    for key, rule in (("swap.per_game", "PK2"), ("trump.six_exchange", "TX1")):
        if not values[key]:
            continue
        if mode != "turned_bottom":
            yield ((key, "trump.mode"),
                   (f"{key} needs a face-up trump card under the stock ({rule}): "
                    f"trump.mode turned_bottom, not {mode}"))
        if values["trump.hidden_second"]:
            # Decision: PK2, PK3 and TX1 speak of the face-up card as the stock's last card;
            # with a hidden card under it (CT1) they would need rules of their own.
            yield ((key, "trump.hidden_second"),
                   (f"{key} with trump.hidden_second is not supported: {rule} needs the face-up "
                    f"trump card to be the stock's last card, and CT1 lays a hidden card under it"))
        if deal != "hands":
            yield ((key, "deal.mode"),
                   f"{key} needs a stock after the deal ({rule}): deal.mode hands, not {deal}")


# -- series capability: deal sizes and redeals (L1-L3, H3) --------------------
SERIES_LOSSES_CHECKED = 256
"""deal.initial_hand is checked for every loss count from 0 to this bound (L2, L3)."""


def _check_initial_hand(values: dict):
    """L2, L3: every seat's deal is at least one card and every deal fits the deck, for
    every loss count up to SERIES_LOSSES_CHECKED (the first that fails is named)."""
    expr = values["deal.initial_hand"]
    if expr.canonical() == "hand_size":
        return  # the default: _check_deal covers it
    paths = ("deal.initial_hand", "players.max", "deal.hand_size", "deal.mode")
    if values["deal.mode"] != "hands":
        yield (paths, ("deal.initial_hand is only used when deal.mode is hands "
                       f"(it is {values['deal.mode']})"))
        return
    size = len(values["deck.ranks"]) * len(values["deck.suits"])
    # CT3: a hidden second trump needs two cards left after the deal
    hidden = 2 if values["trump.hidden_second"] else 0
    losses = range(SERIES_LOSSES_CHECKED + 1) if "losses" in expr.names else (0,)
    for players in range(values["players.min"], values["players.max"] + 1):
        for n in losses:
            dealt = expr.evaluate({"losses": n, "hand_size": values["deal.hand_size"],
                                   "players": players})
            if dealt < 1:
                yield (paths, (f"deal.initial_hand gives {dealt} cards with {players} players "
                               f"and {n} losses; every seat needs at least 1"))
                return
            if dealt * players > size - hidden:
                left = (" and trump.hidden_second needs two of them left after the deal (CT3)"
                        if hidden else "")
                yield (paths, (f"the deal does not fit: deal.initial_hand gives {dealt} cards "
                               f"({n} losses) to each of {players} players, "
                               f"{dealt * players}, but the deck has {size} cards{left}"))
                return


def _check_redeal(values: dict):
    """H3: a redeal condition that holds for every hand that can be dealt would redeal for
    ever (checked over hand sizes, longest suits, trumps held and player counts)."""
    expr = values["deal.redeal_if"]
    if expr.constant() is False:
        return
    if "trumps" in expr.names and values["trump.mode"] == "per_seat":
        yield (("deal.redeal_if", "trump.mode"),
               ("deal.redeal_if reads trumps, but trump.mode per_seat has no trump suit for "
                "everyone (SK1): count a suit with longest_suit instead"))
        return
    for point in _dealt_hands(values):
        if not expr.evaluate(point):
            return
    yield (("deal.redeal_if",), ("deal.redeal_if is always true: every deal would be dealt "
                                "again for ever"))


def _dealt_hands(values: dict):
    """(cards, longest_suit, trumps, players) of dealt hands (H3): hand sizes for 0-3 losses."""
    initial, nsuits = values["deal.initial_hand"], max(1, len(values["deck.suits"]))
    for players in range(values["players.min"], values["players.max"] + 1):
        sizes = {initial.evaluate({"losses": n, "hand_size": values["deal.hand_size"],
                                   "players": players}) for n in range(4)}
        if values["deal.mode"] != "hands":
            size = len(values["deck.ranks"]) * nsuits - 1
            sizes = {size // players, -(-size // players)}
        for cards in sorted(c for c in sizes if c > 0):
            for longest in range(-(-cards // nsuits), cards + 1):
                for trumps in range(cards + 1):
                    yield {"cards": cards, "longest_suit": longest, "trumps": trumps,
                           "players": players}


# ---------------------------------------------------------------------------
# The result
# ---------------------------------------------------------------------------
def _build(files: list[_File], values: dict, origin: dict, nodes: dict) -> Spec:
    root = files[0]
    name = root.tree.get("name")
    digest = hashlib.sha256()
    for file in files:
        digest.update(file.label.encode("utf-8") + b"\0" + file.data)
    return Spec(
        name=root.name, title=root.title, description=root.description,
        sources=list(root.sources), path=root.path, label=root.label,
        chain=[(f.name, f.label) for f in files], sha256=digest.hexdigest(),
        values=values, origin=origin, nodes=nodes,
        name_node=name.value if name is not None else None,
    )


__all__ = ["BUNDLED_DIR", "Spec", "bundled_names", "load_spec"]
