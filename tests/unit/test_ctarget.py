"""The C target: expressions emitted to C from the checked trees, clear errors for what
the C target lacks (naming the key), and `durakc compile --target c`."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from durakc.expr.emit_c import NotInC
from durakc.expr.language import compile_expr
from durakc.spec import load_spec
from durakc.targets.c import CTargetError, render_c, unsupported
from durakc.targets.c import context as ccontext

ROOT = Path(__file__).resolve().parents[2]

CASES = [
    # (env, result, text, values): C must compute what the language's own evaluator does
    ("transfer", "bool", "attack_cards <= min(limit, next_hand)", None),
    ("transfer", "bool", "beaten == 0 or unbeaten_late == unbeaten", None),
    ("transfer", "bool", "1 < attack_cards <= 4 and not first_round", None),
    ("round", "int", "3 if first_round else max(players - 1, stock, 2)", None),
    ("round", "int", "-(stock - 7) + min(active_players, 5)", None),
    ("seat", "bool", "not is_defender and (left_of_defender or is_attacker != true)", None),
]


def _c_value(text: str, env: str, result: str, values: dict) -> int:
    """Evaluate the C form with a C compiler."""
    expr = compile_expr(text, env, result)
    names = {n: f"v_{n}" for n in expr.names}
    decls = "".join(f"    int v_{n} = {int(values[n])};\n" for n in sorted(expr.names))
    src = ("#include <stdio.h>\n"
           "static int expr_min(int a, int b) { return a <= b ? a : b; }\n"
           "static int expr_max(int a, int b) { return a >= b ? a : b; }\n"
           f"int main(void)\n{{\n{decls}    printf(\"%d\\n\", (int)({expr.to_c(names)}));\n"
           "    return 0;\n}\n")
    return src


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
@pytest.mark.parametrize(("env", "result", "text", "_"), CASES)
def test_c_expressions_compute_what_the_evaluator_computes(env, result, text, _, tmp_path):
    import random
    expr = compile_expr(text, env, result)
    rng = random.Random(text)
    for trial in range(6):
        values = {n: (rng.random() < 0.5 if t == "bool" else rng.randint(-3, 8))
                  for n, (t, _doc) in __import__("durakc.schema.keys", fromlist=["ENVIRONMENTS"])
                  .ENVIRONMENTS[env].items() if n in expr.names}
        src = tmp_path / f"e{trial}.c"
        src.write_text(_c_value(text, env, result, values))
        exe = tmp_path / f"e{trial}"
        built = subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-Wno-unused-function",
                                str(src), "-o", str(exe)], capture_output=True, text=True)
        assert built.returncode == 0, built.stderr
        out = subprocess.run([str(exe)], capture_output=True, text=True).stdout
        assert int(out) == int(expr.evaluate(values)), (values, expr.to_c({n: n for n in expr.names}))


def test_card_expressions_are_not_emitted_to_c():
    beats = compile_expr("d.suit == a.suit and d.rank > a.rank", "cards", "bool")
    with pytest.raises(NotInC):
        beats.to_c({})


def test_a_spec_the_c_target_can_not_build_gets_an_error_naming_the_key(monkeypatch):
    # Every capability of today's language has a C form; take one away to see the error.
    spec = load_spec("kyiv")
    assert unsupported(spec) == []
    keys = tuple((k, {n: c for n, c in names.items() if n != "unbeaten_late"}, consts)
                 if k == "transfer.when" else (k, names, consts)
                 for k, names, consts in ccontext.EXPRESSION_KEYS)
    monkeypatch.setattr("durakc.targets.c.render.EXPRESSION_KEYS", keys)
    problems = unsupported(spec)
    assert len(problems) == 1
    text = problems[0].format()
    assert "transfer.when" in text and "unbeaten_late" in text and "--target c" in text
    assert text.startswith("variants/kyiv.yaml:15:12: error: transfer.when")  # at the value
    with pytest.raises(CTargetError):
        render_c(spec)


def test_compile_target_c_writes_a_source_and_a_header(tmp_path):
    done = subprocess.run([sys.executable, "-m", "durakc", "compile", "kyiv",
                           str(ROOT / "variants" / "siberian.yaml"), "--target", "c",
                           "--out", str(tmp_path)], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kyiv.c", "kyiv.h", "siberian.c", "siberian.h"]
    assert (tmp_path / "kyiv.c").read_text() == (ROOT / "generated" / "kyiv.c").read_text()
    header = (tmp_path / "siberian.h").read_text()
    assert "durak_siberian_legal" in header and "Python.h" not in header


def test_compile_target_c_reports_spec_errors_like_the_python_target(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("name: bad\ntitle: Bad\nrules:\n  attack:\n    limit: \"atack_cards\"\n")
    done = subprocess.run([sys.executable, "-m", "durakc", "compile", str(bad), "--target", "c",
                           "--out", str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 1
    assert "error:" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(shutil.which("cc") is None, reason="no C compiler (cc)")
def test_a_spec_path_can_not_end_a_c_comment(tmp_path):
    folder = tmp_path / "we*"  # the path "we*/ird.yaml" holds "*/"
    folder.mkdir()
    (folder / "ird.yaml").write_text("name: ird\ntitle: Ird\nextends: transfer\nrules: {}\n")
    done = subprocess.run([sys.executable, "-m", "durakc", "compile", "we*/ird.yaml", "--target", "c",
                           "--out", "out"], capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    built = subprocess.run(["cc", "-std=c99", "-Wall", "-Wextra", "-Werror", "-c", "out/ird.c",
                            "-o", "out/ird.o"], capture_output=True, text=True, cwd=tmp_path)
    assert built.returncode == 0, built.stderr
