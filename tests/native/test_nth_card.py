"""The bench loop's random choices in the C engines: nth_card (c/legal.c.j2) picks the k-th
card of a mask with one pdep where the CPU has a fast one (x86-64 with BMI2), else from the
table of each byte's cards (nth_card_bytes; -DNTH_NO_PDEP forces it), and mt_choice
(c/mt.c.j2) is (int)(random() * n) in integers where that is exact.  Both nth_card paths must
name the k-th lowest card of every mask for every k, mt_choice must equal the double
arithmetic for every draw (near the integers above all), and so the bench loop must play the
Python engine's games (same seed -> same game)."""

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

CHOICE = """\
#include <stdio.h>
#include "podkidnoy.c"

/* random() * n as CPython computes it, truncated. */
static int by_doubles(uint32_t a, uint32_t b, int n)
{
    return (int)((a * 67108864.0 + b) * (1.0 / 9007199254740992.0) * n);
}

/* mt_choice over the outputs (a << 5, b << 6): the generator's ready words set by hand. */
static int by_choice(mt_state *r, uint32_t a, uint32_t b, int n)
{
    r->out[0] = a << 5;
    r->out[1] = b << 6;
    r->index = 0;
    return mt_choice(r, n);
}

int main(void)
{
    static mt_state r;
    uint64_t s = 0x9E3779B97F4A7C15ULL;
    long checked = 0, wrong = 0;
    int n, i, d;
    r.ready = 624;
    r.seeded = NULL;
    for (n = 1; n <= 2100; n++) {
        for (i = 0; i < 200; i++) {  /* random draws */
            uint32_t a, b;
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            a = (uint32_t)(s >> 37);
            b = (uint32_t)(s >> 11) & ((1U << 26) - 1);
            wrong += by_choice(&r, a, b, n) != by_doubles(a, b, n);
            checked++;
        }
        for (i = 1; i < n && i < 64; i++) {  /* draws just below and at each integer i of the product */
            uint64_t x0 = (((uint64_t)i << 53) + (uint64_t)n - 1) / (uint64_t)n;
            for (d = -3000; d <= 3; d++) {
                uint64_t x = x0 + (uint64_t)(int64_t)d;
                uint32_t a = (uint32_t)(x >> 26), b = (uint32_t)x & ((1U << 26) - 1);
                wrong += by_choice(&r, a, b, n) != by_doubles(a, b, n);
                checked++;
            }
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


def test_mt_choice_is_the_double_arithmetic_for_every_draw(tmp_path):
    checked, wrong = map(int, _run(tmp_path, CHOICE, [], []).split())
    assert checked > 1_000_000
    assert wrong == 0


@PATHS
@pytest.mark.parametrize("name, players", [("podkidnoy", 2), ("transfer", 6)])
def test_the_bench_loop_plays_the_python_games_on_both_paths(path, name, players, tmp_path):
    text = DRIVER % {"name": name, "players": players}
    out = _run(tmp_path, text, [ROOT / "generated" / f"{name}.c"], path)
    assert int(out) == bench(python_engine(name), players, 60, 7).actions
