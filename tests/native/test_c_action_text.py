"""The C API turns actions into text and text into actions as the Python engine does (issue 19,
1g): `<prefix>_action_text` writes str(action) for every legal action along random games of
several variants, `<prefix>_parse_action` reads it back to the same action, and reads (or
refuses) every text as parse_action does."""

from __future__ import annotations

import subprocess

import pytest
from native_support import ROOT, compile_c, needs_cc, python_engine, seats, skip_refused

from durakc.ir.build import module_name

pytestmark = needs_cc

VARIANTS = ["transfer", "podkidnoy", "poker", "jokers", "weli", "trump-six", "pairs", "siege",
            "resign"]  # redeal-on-request: its Python engine sets the read-only to_move (main c5aa00a)
GAMES = 6
STEPS = 400

DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "HEADER"

static int same(const PFX_action *x, const PFX_action *y)
{
    return x->kind == y->kind && x->mask == y->mask && x->a == y->a && x->d == y->d;
}

/* play PLAYERS SEED GAMES STEPS: every legal action's text, state by state, along games whose
 * choices are (step * 31 + seed * 17) % n; "MISMATCH" when parsing a text gives another action. */
static int play(int players, unsigned long seed, int games, int steps)
{
    static PFX_action acts[UPFX_MAX_ACTIONS];
    char text[UPFX_ACTION_TEXT_MAX];
    int g, step, i, n;
    PFX_game *game = PFX_new();
    for (g = 0; g < games; g++) {
        unsigned long s = seed + (unsigned long)g;
        if (PFX_deal(game, players, s, 0, 0) != UPFX_OK) {
            printf("DEAL FAILED\n");
            return 1;
        }
        for (step = 0; step < steps && !PFX_is_over(game); step++) {
            n = PFX_legal(game, acts);
            for (i = 0; i < n; i++) {
                PFX_action back;
                int len = PFX_action_text(&acts[i], text, sizeof text);
                if (len < 0 || len != (int)strlen(text)) {
                    printf("TEXT FAILED\n");
                    continue;
                }
                printf("%s\n", text);
                if (PFX_parse_action(text, &back) != UPFX_OK || !same(&back, &acts[i])) {
                    printf("MISMATCH %s\n", text);
                }
            }
            printf("--\n");
            PFX_apply(game, &acts[((unsigned long)step * 31 + s * 17) % (unsigned long)n]);
        }
        printf("==\n");
    }
    PFX_free(game);
    return 0;
}

/* parse: each line of stdin read as an action, printed back as text, or ERR. */
static int parse(void)
{
    char line[1024], text[UPFX_ACTION_TEXT_MAX];
    PFX_action act;
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = '\0';
        if (PFX_parse_action(line, &act) != UPFX_OK) {
            printf("ERR\n");
        } else {
            PFX_action_text(&act, text, sizeof text);
            printf("%s\n", text);
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    char small[4];
    PFX_action take = {UPFX_TAKE, -1, -1, 0}, bad = {99, -1, -1, 0};
    if (PFX_action_text(&take, small, sizeof small) != 4 || strcmp(small, "tak") != 0
        || PFX_action_text(&bad, small, sizeof small) != UPFX_E_TEXT) {
        printf("CUT OR BAD KIND WRONG\n");
        return 1;
    }
    if (argc == 6 && strcmp(argv[1], "play") == 0) {
        return play(atoi(argv[2]), strtoul(argv[3], NULL, 10), atoi(argv[4]), atoi(argv[5]));
    }
    return parse();
}
"""


def _driver(name: str, tmp_path):
    module = module_name(name)
    prefix = f"durak_{module}_"
    source = tmp_path / "driver.c"
    source.write_text(DRIVER.replace("HEADER", f"{module}.h").replace("UPFX_", prefix.upper())
                      .replace("PFX_", prefix), encoding="utf-8")
    program = tmp_path / "driver"
    done = compile_c([source, ROOT / "generated" / f"{module}.c"], program,
                     ["-I", str(ROOT / "generated")])
    assert done.returncode == 0, done.stderr
    return program


def _python_play(py, players: int, seed: int) -> tuple[str, list[str]]:
    lines, texts = [], []
    for g in range(GAMES):
        s = seed + g
        game = py.new_game(players, s)
        step = 0
        while step < STEPS and not game.is_over:
            legal = game.legal_actions()
            lines += [str(a) for a in legal] + ["--"]
            texts += [str(a) for a in legal]
            game.apply(legal[(step * 31 + s * 17) % len(legal)])
            step += 1
        lines.append("==")
    return "\n".join(lines) + "\n", texts


def _variants_of(text: str) -> list[str]:
    """Other ways to write an action text that parse_action reads (or refuses)."""
    symbols = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
    words = text.split()
    out = [text.lower(), text.upper(), "  " + "\t".join(words) + "  ",
           " ".join([words[0].title()] + [w[:-1] + symbols.get(w[-1], w[-1]) for w in words[1:]]),
           " ".join(words[:1] + words[1:][::-1]), " ".join(words + words[1:2]), words[0],
           " ".join(words[:2])]
    if "/" in text:  # a wild card's named suit as a symbol
        out.append(" ".join(w[:-1] + symbols.get(w[-1], w[-1]) for w in words))
    return out


GARBAGE = ["", "   ", "frobnicate", "take 6S", "pass pass", "attack", "beat", "beat 6S",
           "beat 6S 7S 8S", "attack 6S 6S", "attack 6s 6S", "swap 6S 6S", "swap 6S", "throw 6S 7S",
           "show 6S 7S", "exchange", "exchange 6S 7S", "attack 1S", "attack 6X", "attack 6S/H",
           "attack 6SS", "attack S6", "attack \u26606", "ATTACK 10\u2665", "attack 10h/\u2665",
           "beat rj bj", "attack RJ", "throw bj", "attack 6S/S", "attack 6S/\u2660", "Take", "PASS",
           "attack " + " ".join(r + s for s in "SHDC" for r in ("6", "7", "8", "9", "10", "J", "Q", "K", "A")) + " 6S"]


def _python_parse(py, text: str) -> str:
    try:
        return str(py.parse_action(text))
    except ValueError:
        return "ERR"


@pytest.mark.parametrize("name", [pytest.param(n, marks=skip_refused(n)) for n in VARIANTS])
def test_action_texts_and_parsing_match_python(name, tmp_path):
    program = _driver(name, tmp_path)
    py = python_engine(name)
    texts: list[str] = []
    for players in range(py.PLAYERS_MIN, min(py.PLAYERS_MAX, 4) + 1):
        if not seats(py, players):
            continue
        expected, seen = _python_play(py, players, 100 * players)
        run = subprocess.run([str(program), "play", str(players), str(100 * players), str(GAMES),
                              str(STEPS)], capture_output=True, text=True)
        assert run.returncode == 0, run.stdout[-2000:]
        assert "MISMATCH" not in run.stdout, run.stdout[run.stdout.index("MISMATCH"):][:200]
        assert run.stdout == expected
        texts += seen
    inputs = sorted(set(texts))
    inputs += [v for t in inputs for v in _variants_of(t)] + GARBAGE
    inputs = [t for t in inputs if "\n" not in t]
    run = subprocess.run([str(program), "parse"], input="\n".join(inputs) + "\n",
                         capture_output=True, text=True, encoding="utf-8")
    assert run.returncode == 0
    got = run.stdout.splitlines()
    expected = [_python_parse(py, t) for t in inputs]
    wrong = [(t, c, p) for t, c, p in zip(inputs, got, expected) if c != p]
    assert len(got) == len(inputs) and not wrong, wrong[:10]
