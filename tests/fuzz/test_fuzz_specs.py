"""Random damage to the bundled specs never escapes as anything but SpecError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durakc.diagnostics import SpecError
from durakc.spec import BUNDLED_DIR, Spec, load_spec
from durakc.targets.python.codegen import render_engine

SPECS = sorted(p.read_text(encoding="utf-8") for p in BUNDLED_DIR.glob("*.yaml"))
SNIPPETS = ["&a ", "*a", "!!python/object:os.system ", "!x ", "[", "]", "{", "}", ": :", ":",
            "- ", "---\n", "<<: ", "'", '"', "|\n", ">\n", "#", "\t", "\n", "  ", "?",
            "[" * 60, "{a: " * 55, "rules:\n  transfer:\n    when: ", "\"atack_cards +\"",
            "deal.mode: x\n", "players.min: 9\n", "extends: kyiv\n", "extends: nope\n",
            "\x00", "\x85", "\ufeff", "\u2028", "é"]


def _edit(text: str, kind: int, pos: int, snippet: str, data: bytes) -> str | bytes:
    pos = pos % (len(text) + 1)
    if kind == 0:
        return text[:pos] + text[pos + 1 + len(data) % 5:]
    if kind == 1:
        return text[:pos] + snippet + text[pos:]
    if kind == 2:
        return text[:pos] + snippet + text[pos + len(snippet):]
    if kind == 3:
        lines = text.split("\n")
        i, j = pos % len(lines), (pos // 7) % len(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    raw = text.encode("utf-8")
    pos = pos % (len(raw) + 1)
    return raw[:pos] + data + raw[pos:]


edits = st.lists(st.tuples(st.integers(0, 4), st.integers(0, 10_000), st.sampled_from(SNIPPETS),
                           st.binary(min_size=1, max_size=4)), min_size=1, max_size=4)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(base=st.sampled_from(SPECS), changes=edits, name=st.sampled_from(["fz", "kyiv"]))
def test_mutated_specs_load_or_fail_cleanly(tmp_path_factory, base, changes, name):
    text: str | bytes = base
    for kind, pos, snippet, data in changes:
        if isinstance(text, bytes):
            text = text[:pos % (len(text) + 1)] + data + text[pos % (len(text) + 1):]
        else:
            text = _edit(text, kind, pos, snippet, data)
    path = tmp_path_factory.mktemp("fuzz") / f"{name}.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    try:
        spec = load_spec(path)
    except SpecError as err:
        assert err.diagnostics
        for diag in err.diagnostics:
            out = diag.format()
            where = f"{path}:{diag.line}:{diag.col}" if diag.line > 0 else str(path)
            assert out.startswith(f"{where}: error: ")  # an unknown position is left out
            assert diag.line >= 0 and diag.col >= 0
    else:
        assert isinstance(spec, Spec)
        spec.rules_json()
        # A spec that loads must also generate a valid engine (render_engine compiles it).
        render_engine(spec)
