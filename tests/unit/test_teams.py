"""Teams (PR1-PR6): spec errors for player counts a team mode can not split, and what the
engines and the reference refuse (PR1, PR5)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from durakc import reference
from durakc.diagnostics import SpecError
from durakc.spec import load_spec
from tests.invariants.engine_support import load

HEAD = "name: mine\ntitle: Mine\nextends: podkidnoy\n"


def _errors(tmp_path, text):
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return str(path), [d.format() for d in info.value.diagnostics]


def test_alternate_teams_refuse_the_inherited_range(tmp_path):
    # PR1: alternate seats six players only; podkidnoy's 2..6 can not be split.
    path, [diag] = _errors(tmp_path, "rules:\n  teams:\n    mode: alternate\n")
    assert diag == (f"{path}:6:11: error: teams.mode alternate needs 6 players, but "
                    "players.min..players.max is 2..6 (2 can not be split into its teams, PR1)\n"
                    "        mode: alternate\n"
                    "              ^~~~~~~~~")


def test_opposite_teams_name_both_ends_of_the_range(tmp_path):
    # PR1: opposite seats 4 or 6 players; 3..5 has neither end right.
    path, [diag] = _errors(tmp_path, "rules:\n  players: {min: 3, max: 5}\n"
                                     "  teams: {mode: opposite}\n")
    first = diag.splitlines()[0]
    assert first.startswith(f"{path}:")
    assert "teams.mode opposite needs 4 or 6 players" in first
    assert "(3, 5 can not be split into its teams, PR1)" in first


def test_unknown_team_mode_suggests_a_name(tmp_path):
    _, [diag] = _errors(tmp_path, "rules:\n  teams:\n    mode: oposite\n")
    assert "'teams.mode' must be one of none, opposite, alternate" in diag
    assert "opposite" in diag.splitlines()[0]


def test_every_error_of_a_team_spec_at_once(tmp_path):
    # A wrong team mode and an unknown expression name are both reported (no stop at the first).
    _, diags = _errors(tmp_path, "rules:\n  teams:\n    mode: alternate\n"
                                    "  throw_in:\n    who: not partner_of_defendr\n")
    assert len(diags) == 2
    assert any("partner_of_defender" in d for d in diags)  # did you mean


@pytest.mark.parametrize("backend", ["engine", "reference"])
def test_five_players_can_not_play_in_pairs(backend):
    # PR1: a count inside players.min..players.max that the mode can not split is refused,
    # by new_game and by from_position alike.
    mod = load("pairs") if backend == "engine" else reference.load("pairs")
    with pytest.raises(ValueError, match="PR1"):
        mod.new_game(5, 1)
    with pytest.raises(ValueError, match="PR1"):
        mod.from_position({"players": 5, "trump": "C", "stock": [], "attacker": 0,
                           "hands": [["9S"], ["10S"], ["JS"], ["QS"], ["KS"]]})


@pytest.mark.parametrize("backend", ["engine", "reference"])
def test_position_with_one_team_holding_cards_is_refused(backend):
    # PR5: such a game would already be over; a position starts a round.
    mod = load("pairs") if backend == "engine" else reference.load("pairs")
    with pytest.raises(ValueError, match="PR5"):
        mod.from_position({"players": 4, "trump": "C", "stock": [], "attacker": 0,
                           "hands": [["9S"], [], ["10S"], []]})


def test_engine_main_refuses_five_players_without_a_traceback():
    # The engine's demo command line: a clear message for a count the teams can not seat.
    proc = subprocess.run([sys.executable, "-I", "generated/pairs.py", "5"],
                          capture_output=True, text=True, check=False)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    assert "PR1" in proc.stderr


@pytest.mark.parametrize("backend", ["engine", "reference"])
def test_position_gives_the_series_losses(backend):
    # Contract: a position may give `losses`; PR6 then adds this game's loss to every seat
    # of the losing team ({1,3}: seat 3 holds more cards and is the durak).
    mod = load("pairs") if backend == "engine" else reference.load("pairs")
    g = mod.from_position({"players": 4, "trump": "C", "stock": [], "attacker": 0,
                           "losses": [2, 0, 2, 1], "hands": [["9S"], ["10S", "7D"], [], ["8H", "JD"]]})
    assert g.losses == [2, 0, 2, 1]
    for action in ("attack 9S", "beat 9S 10S"):
        g.apply(action)
    assert (g.loser, g.losing_team, g.losses) == (3, 1, [2, 1, 2, 2])
    assert g.next_game(1).losses == [2, 1, 2, 2]
    with pytest.raises(ValueError, match="losses"):
        mod.from_position({"players": 4, "trump": "C", "stock": [], "attacker": 0,
                           "losses": [1], "hands": [["9S"], ["10S"], [], []]})
