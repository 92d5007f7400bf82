"""The C engines seed MT_LANES games' generators side by side (mt_seed_lanes in
c/mt.c.j2): with GNU C vectors (AVX2 where the CPU has it, else the plain vector code) or,
without them, lane by lane.  Every path must give CPython's random.Random(seed) numbers, so
the whole-game loop plays the Python engine's games on all of them, for one-word and
two-word seeds and a last batch that fills only some lanes."""

from __future__ import annotations

import subprocess

import pytest
from native_support import ROOT, compile_c, needs_cc, python_engine

from durakc.bench import bench

pytestmark = needs_cc

DRIVER = """\
#include <stdio.h>
#include "podkidnoy.h"

int main(void)
{
    printf("%%ld\\n", durak_podkidnoy_bench_random(2, %(seed)dU, %(games)d, %(seed)dU));
    return 0;
}
"""

SEED = 2**32 - 20  # games 0..19 have a one-word seed, games 20.. a two-word one
GAMES = 40  # two batches of 16 lanes, then 8 lanes of a third


@pytest.fixture(scope="module")
def python_actions() -> int:
    return bench(python_engine("podkidnoy"), 2, GAMES, SEED).actions


@pytest.mark.parametrize("path", [[], ["-DMT_NO_AVX2"], ["-DMT_PORTABLE_SEEDING"]],
                         ids=["default", "no-avx2", "portable"])
def test_every_seeding_path_plays_the_python_games(path, python_actions, tmp_path):
    source = tmp_path / "driver.c"
    source.write_text(DRIVER % {"seed": SEED, "games": GAMES})
    program = tmp_path / "driver"
    done = compile_c([source, ROOT / "generated" / "podkidnoy.c"], program,
                     ["-I", str(ROOT / "generated"), *path])
    assert done.returncode == 0, done.stderr
    run = subprocess.run([str(program)], capture_output=True, text=True, check=True)
    assert int(run.stdout) == python_actions
