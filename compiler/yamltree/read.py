"""YAML source files as position-tracked trees.

A spec is read with PyYAML's *composer* on top of the safe loader: no Python
object is ever constructed from the text.  The composed nodes are walked into
`Node` objects that remember where each key and value starts, so every later
problem (a bad enum, an expression error in the middle of a string) can be
reported at its exact line and column.

Spec files are plain data.  Anchors and aliases, merge keys, explicit tags,
duplicate keys, non-string keys, several documents, huge files and very deep
nesting are all rejected with a `Diagnostic`; nothing here raises anything but
`SpecError`.

    tree = load_yaml(Path("variants/kyiv.yaml"), "variants/kyiv.yaml")
    rules = tree.get("rules")            # an Entry: key text, key node, value node
    line, col = rules.value.position(0)
"""

from __future__ import annotations

from pathlib import Path

import yaml
from yaml.events import AliasEvent
from yaml.nodes import MappingNode, ScalarNode, SequenceNode

from durakc.diagnostics import Diagnostic, SpecError, SpecNotFound
from durakc.yamltree import errors as yamlerrors
from durakc.yamltree.nodes import Entry, Node, Source

MAX_BYTES = 1_000_000
"""Largest spec file accepted, in bytes."""

MAX_DEPTH = 50
"""Deepest nesting of mappings and sequences accepted."""

_TAG = "tag:yaml.org,2002:"


# ---------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------
class _Stop(Exception):
    """Composition must stop (nesting too deep)."""

    def __init__(self, mark, message: str):
        super().__init__(message)
        self.mark = mark
        self.message = message


class _SpecLoader(yaml.SafeLoader):
    """The safe loader, composing only: records anchors, aliases and tags as problems."""

    def __init__(self, stream):
        super().__init__(stream)
        self.problems: list[tuple[object, str, int]] = []
        self.depth = 0

    def compose_node(self, parent, index):
        event = self.peek_event()
        if self.check_event(AliasEvent):
            self.get_event()
            self._problem(event.start_mark, "anchors and aliases are not allowed in specs",
                          len(event.anchor or "") + 1)
            return ScalarNode(_TAG + "null", "", event.start_mark, event.end_mark)
        if event.anchor is not None:
            self._problem(event.start_mark, "anchors and aliases are not allowed in specs",
                          len(event.anchor) + 1)
        if event.tag is not None:
            tag = event.tag.replace(_TAG, "!!", 1) if event.tag.startswith(_TAG) else event.tag
            self._problem(event.start_mark, f"tags are not allowed in specs (found '{tag}')",
                          len(tag))
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise _Stop(event.start_mark, f"nesting is too deep (more than {MAX_DEPTH} levels)")
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1

    def _problem(self, mark, message: str, width: int) -> None:
        self.problems.append((mark, message, width))


def read_source(path: Path, display: str) -> tuple[Source, bytes]:
    """Read and decode a spec file: (source, raw bytes).

    Raises `SpecNotFound` for a file that can not be read or is too large (no position in
    it is wrong: the reference is), `SpecError` for text that is not UTF-8.
    """
    try:
        data = Path(path).read_bytes()
    except FileNotFoundError:
        raise SpecNotFound(display, "no such file") from None
    except IsADirectoryError:
        raise SpecNotFound(display, "is a folder, not a spec file") from None
    except (OSError, ValueError) as exc:
        reason = getattr(exc, "strerror", None) or str(exc)
        raise SpecNotFound(display, f"can not read the file: {reason}") from None
    return decode_source(data, display), data


def decode_source(data: bytes, display: str) -> Source:
    """Decode the bytes of a spec as UTF-8.  Raises SpecNotFound (too large), SpecError."""
    if len(data) > MAX_BYTES:
        raise SpecNotFound(display, f"spec is too large ({len(data)} bytes; at most "
                                    f"{MAX_BYTES} bytes)")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SpecError([_bad_utf8(data, exc.start, display)]) from None
    return Source(display, text.removeprefix("\ufeff"))


def _bad_utf8(data: bytes, start: int, display: str) -> Diagnostic:
    line_start = data.rfind(b"\n", 0, start) + 1
    line = data.count(b"\n", 0, start) + 1
    col = len(data[line_start:start].decode("utf-8", "replace")) + 1
    line_end = data.find(b"\n", start)
    text = data[line_start:line_end if line_end >= 0 else len(data)]
    return Diagnostic(display, line, col,
                      f"the file is not valid UTF-8 (byte 0x{data[start]:02x})",
                      source_line=text.decode("utf-8", "surrogateescape"))


def load_yaml(path: Path, display: str) -> tuple[Node, bytes]:
    """Load a spec file into a `Node` tree: (top-level mapping, raw bytes).

    `display` is the file name diagnostics show.  Raises `SpecError` with
    every structural problem found.
    """
    src, data = read_source(path, display)
    return parse_source(src), data


def parse_text(text: str | bytes, display: str = "<spec>") -> Node:
    """Parse spec text (str or bytes) into a `Node` tree.  Raises SpecError."""
    if isinstance(text, bytes):
        return parse_source(decode_source(text, display))
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        return parse_source(decode_source(text.encode("utf-8", "surrogatepass"), display))
    return parse_source(Source(display, text))


