"""The work behind the API, in this process: explain's text and the differences from the
parent, and a comparison whose report is the one `durakc compare` prints for the same file."""

from __future__ import annotations

import subprocess
import sys

import pytest

from durakc.explain import explain
from durakc.spec import load_spec
from durakc.web.play import BadRequest
from durakc.web.source import DISPLAY, SpecProblem
from durakc.web.tasks import Context, check, compare, explain_text

HOUSE = """\
name: house
title: Kyiv with five cards
extends: kyiv
rules:
  attack:
    limit: 5
"""


@pytest.fixture
def ctx(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path / "cache"))
    return Context(tmp_path / "specs")


def test_check_reports_ok_and_the_parent(ctx):
    result = check({"spec": HOUSE}, ctx)
    assert result["ok"] and result["diagnostics"] == [] and result["parent"] == "kyiv"
    assert result["summary"] == "no problems"


def test_explain_is_durakc_explain_and_lists_what_differs_from_the_parent(ctx, tmp_path):
    result = explain_text({"spec": HOUSE}, ctx)
    (tmp_path / "cli").mkdir()
    (tmp_path / "cli" / DISPLAY).write_text(HOUSE, encoding="utf-8")
    assert result["text"] == explain(load_spec(tmp_path / "cli" / DISPLAY))
    assert [d["key"] for d in result["differences"]] == ["attack.limit"]
    diff = result["differences"][0]
    assert (diff["value"], diff["parent_value"], diff["origin"]) == ("5", "6", "this file")
    assert result["parent"] == "kyiv"


def test_explain_of_a_spec_with_errors_gives_its_diagnostics(ctx):
    with pytest.raises(SpecProblem) as caught:
        explain_text({"spec": HOUSE.replace("5", "five")}, ctx)
    assert caught.value.diagnostics[0]["line"] == 6


def test_inherited_expressions_are_compared_expanded(ctx):
    same = HOUSE.replace("limit: 5", 'limit: "inherited"')
    assert explain_text({"spec": same}, ctx)["differences"] == []


def test_compare_prints_what_durakc_compare_prints(ctx, tmp_path):
    request = {"spec": HOUSE, "against": None, "players": 2, "games": 60, "seed": 3,
               "bots": ["greedy"]}
    steps = []
    ctx.progress = lambda done, total, stage: steps.append((done, total, stage))
    result = compare(request, ctx)
    assert result["names"] == ["kyiv", "house"]
    folder = tmp_path / "cli"
    folder.mkdir()
    (folder / "house.yaml").write_text(HOUSE, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "durakc", "compare", "kyiv", "house.yaml",
                           "--games", "60", "--seed", "3", "--bots", "greedy"], cwd=folder,
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert result["table"] == done.stdout.rstrip("\n")
    diff = result["document"]["paired_differences"]["house"]
    assert diff["games"] + diff["excluded"] == 60
    assert steps[-1][0] == steps[-1][1] == 2 * 60 + 60
    assert [s[0] for s in steps] == sorted(s[0] for s in steps)


def test_compare_finds_a_witness_where_the_rules_differ(ctx):
    result = compare({"spec": HOUSE.replace("limit: 5", "limit: 1"), "against": "kyiv",
                      "players": 2, "games": 40, "seed": 0, "bots": ["random"]}, ctx)
    assert [r["key"] for r in result["rules"]] == ["attack.limit"]
    assert result["rules"][0]["b_origin"] == "this file"
    witness = result["witness"]
    assert witness is not None and witness["difference"] == "legal actions"
    assert witness["only_a"] and not witness["only_b"]   # kyiv allows more throw-ins


def test_compare_refuses_what_can_not_be_played(ctx):
    base = {"spec": HOUSE, "against": None, "players": 2, "games": 5, "seed": 0,
            "bots": ["random"]}
    with pytest.raises(BadRequest, match="unknown variant"):
        compare(base | {"against": "nosuch"}, ctx)
    with pytest.raises(BadRequest, match="players"):
        compare(base | {"players": 9}, ctx)
    with pytest.raises(BadRequest, match="--bots"):
        compare(base | {"bots": ["random", "greedy", "random"]}, ctx)
