"""HR21 match.games and match.points on specs no bundled variant writes (engine and reference)."""

from __future__ import annotations

import random

import pytest

from durakc.reference.differential import both
from durakc.spec import load_spec


def _sides(tmp_path, rules: str):
    path = tmp_path / "mine.yaml"
    path.write_text(f"name: mine\ntitle: Mine\nextends: transfer\nrules:\n{rules}",
                    encoding="utf-8")
    return both(load_spec(path))


def _play(game, rng):
    while not game.is_over:
        game.apply(rng.choice(sorted(str(a) for a in game.legal_actions())))
    return game


@pytest.mark.parametrize("side", [0, 1])
def test_a_match_of_two_games_ends_after_the_second(tmp_path, side):
    module = _sides(tmp_path, "  match:\n    games: 2\n")[side]
    game = _play(module.new_game(3, 1), random.Random(1))
    assert not game.match_over
    game = _play(game.next_game(2), random.Random(2))
    assert game.match_over
    assert game.standings == sorted(range(3), key=lambda s: (game.losses[s], s))
    with pytest.raises(ValueError, match="match is over"):
        game.next_game(3)


@pytest.mark.parametrize("side", [0, 1])
def test_points_for_the_place_and_a_match_to_points(tmp_path, side):
    """A rule of our own: each seat scores its place (1 for the first out), the durak last;
    the match ends at 6 points and the standings rank by fewest points."""
    module = _sides(tmp_path, '  outcome:\n    points: "place"\n  match:\n    points: 6\n')[side]
    game, rng, n = module.new_game(2, 5), random.Random(5), 0
    while True:
        game = _play(game, rng)
        n += 1
        if game.is_draw:
            assert game.points == [1, 1] or sorted(game.points) == [1, 2]
        elif game.loser is not None:
            assert game.points[game.loser] == 2
        if game.match_over:
            break
        game = game.next_game(n)
    assert max(game.match_points) >= 6
    assert game.standings == sorted(range(2), key=lambda s: (game.match_points[s],
                                                              game.losses[s], s))
