"""HR34 (play.cheating) in the C API: `<p>actors`, `<p>out_of_turn_actions`, a catch through
`<p>apply`, and its text both ways (`<p>action_text`, `<p>parse_action`), driven by a strict
C99 program against generated/cheating.c; it plays the games the Python engine plays with the
same seed and the same choices (catches included), and a refused catch leaves the game
unchanged (docs/engine-api.md, "Out-of-turn actions")."""

from __future__ import annotations

import subprocess

from native_support import ROOT, compile_c, needs_cc, python_engine

pytestmark = needs_cc

DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cheating.h"

#define P(x) durak_cheating_##x

int main(int argc, char **argv)
{
    P(game) *g = P(new)();
    P(action) acts[DURAK_CHEATING_MAX_ACTIONS], catches[DURAK_CHEATING_NCARDS], act;
    P(view) before, after;
    char text[DURAK_CHEATING_ACTION_TEXT_MAX];
    int players = atoi(argv[1]), step = 0, s;
    if (argc < 3 || !g || P(deal)(g, players, strtoull(argv[2], NULL, 10), 0, 0) != DURAK_CHEATING_OK) {
        return 1;
    }
    while (!P(is_over)(g) && step < 2000) {
        unsigned actors = P(actors)(g);
        int n = P(legal)(g, acts), chosen = -1, k;
        printf("actors %u:", actors);
        for (s = 0; s < players; s++) {
            k = P(out_of_turn_actions)(g, s, catches);
            if (k && ((actors >> s) & 1) == 0) {
                return 2;  /* a seat with a catch is an actor */
            }
            while (k--) {
                P(action_text)(&catches[k], text, sizeof text);
                printf(" [%s]", text);
                if (chosen < 0 && step % 4 == 3) {
                    chosen = k;
                    act = catches[k];
                }
            }
        }
        if (chosen >= 0) {
            /* a catch by its text: parse_action reads what action_text wrote */
            P(action_text)(&act, text, sizeof text);
            if (P(parse_action)(text, &act) != DURAK_CHEATING_OK) {
                return 3;
            }
        } else {
            act = acts[(step * 7) % n];
            /* a catch of a card nobody may catch (seat to_move's own play or no table card) */
            P(action) bad = {DURAK_CHEATING_CATCH, P(to_move)(g), -1, 1};
            memset(&before, 0, sizeof before);
            memset(&after, 0, sizeof after);
            P(get)(g, &before);
            if (P(out_of_turn_actions)(g, bad.a, catches) == 0 && P(apply)(g, &bad) != DURAK_CHEATING_E_ILLEGAL) {
                return 4;
            }
            P(get)(g, &after);
            if (memcmp(&before, &after, sizeof before)) {
                return 5;
            }
        }
        P(action_text)(&act, text, sizeof text);
        printf(" -> %s\n", text);
        if (P(apply)(g, &act) != DURAK_CHEATING_OK) {
            return 6;
        }
        step++;
    }
    printf("loser %d\n", P(loser)(g));
    P(free)(g);
    return 0;
}
"""


def _python_transcript(players: int, seed: int) -> str:
    """What the driver prints, from the Python engine with the same choices."""
    game = python_engine("cheating").new_game(players, seed)
    lines, step = [], 0
    while not game.is_over and step < 2000:
        actors = sum(1 << s for s in game.actors())
        line, chosen = f"actors {actors}:", None
        for s in range(players):
            for act in reversed(game.out_of_turn_actions(s)):
                line += f" [{act}]"
                if chosen is None and step % 4 == 3:
                    chosen = act
        if chosen is None:
            legal = game.legal_actions()
            chosen = legal[(step * 7) % len(legal)]
        lines.append(f"{line} -> {chosen}")
        game.apply(chosen)
        step += 1
    lines.append(f"loser {-1 if game.loser is None else game.loser}")
    return "\n".join(lines) + "\n"


def test_the_c_api_plays_catches_as_the_python_engine(tmp_path):
    source = tmp_path / "driver.c"
    source.write_text(DRIVER, encoding="utf-8")
    program = tmp_path / "driver"
    done = compile_c([source, ROOT / "generated" / "cheating.c"], program,
                     ["-I", str(ROOT / "generated")])
    assert done.returncode == 0, done.stderr
    for players, seed in ((2, 1), (3, 5), (4, 11)):
        run = subprocess.run([str(program), str(players), str(seed)], capture_output=True, text=True)
        assert run.returncode == 0, (players, seed, run.returncode)
        assert "catch" in run.stdout
        assert run.stdout == _python_transcript(players, seed)
