"""The YAML layer: position-tracked trees and structural rejections."""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError, SpecNotFound
from durakc.yamltree.read import MAX_BYTES, load_yaml, parse_text


def problems(text, name="s.yaml") -> list[str]:
    """Formatted diagnostics for parsing `text` (which must fail)."""
    with pytest.raises(SpecError) as info:
        parse_text(text, name)
    return [d.format() for d in info.value.diagnostics]


def test_tree_keeps_order_values_and_positions():
    tree = parse_text("b: 1\na:\n  x: [S, H]\n  y: 'q'\nc: ~\nd: yes\ne: 1.5\nf: 0x10\n")
    assert [e.key for e in tree.entries] == ["b", "a", "c", "d", "e", "f"]
    assert tree.plain() == {"b": 1, "a": {"x": ["S", "H"], "y": "q"}, "c": None,
                            "d": True, "e": 1.5, "f": 16}
    entry = tree.get("a").value.get("y")
    assert (entry.key_node.line, entry.key_node.col) == (4, 3)
    assert (entry.value.line, entry.value.col) == (4, 6)
    assert entry.value.style == "'"
    seq = tree.get("a").value.get("x").value
    assert [(n.line, n.col) for n in seq.items] == [(3, 7), (3, 10)]


def test_timestamps_stay_strings():
    assert parse_text("a: 2001-12-14\n").plain() == {"a": "2001-12-14"}


def test_offsets_plain_and_quoted():
    tree = parse_text('p: abc def\nd: "x\\ty z"\ns: \'it\'\'s\'\n')
    assert tree.get("p").value.position(4) == (1, 8)
    d = tree.get("d").value
    assert d.text == "x\ty z"
    assert [d.position(i) for i in range(4)] == [(2, 5), (2, 6), (2, 8), (2, 9)]
    s = tree.get("s").value
    assert s.text == "it's"
    assert [s.position(i) for i in range(4)] == [(3, 5), (3, 6), (3, 7), (3, 9)]


def test_offsets_block_scalars():
    tree = parse_text("lit: |\n  foo\n    bar\nfold: >\n  one\n  two\n")
    lit = tree.get("lit").value
    assert lit.text == "foo\n  bar\n"
    assert lit.position(0) == (2, 3)
    assert lit.position(6) == (3, 5)
    fold = tree.get("fold").value
    assert fold.text == "one two\n"
    assert fold.position(4) == (6, 3)


def test_offsets_multiline_double_quoted():
    tree = parse_text('k: "two\n   lines"\n')
    node = tree.get("k").value
    assert node.text == "two lines"
    assert node.position(4) == (2, 4)


def test_diag_points_inside_scalar():
    tree = parse_text('rules:\n  x: "a + bb"\n')
    diag = tree.get("rules").value.get("x").value.diag("bad name", 4, 2)
    assert diag.format() == ('<spec>:2:11: error: bad name\n'
                             '      x: "a + bb"\n'
                             '              ^~')


def test_empty_file():
    empty = "s.yaml:1:1: error: spec is empty (it needs at least 'name' and 'title')"
    assert problems("") == [empty]
    assert problems("# only a comment\n") == [empty + "\n    # only a comment\n    ^"]


def test_top_level_list():
    assert problems("- a\n- b\n") == [
        ("s.yaml:1:1: error: the top level of a spec must be a mapping (key: value), not a list\n"
        "    - a\n"
        "    ^")]


def test_anchors_and_aliases():
    assert problems("a: &x 1\nb: *x\n") == [
        ("s.yaml:1:4: error: anchors and aliases are not allowed in specs\n"
        "    a: &x 1\n"
        "       ^~"),
        ("s.yaml:2:4: error: anchors and aliases are not allowed in specs\n"
        "    b: *x\n"
        "       ^~")]


def test_merge_keys():
    assert problems("a: 1\n<<: {b: 2}\n") == [
        ("s.yaml:2:1: error: merge keys ('<<') are not allowed in specs\n"
        "    <<: {b: 2}\n"
        "    ^~")]


def test_duplicate_keys():
    assert problems("name: a\ntitle: b\nname: c\n") == [
        ("s.yaml:3:1: error: duplicate key 'name' (first given at line 1)\n"
        "    name: c\n"
        "    ^~~~")]


def test_tags():
    assert problems("a: !!python/object:os.system x\n") == [
        ("s.yaml:1:4: error: tags are not allowed in specs (found '!!python/object:os.system')\n"
        "    a: !!python/object:os.system x\n"
        "       ^~~~~~~~~~~~~~~~~~~~~~~~~")]
    assert len(problems("a: !custom x\n")) == 1


def test_non_string_keys():
    assert problems("1: a\n") == [
        ("s.yaml:1:1: error: keys must be strings: '1' reads as an integer (quote it)\n"
        "    1: a\n"
        "    ^")]
    assert problems("? [a]\n: 1\n") == [
        ("s.yaml:1:3: error: keys must be strings, not a list\n"
        "    ? [a]\n"
        "      ^")]


def test_multiple_documents():
    assert problems("a: 1\n---\nb: 2\n") == [
        ("s.yaml:2:1: error: a spec must be a single YAML document (found a second one)\n"
        "    ---\n"
        "    ^")]


def test_syntax_error_uses_the_marker():
    assert problems("a: b: c\n") == [
        ("s.yaml:1:5: error: a value contains ': ' (put the value in quotes)\n"
        "    a: b: c\n"
        "        ^")]


def test_not_utf8():
    assert problems(b"name: x\ntitle: caf\xe9 au lait\n") == [
        ("s.yaml:2:11: error: the file is not valid UTF-8 (byte 0xe9)\n"
        "    title: caf\\xe9 au lait\n"      # the byte escaped, never echoed raw
        "              ^~~~")]


def test_control_character():
    assert problems("a: \x01\n") == [
        ("s.yaml:1:4: error: character #x0001 is not allowed in YAML\n"
        "    a: \\x01\n"
        "       ^~~~")]


def test_too_large():
    text = "a: " + "x" * (MAX_BYTES + 1) + "\n"
    assert problems(text) == [(f"s.yaml: error: spec is too large ({MAX_BYTES + 5} bytes; "
                              f"at most {MAX_BYTES} bytes)")]


def test_too_deep():
    text = "a: " + "[" * 60 + "]" * 60 + "\n"
    (diag,) = problems(text)
    assert diag.startswith("s.yaml:1:53: error: nesting is too deep (more than 50 levels)")
    assert parse_text("a: " + "[" * 45 + "]" * 45 + "\n").get("a") is not None


def test_load_yaml_missing_and_directory(tmp_path):
    with pytest.raises(SpecError) as info:
        load_yaml(tmp_path / "nope.yaml", "nope.yaml")
    assert [d.format() for d in info.value.diagnostics] == ["nope.yaml: error: no such file"]
    assert isinstance(info.value, SpecNotFound)  # a usage problem: the reference is wrong
    with pytest.raises(SpecError) as info:
        load_yaml(tmp_path, "dir")
    assert len(info.value.diagnostics) == 1


def test_load_yaml_returns_bytes(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_bytes(b"\xef\xbb\xbfa: 1\r\nb: 'x'\r\n")
    tree, data = load_yaml(path, "a.yaml")
    assert data.startswith(b"\xef\xbb\xbf")
    assert tree.plain() == {"a": 1, "b": "x"}
    assert tree.get("b").value.position(0) == (2, 5)
