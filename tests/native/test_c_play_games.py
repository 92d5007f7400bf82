"""`_play_games`, the whole-game entry point of the C header, used from plain C: compiled as
strict C99, it records the games the simulator's runner plays with the same seeds and bots
(outcome, length, counts and the games stopped in a cycle)."""

from __future__ import annotations

import random
import subprocess

from native_support import ROOT, compile_c, needs_cc, python_engine

from durakc.sim.bots import get_bot
from durakc.sim.runner import bot_seed, game_seed, play_game

pytestmark = needs_cc

DRIVER = """\
#include <stdio.h>
#include "transfer.h"

static const uint64_t deal_seeds[] = {%(deals)s};
static const uint64_t bot_seeds[] = {%(bots)s};
static const int seat_bots[] = {%(seats)s};

int main(void)
{
    durak_transfer_record out[%(n)d];
    int i;
    if (durak_transfer_play_games(%(players)d, %(n)d, deal_seeds, bot_seeds, seat_bots, out)
            != DURAK_TRANSFER_OK) {
        return 1;
    }
    for (i = 0; i < %(n)d; i++) {
        const durak_transfer_record *r = &out[i];
        printf("%%d %%d %%d %%d %%d %%d %%d %%d\\n", r->unfinished, r->is_draw, r->loser,
               r->actions, r->rounds, r->takes, r->transfers, r->shows);
    }
    return 0;
}
"""


def test_play_games_from_c_records_the_runner_games(tmp_path):
    # six seats, greedy and random alternating: one of these games stops in a cycle (seed 1),
    # as in test_whole_games (the greedy bot no longer cycles in two-seat proyezdnoy)
    games, players = range(100, 120), 6
    bots = [(["greedy", "random"] * players)[:players] for _ in games]
    source = tmp_path / "driver.c"
    source.write_text(DRIVER % {
        "n": len(games), "players": players,
        "deals": ", ".join(f"{game_seed(1, i)}U" for i in games),
        "bots": ", ".join(f"{bot_seed(1, i)}U" for i in games),
        "seats": ", ".join("1" if b == "greedy" else "0" for seats in bots for b in seats)})
    program = tmp_path / "driver"
    done = compile_c([source, ROOT / "generated" / "transfer.c"], program,
                     ["-I", str(ROOT / "generated")])
    assert done.returncode == 0, done.stderr
    run = subprocess.run([str(program)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    engine, want = python_engine("transfer"), []
    for i, seats in zip(games, bots):
        r = play_game(engine, players, game_seed(1, i), [get_bot(b) for b in seats],
                      random.Random(bot_seed(1, i)))
        unfinished = {None: 0, "cycle": 1, "cap": 2}[r["unfinished"]]
        loser = -1 if r["loser"] is None else r["loser"]
        want.append(f"{unfinished} {int(r['draw'])} {loser} {r['actions']} {r['rounds']} "
                    f"{r['takes']} {r['transfers']} {r['shows']}")
    assert sum(line.startswith("1 ") for line in want) > 0
    assert run.stdout.splitlines() == want
