"""The C engines under AddressSanitizer and UndefinedBehaviorSanitizer (issue 19, 1h): random
games, series, the bots, get/set round trips and mutated states fed to `<prefix>_set` for every
generated variant, with `-fno-sanitize-recover`, so any out-of-bounds access or signed
overflow fails the test; and inconsistent states `_set` must refuse (a card in two places,
nobody to move in a live phase, `out`/`in_game`/`defender` disagreeing, counters above
COUNTER_MAX).  Marker `sanitize` (about a minute on 2 cores, in the full suite); the
command by hand is at the top of tests/native/sanitize_driver.c."""

from __future__ import annotations

import functools
import os
import subprocess

import pytest
from native_support import CC, ROOT, c_variants, needs_cc

from durakc.ir.build import module_name

pytestmark = [needs_cc, pytest.mark.sanitize]

DRIVER = ROOT / "tests" / "native" / "sanitize_driver.c"
SANITIZE = ["-fsanitize=address,undefined", "-fno-sanitize-recover=all", "-fno-omit-frame-pointer"]
GAMES = 25  # per player count: about 2,500 games over the bundled variants, and 400 states each


@functools.cache
def _sanitizer_problem() -> str | None:
    """Why this compiler can not build with the sanitizers here, or None."""
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.c")
        with open(source, "w") as f:
            f.write("int main(void) { return 0; }\n")
        done = subprocess.run([*CC.split(), *SANITIZE, source, "-o", os.path.join(tmp, "probe")],
                              capture_output=True, text=True)
        if done.returncode != 0:
            return f"{CC} can not build with {' '.join(SANITIZE)}: {done.stderr.strip()[:200]}"
        run = subprocess.run([os.path.join(tmp, "probe")], capture_output=True, text=True)
        if run.returncode != 0:
            return f"sanitized programs do not run here: {run.stderr.strip()[:200]}"
    return None


def _build(name: str, tmp_path):
    problem = _sanitizer_problem()
    if problem:
        pytest.skip(problem)
    module = module_name(name)
    prefix = f"durak_{module}_"
    header = (ROOT / "generated" / f"{module}.h").read_text(encoding="utf-8")
    extra = ["-DHAS_LOSSES"] if f"{prefix.upper()}CAP_LOSSES" in header else []
    program = tmp_path / "fuzz"
    # -O0: the compile is most of the time (3.1 s at -O1, 1.2 s at -O0 for podkidnoy), the games
    # run in a fraction of a second, and nothing is optimised away from the checks.
    done = subprocess.run([*CC.split(), "-std=c99", "-g", "-O0", *SANITIZE, "-Wall", "-Wextra",
                           f"-DHEADER=\"{module}.h\"", f"-DPFX={prefix}", f"-DUPFX={prefix.upper()}",
                           *extra, "-I", str(ROOT / "generated"), str(DRIVER),
                           str(ROOT / "generated" / f"{module}.c"), "-o", str(program)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return program


def _run(program, *args: str) -> str:
    env = dict(os.environ, ASAN_OPTIONS="detect_leaks=1:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1")
    run = subprocess.run([str(program), *args], capture_output=True, text=True, env=env,
                         timeout=600)
    assert run.returncode == 0, (run.stdout[-2000:], run.stderr[-4000:])
    assert "0 failures" in run.stdout
    return run.stdout


@pytest.mark.parametrize("name", c_variants())
def test_sanitized_engine_plays_and_survives_hostile_states(name, tmp_path):
    program = _build(name, tmp_path)
    _run(program, "games", str(GAMES), "1")
    _run(program, "states", "400", "2")
    _run(program, "refused")
