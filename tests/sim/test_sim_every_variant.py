"""`simulate` and `compare` run on every bundled variant, at player counts it accepts.

The counts come from the variant itself: its `players` range, and within it the counts its
engine deals (teams.mode `opposite` seats 4 or 6, PR1).  Every variant runs at the fewest and
the most players it accepts, one with teams at every count it accepts, and reports its teams;
one without teams reports none.
"""

import csv
import io
import json

import pytest

from durakc import engines
from durakc.cli import main
from durakc.loading.engines import check_players, load_engine, player_range

GAMES = "5"


def _accepted(name: str) -> list[int]:
    engine = load_engine(name)
    lo, hi = player_range(engine)
    return [p for p in range(lo, hi + 1) if check_players(engine, p) is None]


def _cases() -> list[tuple[str, int]]:
    cases = []
    for name in engines.ENGINES:
        counts = _accepted(name)
        if hasattr(load_engine(name).Game, "actors"):
            # out-of-turn catches (HR34): random games at 5-6 seats run thousands of actions,
            # each asking every seat (minutes a game); 4 seats ask three others
            counts = [p for p in counts if p <= 4]
        has_teams = load_engine(name).new_game(counts[0], 0).teams is not None
        cases += [(name, p) for p in (counts if has_teams else sorted({counts[0], counts[-1]}))]
    return cases


def _partner(name: str, players: int, tmp_path) -> tuple[str, str]:
    """Another variant for `players` to compare with: (ref, its report name); a bundled one,
    or when none seats `players`, a spec of the variant itself under another name."""
    for other in ("podkidnoy", "transfer", *engines.ENGINES):
        if other != name and players in _accepted(other):
            return other, other
    spec = tmp_path / "copy.yaml"
    spec.write_text(f"name: {name}-copy\ntitle: A copy\nextends: {name}\n"
                    "description: The same rules under another name.\n")
    return str(spec), f"{name}-copy"


def _run(capsys, *argv) -> str:
    assert main([str(a) for a in argv]) == 0, capsys.readouterr().err
    return capsys.readouterr().out


def _check(summary: dict, teams, players: int) -> None:
    assert summary["games"] == int(GAMES) and len(summary["loss_rate_by_seat"]) == players
    if teams is None:
        assert "teams" not in summary and "loss_rate_by_team" not in summary
        return
    assert summary["teams"] == teams
    assert len(summary["loss_rate_by_team"]) == len(teams) == len(summary["loss_rate_by_team_ci"])
    if summary["finished"]:
        assert abs(sum(summary["loss_rate_by_team"]) + summary["draw_rate"] - 1) < 1e-5


@pytest.mark.parametrize("name,players", _cases())
def test_simulate_and_compare_run(capsys, tmp_path, name, players):
    game = load_engine(name).new_game(players, 0)
    teams = None if game.teams is None else [sorted(t) for t in game.teams]
    doc = json.loads(_run(capsys, "simulate", name, "--players", players, "--games", GAMES,
                          "--format", "json"))
    _check(doc["variants"][name], teams, players)

    ref, other = _partner(name, players, tmp_path)
    args = ("compare", name, ref, "--players", players, "--games", GAMES)
    doc = json.loads(_run(capsys, *args, "--format", "json"))
    _check(doc["variants"][name], teams, players)
    diff = doc["paired_differences"][other]
    assert diff["games"] + diff["excluded"] == int(GAMES)
    other_teams = load_engine(ref).new_game(players, 0).teams
    if teams is None and other_teams is None:
        assert not any("team" in k for k in diff)
    elif teams is not None and [sorted(t) for t in other_teams or ()] == teams:
        assert diff["teams"] == teams and len(diff["loss_rate_by_team_diff"]) == len(teams)
    else:
        assert diff["teams"] is None and diff["teams_note"].startswith("no paired team")
    rows = list(csv.DictReader(io.StringIO(_run(capsys, *args, "--format", "csv"))))
    assert [r["variant"] for r in rows] == [name, other]
    assert ("teams" in rows[0]) == (teams is not None or other_teams is not None)
    assert "loss rate, first attacker" in _run(capsys, *args)
