"""Integer expressions mean the same number in C as in Python (issue 19, 1a): random
integer-heavy specs, compiled to both targets, play identical games; what could overflow is
refused at the spec's line and column."""

from __future__ import annotations

import random

import pytest
from native_support import needs_cc
from test_native_games import _play_both

from durakc.diagnostics import SpecError
from durakc.native import load_native_spec
from durakc.spec import load_spec

pytestmark = needs_cc

ROUND_INTS = ["stock", "players", "active_players", "discard", "1000000", "999999", "6", "2"]
TRANSFER_INTS = ["transfers", "limit", "next_hand", "attack_cards", "unbeaten", "beaten",
                 "1000000", "3"]


def _term(rng: random.Random, names: list[str], depth: int) -> str:
    """A random int expression over `names` with large literals and long sums."""
    if depth == 0 or rng.random() < 0.3:
        return rng.choice(names)
    kind = rng.randrange(4)
    a, b = _term(rng, names, depth - 1), _term(rng, names, depth - 1)
    if kind == 0:
        return f"{a} + {b}"
    if kind == 1:
        return f"{a} - {b}"
    if kind == 2:
        return f"{rng.choice(['min', 'max'])}({a}, {b})"
    return f"({a} if {rng.choice(names)} > {rng.choice(names)} else {b})"


def _spec(seed: int) -> str:
    rng = random.Random(seed)
    # attack.limit between 1 and 6 after the huge terms cancel or clamp (min/max of them)
    limit = f"max(1, min(6, {_term(rng, ROUND_INTS, 3)} - {_term(rng, ROUND_INTS, 2)}))"
    when = f"{_term(rng, TRANSFER_INTS, 3)} >= {_term(rng, TRANSFER_INTS, 2)} or beaten == 0"
    capacity = (f"attack_cards <= min(limit, next_hand) and "
                f"{_term(rng, TRANSFER_INTS, 2)} + 1000000 > {_term(rng, TRANSFER_INTS, 2)}")
    return (f"name: ints-{seed}\ntitle: integer-heavy {seed}\nextends: transfer\nrules:\n"
            f"  attack: {{limit: \"{limit}\"}}\n"
            f"  transfer: {{when: \"{when}\", capacity: \"{capacity}\"}}\n")


@pytest.mark.parametrize("seed", range(6))
def test_integer_heavy_specs_play_identical_games_in_c(seed, tmp_path):
    path = tmp_path / f"ints-{seed}.yaml"
    path.write_text(_spec(seed), encoding="utf-8")
    engine = load_native_spec(str(path))
    py = engine.PYTHON_ENGINE
    for players in (2, 3, 4):
        for game_seed in range(3):
            _play_both(py.new_game(players, game_seed), engine.new_game(players, game_seed),
                       random.Random(game_seed))


def test_a_limit_that_would_overflow_is_refused_at_its_column(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text('name: house\ntitle: h\nextends: transfer\nrules:\n'
                    '  attack:\n    limit: "stock + 2147483647"\n', encoding="utf-8")
    with pytest.raises(SpecError) as err:
        load_spec(path)
    text = str(err.value)
    assert f"{path}:6:21: error:" in text or "house.yaml:6:21: error:" in text, text
    assert "2147483647 is too large: whole numbers may be at most 1,000,000" in text