def parse_source(src: Source) -> Node:
    """Compose and walk decoded source text into a `Node` tree.  Raises SpecError."""
    root, loader = _compose(src)
    problems = [_mark_diag(src, mark, msg, width) for mark, msg, width in loader.problems]
    if root is None or (isinstance(root, ScalarNode) and root.value == ""
                        and root.tag == _TAG + "null"):
        raise SpecError(problems + [src.diag(1, 1, "spec is empty (it needs at least 'name' "
                                             "and 'title')")])
    tree = _Walker(src, loader, problems).walk(root)
    if tree.kind != "map":
        problems.append(tree.diag("the top level of a spec must be a mapping (key: value), "
                                  f"not {_kind_text(tree)}", width=1))
    if problems:
        raise SpecError(problems)
    return tree


def _compose(src: Source):
    loader = None
    try:
        loader = _SpecLoader(src.text)
        return loader.get_single_node(), loader
    except _Stop as stop:
        raise SpecError([_mark_diag(src, stop.mark, stop.message, 1)]) from None
    except yaml.MarkedYAMLError as exc:
        raise SpecError(_prior(src, loader) + [_yaml_error(src, exc)]) from None
    except yaml.reader.ReaderError as exc:
        line, col = src.locate(exc.position)
        message = f"character #x{exc.character:04x} is not allowed in YAML"
        raise SpecError([src.diag(line, col, message)]) from None
    except (yaml.YAMLError, RecursionError) as exc:
        raise SpecError([src.diag(0, 0, f"invalid YAML: {exc}")]) from None
    finally:
        if loader is not None:
            loader.dispose()


def _prior(src: Source, loader: _SpecLoader | None) -> list[Diagnostic]:
    if loader is None:
        return []
    return [_mark_diag(src, mark, msg, width) for mark, msg, width in loader.problems]


def _yaml_error(src: Source, exc: yaml.MarkedYAMLError) -> Diagnostic:
    """A syntax error in plain words (see `durakc.yamltree.errors`), where the mistake is."""
    explained = yamlerrors.explain(src.text, exc)
    line, col = src.locate(explained.index)
    return src.diag(line, col, explained.message, explained.width)


def _mark_diag(src: Source, mark, message: str, width: int) -> Diagnostic:
    line, col = src.locate(mark.index)
    return src.diag(line, col, message, width)


def _kind_text(node: Node) -> str:
    if node.kind == "seq":
        return "a list"
    if node.kind == "map":
        return "a mapping"
    return "a scalar"


class _Walker:
    """Turns composed PyYAML nodes into `Node` trees, checking keys."""

    def __init__(self, src: Source, loader: _SpecLoader, problems: list[Diagnostic]):
        self.src = src
        self.loader = loader
        self.problems = problems

    def walk(self, node) -> Node:
        if isinstance(node, MappingNode):
            return self._mapping(node)
        if isinstance(node, SequenceNode):
            items = [self.walk(item) for item in node.value]
            return Node("seq", items, self.src, node.start_mark.index, node.end_mark.index)
        return self._scalar(node)

    def _scalar(self, node: ScalarNode) -> Node:
        return Node("scalar", self._resolve(node), self.src, node.start_mark.index,
                    node.end_mark.index, text=node.value, style=node.style or None,
                    tag=node.tag)

    def _resolve(self, node: ScalarNode) -> object:
        kind = node.tag[len(_TAG):] if node.tag.startswith(_TAG) else "str"
        try:
            if kind == "int":
                return self.loader.construct_yaml_int(node)
            if kind == "float":
                return self.loader.construct_yaml_float(node)
            if kind == "bool":
                return self.loader.construct_yaml_bool(node)
        except (ValueError, OverflowError, yaml.YAMLError):
            return node.value
        return None if kind == "null" else node.value

    def _mapping(self, node: MappingNode) -> Node:
        entries: list[Entry] = []
        seen: dict[str, Node] = {}
        for key, value in node.value:
            key_node = self.walk(key)
            value_node = self.walk(value)
            text = self._key_text(key, key_node)
            if text is None:
                continue
            if text in seen:
                first = seen[text]
                self.problems.append(key_node.diag(
                    f"duplicate key '{text}' (first given at line {first.line})"))
                continue
            seen[text] = key_node
            entries.append(Entry(text, key_node, value_node))
        return Node("map", entries, self.src, node.start_mark.index, node.end_mark.index)

    def _key_text(self, key, key_node: Node) -> str | None:
        if isinstance(key, ScalarNode) and key.tag == _TAG + "merge":
            self.problems.append(key_node.diag("merge keys ('<<') are not allowed in specs"))
            return None
        if not isinstance(key, ScalarNode):
            self.problems.append(key_node.diag(
                f"keys must be strings, not {_kind_text(key_node)}", width=1))
            return None
        if not isinstance(key_node.value, str) or key.tag != _TAG + "str":
            self.problems.append(key_node.diag(
                f"keys must be strings: '{key.value}' reads as {_value_kind(key_node.value)} "
                "(quote it)"))
            return None
        return key_node.value


def _value_kind(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    return "a non-string value"
