"""How a diagnostic is printed (issue 19 3b, 3e): no ``0:0`` for an unknown position, no raw
control or undecodable bytes, a long source line cut to a window around the caret."""

from __future__ import annotations

import pytest

from durakc.diagnostics import MAX_SHOWN, Diagnostic, SpecError, printable, source_window
from durakc.spec import load_spec


def caret_column(text: str) -> tuple[str, int]:
    """(the shown source line, index of the caret in it) of a formatted diagnostic."""
    lines = text.split("\n")
    shown, caret = lines[1][4:], lines[2][4:]
    return shown, caret.index("^")


def test_an_unknown_position_is_left_out():
    assert Diagnostic("a.yaml", 0, 0, "m").format() == "a.yaml: error: m"
    assert Diagnostic("a.yaml", 3, 0, "m").format() == "a.yaml:3: error: m"


def test_control_characters_are_escaped_everywhere():
    diag = Diagnostic("a\x1b[2J.yaml", 1, 4, "bad '\x1b[31m' \u202e", width=2,
                      source_line="ab\x00\x1b[31mcd")
    text = diag.format()
    assert text == ("a\\x1b[2J.yaml:1:4: error: bad '\\x1b[31m' \\u202e\n"
                    "    ab\\x00\\x1b[31mcd\n"
                    "          ^~~~~")  # under \x1b and [: the characters at columns 4-5
    assert all(ch.isprintable() or ch == "\n" for ch in text)


def test_undecodable_bytes_are_shown_as_hex():
    assert printable("a\udcff\udc89b") == "a\\xff\\x89b"  # surrogateescape's lone bytes


@pytest.mark.parametrize("col", [1, 30, 1000, 2950, 3001, 3002])
def test_a_long_line_is_cut_around_the_caret(col):
    line = "".join(chr(ord("a") + i % 26) for i in range(3000))
    text, pad, width = source_window(line, col, 3)
    assert len(text) <= MAX_SHOWN + 6
    assert text.startswith("...") == (col > 100) and text.endswith("...") == (col < 2900)
    shown = text[pad:pad + width]
    assert shown == line[col - 1:col + 2], (col, shown)  # the caret under the same characters


def test_a_binary_spec_file_is_reported_without_its_bytes(tmp_path):
    path = tmp_path / "binary.yaml"
    path.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 20)
    with pytest.raises(SpecError) as info:
        load_spec(str(path))
    text = "\n".join(d.format() for d in info.value.diagnostics)
    assert "is not valid UTF-8" in text
    assert all(ch.isprintable() or ch == "\n" for ch in text), text
    assert max(len(line) for line in text.split("\n")) <= MAX_SHOWN + 40


@pytest.mark.parametrize("terms", [400, 800])  # 1,600 characters; 3,200 (over the limit)
def test_a_long_expression_line_is_elided_with_the_caret_on_the_mistake(tmp_path, terms):
    text = "1 + 2" + " " * (4 * terms - 5) if terms == 400 else " + ".join(["1"] * terms)
    path = tmp_path / "long.yaml"
    path.write_text(f'name: long\ntitle: Long\nrules:\n  attack:\n    limit: "{text} + atack"\n',
                    encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(str(path))
    (diag,) = info.value.diagnostics
    shown, at = caret_column(diag.format())
    assert len(shown) <= MAX_SHOWN + 6 and shown.startswith("...")
    line = path.read_text(encoding="utf-8").split("\n")[4]
    if terms == 400:
        assert diag.format().startswith(f"{path}:5:{len(text) + 16}: error: unknown name 'atack'")
        assert shown.endswith('atack"') and shown[at:at + 5] == "atack"
    else:  # refused for its length, at the first character past the limit
        assert "expression is too long" in diag.message and shown.endswith("...")
        assert shown[at - 20:at + 20] == line[diag.col - 21:diag.col + 19]
