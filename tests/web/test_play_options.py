"""Table settings (a spec's `options:`, docs/options.md) in the playground's games: the check
answers the spec's settings (the page shows them as toggles), /api/play deals with the chosen
ones (`new_game(..., options=...)`), and settings a spec does not take are refused in the
engine's words."""

from __future__ import annotations

import pytest

import durakc.engines
from durakc.web.errors import ApiError
from durakc.web.limits import Limits
from durakc.web.play import BadRequest, play_step
from durakc.web.tasks import Context, check
from durakc.web.validate import play as validate_play
from tests.web.helpers import spec_text

BUDGET, MAX_HISTORY = 5.0, 5000


def _request(**kw):
    base = {"players": 2, "seat": 0, "seed": 7, "bots": [None, "greedy"], "history": [],
            "action": None, "options": {}}
    return base | kw


def test_the_check_answers_the_specs_settings(tmp_path, monkeypatch):
    monkeypatch.setenv("DURAKC_CACHE", str(tmp_path / "cache"))
    ctx = Context(tmp_path / "specs")
    table = check({"spec": spec_text("table")}, ctx)
    assert table["ok"] and table["options"] == durakc.engines.load("table").OPTIONS
    assert check({"spec": spec_text("transfer")}, ctx)["options"] == {}


def test_a_game_is_dealt_with_the_chosen_settings():
    table = durakc.engines.load("table")
    for options, deck in (({"deck": 52, "transfer": False}, 52), ({}, 36), ({"deck": 24}, 24)):
        view = play_step(table, _request(options=options), BUDGET, MAX_HISTORY)
        game = table.new_game(2, 7, options=options)
        for text in view["history"]:
            game.apply(text)
        assert view["options"] == game.options
        assert view["hand"] == game.observation(0)["hand"]
        seen = sum(view["hand_sizes"]) + view["stock_size"] + len(view["discard"]) + sum(
            (attack is not None) + (defence is not None) for attack, defence in view["table"])
        assert seen == deck, options


@pytest.mark.parametrize(("engine", "options", "says"), [
    ("table", {"deck": 25}, "option deck is 24, 36 or 52, not 25"),
    ("table", {"dek": 24}, "unknown option 'dek'"),
    ("transfer", {"deck": 24}, "unknown option 'deck' (this variant has no table settings)"),
])
def test_settings_the_spec_does_not_take_are_refused(engine, options, says):
    with pytest.raises(BadRequest, match=r"^" + says.replace("(", r"\(").replace(")", r"\)")):
        play_step(durakc.engines.load(engine), _request(options=options), BUDGET, MAX_HISTORY)


def test_the_request_checks_the_settings_shape():
    body = {"spec": "x", "players": 2, "seat": 0, "seed": 1, "bots": [None, "greedy"]}
    assert validate_play(body, Limits(), ["greedy"])["options"] == {}
    chosen = validate_play(body | {"options": {"deck": 24, "transfer": False}}, Limits(),
                           ["greedy"])
    assert chosen["options"] == {"deck": 24, "transfer": False}
    for bad, says in (([1], "'options' must be an object"),
                      ({"deck": "24"}, "option 'deck' must be true, false or a whole number"),
                      ({f"o{k}": 1 for k in range(17)}, "a spec has at most 16")):
        with pytest.raises(ApiError, match=says):
            validate_play(body | {"options": bad}, Limits(), ["greedy"])
