"""Spec errors and warnings of matches and results (HR20-HR23, EP3), at file:line:col."""

from __future__ import annotations

import pytest

from durakc.analysis.checks import analyse
from durakc.diagnostics import SpecError
from durakc.spec import load_spec


def _spec(tmp_path, parent: str, rules: str):
    path = tmp_path / "mine.yaml"
    path.write_text(f"name: mine\ntitle: Mine\nextends: {parent}\nrules:\n{rules}",
                    encoding="utf-8")
    return path


def test_match_points_without_points_is_refused_at_the_key(tmp_path):
    path = _spec(tmp_path, "transfer", "  match:\n    points: 5\n")
    with pytest.raises(SpecError) as err:
        load_spec(path)
    (diag,) = err.value.diagnostics
    assert diag.format().startswith(f"{path}:6:13: error: match.points ends the match at a "
                                    "points total, but outcome.points gives no points")


def test_after_draw_without_a_lowest_trump_first_game_warns(tmp_path):
    path = _spec(tmp_path, "svoi-kozyri", "  series:\n    after_draw: same_dealer_lowest_trump\n")
    (warning,) = analyse(load_spec(path))
    assert warning.format().startswith(f"{path}:6:17: warning: series.after_draw: "
                                       "same_dealer_lowest_trump never takes effect")


def test_is_winner_without_a_winner_warns(tmp_path):
    path = _spec(tmp_path, "transfer", '  outcome:\n    points: "1 if is_winner else 0"\n')
    (warning,) = analyse(load_spec(path))
    assert "is_winner is always false: outcome.winner is none" in warning.format()
    path = _spec(tmp_path, "transfer", '  outcome:\n    winner: first_out\n'
                                       '    points: "1 if is_winner else 0"\n')
    assert analyse(load_spec(path)) == []


def test_result_names_are_checked_with_did_you_mean(tmp_path):
    path = _spec(tmp_path, "transfer", '  outcome:\n    points: "1 if is_losr else 0"\n')
    with pytest.raises(SpecError) as err:
        load_spec(path)
    assert "is_loser" in str(err.value)
