"""nth_card (c/legal.c.j2) picks the k-th card of a mask for the bench loop's random
choices: with one pdep where the CPU has a fast one (x86-64 with BMI2), else from the table
of each byte's cards (nth_card_bytes; -DNTH_NO_PDEP forces it).  Both must name the k-th
lowest card of every mask for every k, and so the bench loop must play the Python engine's
games on both paths (same seed -> same game)."""

from __future__ import annotations

import subprocess

import pytest
from native_support import ROOT, compile_c, needs_cc, python_engine

from durakc.bench import bench

pytestmark = needs_cc

CHECK = """\
#include <stdio.h>
#include "podkidnoy.c"

/* The k-th set bit of m by walking the bits: the definition nth_card must meet. */
static int walk(mask_t m, int k)
{
    int c;
    for (c = 0; c < 64; c++) {
        if ((m >> c) & 1U) {
            if (!k--) {
                return c;
            }
        }
    }
    return -1;
}

int main(void)
{
    uint64_t x = 88172645463325252ULL;
    long checked = 0, wrong = 0, i;
    for (i = 0; i < 20000; i++) {
        mask_t m;
        int k, n;
        x ^= x << 13;  /* xorshift64: masks of every size, sparse and dense */
        x ^= x >> 7;
        x ^= x << 17;
        m = (mask_t)(i % 3 == 0 ? x & (x >> 11) & (x >> 23) : i % 3 == 1 ? x : x | (x >> 5));
        m &= i % 5 == 0 ? ~(mask_t)0 : (((mask_t)1 << NCARDS) - 1);
        n = popcount(m);
        for (k = 0; k < n; k++) {
            wrong += nth_card(m, k) != walk(m, k);
            wrong += nth_card_bytes(m, k) != walk(m, k);
            checked++;
        }
    }
    printf("%ld %ld\\n", checked, wrong);
    return 0;
}
"""

DRIVER = """\
#include <stdio.h>
#include "%(name)s.h"

int main(void)
{
    printf("%%ld\\n", durak_%(name)s_bench_random(%(players)d, 7U, 60, 7U));
    return 0;
}
"""

PATHS = pytest.mark.parametrize("path", [[], ["-DNTH_NO_PDEP"]], ids=["default", "table"])


def _run(tmp_path, text: str, sources: list, path: list) -> str:
    source = tmp_path / "driver.c"
    source.write_text(text)
    program = tmp_path / "driver"
    done = compile_c([source, *sources], program, ["-I", str(ROOT / "generated"), *path])
    assert done.returncode == 0, done.stderr
    return subprocess.run([str(program)], capture_output=True, text=True, check=True).stdout


@PATHS
def test_nth_card_names_the_kth_lowest_card_of_every_mask(path, tmp_path):
    checked, wrong = map(int, _run(tmp_path, CHECK, [], path).split())
    assert checked > 100_000
    assert wrong == 0


@PATHS
@pytest.mark.parametrize("name, players", [("podkidnoy", 2), ("transfer", 6)])
def test_the_bench_loop_plays_the_python_games_on_both_paths(path, name, players, tmp_path):
    text = DRIVER % {"name": name, "players": players}
    out = _run(tmp_path, text, [ROOT / "generated" / f"{name}.c"], path)
    assert int(out) == bench(python_engine(name), players, 60, 7).actions
