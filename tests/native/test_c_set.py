"""`<prefix>_set` refuses inconsistent states (issue 19, 1h): a card in two places or in none,
nobody to move in a live phase, `out`/`in_game`/`defender` disagreeing, counters above
COUNTER_MAX (schema_envs); and whatever it accepts of hundreds of mutated states plays on
(tests/native/sanitize_driver.c, here without sanitizers: test_c_sanitizers.py has them)."""

from __future__ import annotations

import subprocess

import pytest
from native_support import ROOT, compile_c, needs_cc, skip_refused

from durakc.ir.build import module_name
from durakc.schema.envs import COUNTER_MAX

pytestmark = needs_cc

VARIANTS = ["transfer", "pairs", "teams-of-three", "jokers", "weli", "poker", "siege",
            "changeable-trump", "no-stock", "trump-aside", "resign", "redeal-on-request"]


@pytest.mark.parametrize("name", [pytest.param(n, marks=skip_refused(n)) for n in VARIANTS])
def test_set_refuses_inconsistent_states(name, tmp_path):
    module = module_name(name)
    prefix = f"durak_{module}_"
    header = (ROOT / "generated" / f"{module}.h").read_text(encoding="utf-8")
    assert f"#define {prefix.upper()}COUNTER_MAX {COUNTER_MAX}" in header
    extra = ["-DHAS_LOSSES"] if f"{prefix.upper()}CAP_LOSSES" in header else []
    program = tmp_path / "driver"
    done = compile_c([ROOT / "tests" / "native" / "sanitize_driver.c",
                      ROOT / "generated" / f"{module}.c"], program,
                     [f"-DHEADER=\"{module}.h\"", f"-DPFX={prefix}", f"-DUPFX={prefix.upper()}",
                      *extra, "-I", str(ROOT / "generated"), "-Wno-pedantic"])
    assert done.returncode == 0, done.stderr
    for args in (["refused"], ["states", "300", "3"], ["games", "3", "4"]):
        run = subprocess.run([str(program), *args], capture_output=True, text=True, timeout=300)
        assert run.returncode == 0 and "0 failures" in run.stdout, run.stdout[-2000:]
