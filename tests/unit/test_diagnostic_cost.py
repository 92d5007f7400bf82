"""Thousands of diagnostics on one long line cost each its window, not the whole line (issue
29 2e): a 17 KB line with 3,000 bad ranks took 20 s to report, quadratic in its errors,
because every diagnostic cut the line again and escaped all of it to show 160 characters."""

from __future__ import annotations

import random

import pytest

from durakc import diagnostics
from durakc.diagnostics import CONTEXT, MAX_SHOWN, Diagnostic, SpecError, source_window
from durakc.spec import load_spec
from durakc.yamltree.read import Source


def window_oracle(line: str, col: int, width: int) -> tuple[str, int, int]:
    """The window by its definition, the whole line laid out every time (the old cost)."""
    pieces = [" " if ch == "\t" else diagnostics._escape(ch) for ch in line.rstrip("\r\n")]
    starts = [0]
    for piece in pieces:
        starts.append(starts[-1] + len(piece))
    first = min(max(col, 1) - 1, len(pieces))
    last = min(first + max(width, 1), len(pieces))
    total = starts[-1]
    if total <= MAX_SHOWN:
        return "".join(pieces), starts[first], max(1, starts[last] - starts[first])
    low = max(0, min(starts[first] - CONTEXT, total - MAX_SHOWN))
    begin = min(i for i, s in enumerate(starts) if s >= low)
    end = max(i for i, s in enumerate(starts) if s <= low + MAX_SHOWN)
    head = "..." if begin > 0 else ""
    tail = "..." if end < len(pieces) else ""
    caret = max(1, starts[min(last, end)] - starts[first])
    return head + "".join(pieces[begin:end]) + tail, len(head) + starts[first] - starts[begin], caret


@pytest.mark.parametrize("seed", range(6))
def test_the_window_is_the_same_as_laying_out_the_whole_line(seed):
    rng = random.Random(seed)
    alphabet = "abc, 123\t\x00\x1b\u202e\udcff\u00e4\u2660"
    line = "".join(rng.choice(alphabet) for _ in range(rng.choice([50, 170, 900, 3000])))
    for _ in range(200):
        col, width = rng.randint(0, len(line) + 3), rng.randint(0, 12)
        assert source_window(line, col, width) == window_oracle(line, col, width), (col, width)


def test_many_diagnostics_on_one_long_line_lay_it_out_once(monkeypatch):
    """Counted, not timed: 300 diagnostics on a 17,000-character line escape its characters
    about once (17,000 calls), where the old code escaped all of them for each (5.1 million)."""
    line = ", ".join(str(n) for n in range(2, 3002)) + " \x1b"     # one character to escape
    calls = [0]
    real = diagnostics._escape

    def counted(ch, keep=""):
        calls[0] += 1
        return real(ch, keep)

    monkeypatch.setattr(diagnostics, "_escape", counted)
    if hasattr(diagnostics, "_layout"):          # the line's layout, cached per line
        diagnostics._layout.cache_clear()
    texts = [Diagnostic("a.yaml", 5, col, "bad rank", width=4, source_line=line).format()
             for col in range(1, len(line), len(line) // 300)]
    assert len(texts) >= 300
    assert calls[0] < 2 * len(line), calls[0]
    assert all(len(t.split("\n")[1]) <= 4 + MAX_SHOWN + 6 for t in texts)


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r", "\u2028", "\x85"])
def test_a_line_is_cut_once_and_shared_by_its_diagnostics(newline):
    text = newline.join(["name: x", "rules: {a: 1, b: 2}", "last"])
    src = Source("x.yaml", text)
    assert [src.line_text(n) for n in (1, 2, 3)] == ["name: x", "rules: {a: 1, b: 2}", "last"]
    assert src.line_text(0) is None and src.line_text(4) is None
    first, second = src.diag(2, 9, "a"), src.diag(2, 15, "b")
    assert first.source_line is second.source_line       # one string, not a copy per diagnostic


def test_a_spec_with_3000_bad_ranks_on_one_line_reports_each_at_its_column(tmp_path):
    ranks = ", ".join(str(n) for n in range(2, 3002))
    path = tmp_path / "big.yaml"
    path.write_text(f"name: big\ntitle: Big\nextends: podkidnoy\nrules:\n"
                    f"  deck: {{ranks: [{ranks}]}}\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(str(path))
    found = info.value.diagnostics
    assert len(found) == 3000 - 9                   # 2..3001, less the ranks 2 to 10
    line = path.read_text(encoding="utf-8").split("\n")[4]
    for diag in found[::97]:
        number = diag.message.split("the number ")[1].split(" ")[0]
        assert line[diag.col - 1:diag.col - 1 + len(number)] == number
        shown = diag.format().split("\n")
        at = shown[2].index("^")
        assert shown[1][at:at + len(number)] == number
