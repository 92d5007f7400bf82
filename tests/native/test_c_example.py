"""The C example of the docs compiles as strict C99 against a generated header and plays
the game the Python engine plays with the same seed and the same choices."""

from __future__ import annotations

import subprocess

from native_support import ROOT, compile_c, needs_cc, python_engine

pytestmark = needs_cc

EXAMPLE = ROOT / "docs" / "c-example.c"


def _python_transcript(seed: int) -> str:
    """What the example prints, from the Python engine with the same policy."""
    engine = python_engine("transfer")
    game = engine.new_game(2, seed)
    lines = [f"trump {game.trump_card}, seat {game.attacker} attacks"]
    while not game.is_over:
        seat, action = game.to_move, game.legal_actions()[0]
        lines.append(f"seat {seat}: {action}")
        game.apply(action)
    moves = len(game.history)
    lines.append(f"draw after {moves} moves" if game.is_draw
                 else f"seat {game.loser} is the durak after {moves} moves")
    return "\n".join(lines) + "\n"


def test_the_c_example_compiles_strictly_and_plays_the_python_game(tmp_path):
    program = tmp_path / "example"
    done = compile_c([EXAMPLE, ROOT / "generated" / "transfer.c"], program,
                     ["-I", str(ROOT / "generated")])
    assert done.returncode == 0, done.stderr
    for seed in (42, 7, 2024):
        run = subprocess.run([str(program), str(seed)], capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        assert run.stdout == _python_transcript(seed)
