"""What needs a compiler refuses cleanly without one (issue 32 item 6's "done when": with PATH
emptied of compilers, every command passes).  tests/sim/test_no_compiler_path.py runs the
commands that fall back (`--backend auto`); here the ones that can not: `--backend native`,
`build --native` and `bench --limit` (the C speed reference) exit 2 with one error line, never
a traceback, and the build checks its compiler before building, so nothing is written.  PATH holds only a
`python` shim, $CC and $CLANG are unset and the native cache is empty."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# (id, arguments, what the error line says): OUT is a fresh folder of the test's own.
# (tests/sim/test_backend_fallback.py has simulate's and report's --backend native,
# tests/wasm/test_wasm_abi.py the wasm target's refusals.)
REFUSALS = [
    ("build-native", ["build", "--native", "--out", "OUT"], "no C compiler"),
    ("bench-native", ["bench", "transfer", "--backend", "native", "--games", "5"],
     "no C compiler"),
    ("bench-limit", ["bench", "transfer", "--games", "5", "--limit", "REF"],
     "no C compiler (cc) found to build the reference"),
]


@pytest.fixture
def hidden_compilers(tmp_path) -> dict[str, str]:
    """The environment: PATH holds only a `python` shim to this interpreter, no $CC or
    $CLANG (compilers found by name or path), an empty native cache."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    shim = bin_dir / "python"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" "$@"\n', encoding="utf-8")
    shim.chmod(0o755)
    env = dict(os.environ, PATH=str(bin_dir), DURAKC_NATIVE_CACHE=str(tmp_path / "cache"))
    for name in ("CC", "CLANG"):
        env.pop(name, None)
    return env


@pytest.mark.parametrize(("args", "says"), [(a, s) for _, a, s in REFUSALS],
                         ids=[name for name, _, _ in REFUSALS])
def test_what_needs_a_compiler_refuses_with_one_message(args, says, hidden_compilers, tmp_path):
    out, ref = tmp_path / "out", tmp_path / "limit.c"
    ref.write_text("int main(void) { return 0; }\n", encoding="utf-8")
    args = [a.replace("OUT", str(out)).replace("REF", str(ref)) for a in args]
    done = subprocess.run(["python", "-m", "durakc", *args],
                          cwd=ROOT, env=hidden_compilers, capture_output=True, text=True,
                          check=False, timeout=300)
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr and done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines[0].startswith("durakc: error: ") and says in lines[0], done.stderr
    assert not any(line.startswith("durakc: ") for line in lines[1:]), "one message"
    assert not out.exists(), "nothing built before the refusal"
