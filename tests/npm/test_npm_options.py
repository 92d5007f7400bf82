"""Table settings (a spec's `options:`, issue 32 item 4) in the npm package @durakc/engines:
`newGame({players, seed, options})` plays the Python engine's `new_game(players, seed,
options=...)` move for move, wrong names and values throw with the Python engine's messages,
and the boardgame.io adapter takes the settings (durakGame's `options`, a match's
`setupData.options` through boardgame.io's own createMatch and Client).  The TypeScript side
(typed.ts, the wrong settings tsc refuses) is in test_npm_package.py."""

from __future__ import annotations

import json

import pytest
from npm_support import HERE, run_node
from test_boardgame import _check_view

import durakc.engines

TABLE = "table"


@pytest.mark.parametrize(("players", "options"), [
    (2, {"deck": 24, "transfer": False}),
    (4, {"deck": 52, "neighbours": True, "first_limit": 5}),
])
def test_seeded_games_with_settings_match_the_python_engine(packed, players, options):
    py = durakc.engines.load(TABLE)
    seeds = [str(players * 100 + i) for i in range(2)]
    records = run_node(HERE / "options_games.mjs", TABLE, str(players), json.dumps(options),
                       *seeds, cwd=packed["consumer"])
    assert [r["seed"] for r in records] == [int(s) for s in seeds]
    for record in records:
        seed = record["seed"]
        game = py.new_game(players, seed, options=options)
        for step, texts in enumerate(record["legal"]):
            legal = game.legal_actions()
            assert texts == [a.text for a in legal], f"seed {seed} step {step}"
            game.apply(legal[(step * 31 + seed * 17) % len(legal)])
        assert game.is_over and record["history"] == game.history
        assert record["options"] == game.options == {
            **{n: d["default"] for n, d in py.OPTIONS.items()}, **options}
        assert record["obs0"]["options"] == game.observation(0)["options"]
        assert record["outcome"]["loser"] == game.loser


def test_wrong_settings_throw_the_python_engines_messages(packed):
    py = durakc.engines.load(TABLE)
    [out] = run_node(HERE / "options_games.mjs", TABLE, "refusals", cwd=packed["consumer"])
    assert out["declared"] == py.OPTIONS
    cases = [{"deck": 25}, {"dek": 24}, {"transfer": "yes"}, {"first_limit": 5.5}]
    for options, thrown in zip(cases, out["cases"]):
        with pytest.raises(py.InvalidGame) as expected:
            py.new_game(2, 1, options=options)
        assert thrown == ["RangeError", str(expected.value)], options
    assert out["notObject"][0] == "TypeError"


def test_a_boardgame_io_client_plays_the_settings_durak_game_was_given(packed, deps):
    options = {"deck": 24, "transfer": False}
    [record] = run_node(HERE / "bgio_games.mjs", TABLE, "3", "17", "seeded", "1",
                        json.dumps(options), cwd=packed["consumer"])
    py = durakc.engines.load(TABLE)
    game = py.new_game(3, 17, options=options)
    deck = set(py.CARD_TEXT)
    for step, seen in enumerate(record["record"]):
        assert int(seen["current"]) == game.to_move, f"step {step}"
        for seat, view in enumerate(seen["views"]):
            _check_view(view, game, seat, deck)
        assert seen["views"][0]["view"]["options"] == game.options
        legal = game.legal_actions()
        game.apply(legal[seen["choice"]])
    assert game.is_over and record["gameover"] == {"loser": game.loser, "draw": game.is_draw}


def test_setup_data_options_choose_a_matchs_settings(packed, deps):
    setups = [{"seed": 5, "options": {"deck": 52}}, {"seed": 5}, {"options": {"deck": 25}},
              {"options": {"neighbors": True}}]
    out = run_node(HERE / "bgio_setup.mjs", "2", *map(json.dumps, setups),
                   cwd=packed["consumer"])
    py = durakc.engines.load(TABLE)
    wide, plain = py.new_game(2, 5, options={"deck": 52}), py.new_game(2, 5)
    assert out[0]["view"]["view"]["options"] == wide.options
    assert out[0]["view"]["view"]["hand"] == wide.observation(0)["hand"]
    assert out[0]["view"]["view"]["stock_size"] == 52 - 12, "a 52-card deal"
    assert out[1]["view"]["view"]["hand"] == plain.observation(0)["hand"]
    assert out[1]["view"]["view"]["stock_size"] == 36 - 12
    for got, options in ((out[2], {"deck": 25}), (out[3], {"neighbors": True})):
        with pytest.raises(py.InvalidGame) as expected:
            py.new_game(2, 5, options=options)
        assert got == {"error": str(expected.value)}
