"""Table settings chosen when a game starts (a spec's `options:`, issue 32 item 4): the spec
layer, the checker, the Python engine and the reference interpreter."""

from __future__ import annotations

import json
import random

import pytest

from durakc import reference
from durakc.diagnostics import SpecError
from durakc.reference.differential import compile_engine, first_difference
from durakc.reference.differential import run as run_differential
from durakc.spec import load_spec
from durakc.spec.options import combinations, rules_at
from durakc.targets.c import render_c

HEAD = "name: mine\ntitle: Mine\nextends: transfer\n"

OPTIONS = """options:
  transfer: {type: bool, default: true, text: transfers allowed}
  first_limit: {range: [4, 6], default: 6, text: the first round's limit}
  cap: {choices: [3, 5], default: 5}
"""

RULES = """rules:
  transfer: {when: "transfer and beaten == 0"}
  attack: {limit: "first_limit if first_round else min(cap, 6)"}
"""


def write(tmp_path, text: str, name: str = "mine.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def messages(tmp_path, text: str) -> list[str]:
    with pytest.raises(SpecError) as info:
        load_spec(write(tmp_path, text))
    return [d.format() for d in info.value.diagnostics]


@pytest.fixture(scope="module")
def mine(tmp_path_factory):
    """The spec above, its compiled engine and its reference."""
    spec = load_spec(write(tmp_path_factory.mktemp("options"), HEAD + OPTIONS + RULES))
    return spec, compile_engine(spec), reference.module_for(spec)


# -- the spec layer and the checker ------------------------------------------------------
def test_options_are_read_with_their_values_and_defaults(mine):
    spec, _, _ = mine
    by_name = {o.name: o for o in spec.options}
    assert list(by_name) == ["transfer", "first_limit", "cap"]
    assert by_name["transfer"].values == (False, True) and by_name["transfer"].default is True
    assert by_name["first_limit"].values == (4, 5, 6) and by_name["first_limit"].range
    assert by_name["cap"].values == (3, 5) and by_name["cap"].text == ""
    # verify plays each bool and choice value and a range's two ends: 2 * 2 * 2
    assert len(combinations(spec.options)) == 8
    assert {"transfer": False, "first_limit": 4, "cap": 3} in combinations(spec.options)


def test_an_option_is_a_name_of_the_play_expressions_only(tmp_path):
    (message,) = messages(tmp_path, HEAD + OPTIONS + "rules:\n  deal: {redeal_if: transfer}\n")
    assert "unknown name 'transfer'" in message and "mine.yaml:9:" in message


def test_option_names_of_the_language_or_its_environments_are_refused(tmp_path):
    found = messages(tmp_path, HEAD + "options:\n  players: {type: bool, default: true}\n"
                     "  min: {type: bool, default: true}\n  Big: {type: bool, default: true}\n")
    assert len(found) == 3
    assert "option name 'players' is already an expression name" in found[0]
    assert "option name 'min' is a word of the expression language" in found[1]
    assert "option name 'Big' must be lowercase letters" in found[2]


@pytest.mark.parametrize(("setting", "wanted"), [
    ("{type: bool}", "option 'x' needs a 'default'"),
    ("{type: bool, default: 1}", "the default of option 'x' must be true or false, not the number 1"),
    ("{choices: [5, 6], default: 7}", "the default of option 'x' must be 5 or 6, not the number 7"),
    ("{range: [6, 5], default: 5}", "'range' of option 'x' must have low <= high"),
    ("{choices: [5, 5], default: 5}", "choice 5 of option 'x' is listed twice"),
    ("{type: int, default: 5}", "option 'x' needs 'type: bool', 'choices: [...]' or"),
    ("{type: bool, choices: [1], default: true}", "a bool option ('x') takes no 'choices'"),
    ("{type: str, default: a}", "option type must be bool or int"),
    ("{type: bool, default: true, colour: red}", "unknown setting 'colour' of option 'x'"),
    ("[1, 2]", "option 'x' must be a mapping"),
])
def test_bad_option_settings_are_diagnostics_at_their_place(tmp_path, setting, wanted):
    (message,) = messages(tmp_path, HEAD + f"options:\n  x: {setting}\n")
    assert wanted in message, message
    assert "mine.yaml:5:" in message


def test_a_type_error_over_an_option_is_reported(tmp_path):
    (message,) = messages(tmp_path, HEAD + OPTIONS + "rules:\n  attack: {limit: transfer}\n")
    assert "expected an int expression, got bool" in message


def test_a_child_inherits_and_may_replace_its_parents_options(tmp_path):
    write(tmp_path, HEAD + OPTIONS + RULES)
    child = write(tmp_path, "name: kid\ntitle: Kid\nextends: mine\noptions:\n"
                  "  cap: {choices: [4], default: 4}\n", "kid.yaml")
    spec = load_spec(child)
    assert [(o.name, o.values) for o in spec.options] == [
        ("transfer", (False, True)), ("first_limit", (4, 5, 6)), ("cap", (4,))]


def test_rules_at_fold_the_options_into_the_rule_texts(mine):
    spec, _, _ = mine
    assert rules_at(spec, {})["transfer.when"] == "beaten == 0"
    at = rules_at(spec, {"transfer": False, "first_limit": 4})
    assert at["transfer.when"] == "false"
    assert at["attack.limit"] == "4 if first_round else min(5, 6)" or \
        at["attack.limit"] == "4 if first_round else 5"


def test_the_c_target_holds_the_options_in_the_game_and_reads_them_there(mine):
    """Issue 32 item 4 on the C target: one int per option in the game (defaults in a new
    game), set by <p>set_options, read by the expressions as g->opt_<name>."""
    spec, _, _ = mine
    files = render_c(spec)
    source, header = files["mine.c"], files["mine.h"]
    for name, default in (("transfer", 1), ("first_limit", 6), ("cap", 5)):
        assert f"    int opt_{name};" in source
        assert f"g->opt_{name} = {default};  /* the default */" in source
    assert "(g->first_round ? g->opt_first_limit : expr_min(g->opt_cap, 6))" in source
    assert "g->opt_transfer && (g->beaten == 0)" in source
    assert "void durak_mine_set_options(durak_mine_game *g, const int *values);" in header
    assert "#define DURAK_MINE_NOPTIONS 3" in header


def test_specs_without_options_have_no_options_code():
    from durakc.targets.python.codegen import render_engine

    source = render_engine(load_spec("transfer"))
    assert "DEFAULT_OPTIONS" not in source and "_opt_" not in source and "options=" not in source


# -- the Python engine -------------------------------------------------------------------
def _play(game, seed: int = 3, check=None) -> list[str]:
    rng, texts = random.Random(seed), []
    while not game.is_over:
        action = rng.choice(sorted(str(a) for a in game.legal_actions()))
        texts.append(action)
        game.apply(action)
        if check:
            check(game)
    return texts


def test_new_game_takes_options_and_the_game_carries_them(mine):
    _, engine, _ = mine
    game = engine.new_game(3, 5, options={"transfer": False})
    assert game.options == {"transfer": False, "first_limit": 6, "cap": 5}
    assert engine.new_game(3, 5).options == dict(zip(engine.OPTIONS, engine.DEFAULT_OPTIONS))
    assert game.observation(1)["options"] == game.options
    texts = _play(game)
    assert not any(t.startswith(("transfer", "show")) for t in texts)  # T13 off
    nxt = game.next_game(9)
    assert nxt.options == game.options


def test_the_first_rounds_limit_follows_the_option(mine):
    _, engine, _ = mine
    for limit in (4, 5, 6):
        assert engine.new_game(2, 1, options={"first_limit": limit}).limit == limit


def test_to_dict_round_trips_the_options(mine):
    _, engine, _ = mine

    def check(game):
        saved = game.to_dict()
        back = engine.Game.from_dict(json.loads(json.dumps(saved)))
        assert back.to_dict() == saved and back.options == game.options
        assert sorted(map(str, back.legal_actions())) == sorted(map(str, game.legal_actions()))

    _play(engine.new_game(4, 2, options={"first_limit": 4, "transfer": False}), check=check)


@pytest.mark.parametrize(("given", "wanted"), [
    ({"colour": 1}, "unknown option 'colour' (this variant's options: transfer, first_limit, cap)"),
    ({"transfer": 1}, "option transfer is true or false, not 1"),
    ({"first_limit": 7}, "option first_limit is a whole number from 4 to 6, not 7"),
    ({"cap": True}, "option cap is 3 or 5, not True"),
    ("transfer", "options are a dict of option name -> value, not str"),
])
def test_unknown_options_and_values_are_refused(mine, given, wanted):
    _, engine, ref = mine
    for module in (engine, ref):
        with pytest.raises(module.InvalidGame) as info:
            module.new_game(3, 1, options=given)
        assert isinstance(info.value, ValueError)
    with pytest.raises(engine.InvalidGame, match=wanted.replace("(", r"\(").replace(")", r"\)")):
        engine.new_game(3, 1, options=given)


def test_a_saved_game_with_a_bad_option_is_refused(mine):
    _, engine, _ = mine
    saved = engine.new_game(2, 1).to_dict()
    with pytest.raises(engine.InvalidGame, match="option cap is 3 or 5, not 4"):
        engine.Game.from_dict({**saved, "options": {"cap": 4}})


# -- the reference interpreter -----------------------------------------------------------
def test_the_reference_plays_the_same_games_under_every_combination(mine):
    spec, engine, ref = mine
    summary = run_differential(engine, ref, [2, 4], 16, seed=11,
                               option_sets=combinations(spec.options))
    assert not summary.divergences, summary.divergences[0].describe()
    assert summary.games == 32


def test_the_options_change_the_game(mine):
    """Not a vacuous agreement: the same seed under other options plays another game."""
    _, engine, ref = mine
    a = engine.new_game(3, 21, options={"transfer": True})
    b = ref.new_game(3, 21, options={"transfer": False})
    assert first_difference(a, b) is None  # the same deal
    assert _play(a, 4) != _play(b, 4)
    assert b.to_dict()["options"]["transfer"] is False
    assert ref.Game.from_dict(b.to_dict()).options == b.options


# -- an option that sets the deck's size ---------------------------------------------------
DECK = """name: decks\ntitle: Decks\nextends: transfer
options:
  deck: {choices: [24, 52], default: 24, sets: deck.size}
  transfer: {type: bool, default: true}
rules:
  players: {max: 4}
  deck: {ranks: [2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, A]}
  transfer: {when: "transfer and beaten == 0"}
"""


@pytest.fixture(scope="module")
def decks(tmp_path_factory):
    spec = load_spec(write(tmp_path_factory.mktemp("decks"), DECK, "decks.yaml"))
    return spec, compile_engine(spec), reference.module_for(spec)


def test_the_deck_option_deals_the_highest_cards(decks):
    _, engine, ref = decks
    for module in (engine, ref):
        small = module.new_game(2, 8)
        cards = [c for h in small.hands for c in h] + small.stock
        assert len(cards) == 24 and all(c[:-1] in ("9", "10", "J", "Q", "K", "A") for c in cards)
        big = module.new_game(2, 8, options={"deck": 52})
        assert len([c for h in big.hands for c in h] + big.stock) == 52


def test_a_deck_option_plays_like_the_fixed_deck():
    """deck=24 over 2..A deals and plays as a spec of nine to ace does (same seed)."""
    spec = load_spec("table")
    engine = compile_engine(spec)
    plain = compile_engine(load_spec("transfer"))
    for players in (2, 3, 6):
        a, b = engine.new_game(players, 41), plain.new_game(players, 41)
        assert a.hands == b.hands and a.stock == b.stock and a.trump_card == b.trump_card
        assert _play(a, 2) == _play(b, 2)


def test_the_reference_agrees_under_every_deck(decks):
    spec, engine, ref = decks
    summary = run_differential(engine, ref, [2, 3, 4], 12, seed=5,
                               option_sets=combinations(spec.options))
    assert not summary.divergences, summary.divergences[0].describe()
    assert summary.games == 36


def test_cards_outside_the_chosen_deck_are_refused(decks):
    _, engine, ref = decks
    saved = engine.new_game(2, 3).to_dict()
    saved["discard"] = ["2S"]
    with pytest.raises(engine.InvalidGame, match="2S is not in this game's deck"):
        engine.Game.from_dict(saved)
    position = {"players": 2, "hands": [["2S", "AH"], ["KD"]], "attacker": 0, "trump": "H"}
    for module in (engine, ref):
        with pytest.raises(module.InvalidGame, match="2S is not in"):
            module.from_position(position)
    game = engine.from_position({**position, "hands": [["9S", "AH"], ["KD"]]})
    assert len(game.discard) == 21  # the rest of the 24 cards, not of the 52
    assert len(ref.from_position({**position, "hands": [["9S", "AH"], ["KD"]]}).discard) == 21


def test_too_many_players_for_the_deck_are_refused_on_both_sides():
    spec = load_spec("table")  # two to six players; a deck of 24 deals four hands of six
    for module in (compile_engine(spec), reference.module_for(spec)):
        assert len(module.new_game(4, 1, options={"deck": 24}).stock) == 0
        with pytest.raises(module.InvalidGame, match="5 hands of 6 need more than the 24 cards"):
            module.new_game(5, 1, options={"deck": 24})


@pytest.mark.parametrize(("change", "wanted"), [
    ("choices: [22, 52]", "when deck=22: a deck of 22 cards is not the highest ranks"),
    ("choices: [8, 52]", "when deck=8: 2 hands of 6 need 12 cards, more than the deck's 8"),
    ("choices: [56, 52]", "when deck=56: a deck of 56 cards is not the highest ranks"),
])
def test_each_deck_size_is_checked(tmp_path, change, wanted):
    text = DECK.replace("choices: [24, 52], default: 24", change.replace("]", "], default: 52"))
    (message,) = messages(tmp_path, text)
    assert wanted in message and "mine.yaml:5:" in message, message


def test_a_deck_option_refuses_rules_that_read_the_whole_deck(tmp_path):
    (message,) = messages(tmp_path, DECK + "  trump: {six_exchange: true}\n")
    assert "sets deck.size, which trump.six_exchange: True does not combine with" in message
    (message,) = messages(tmp_path, DECK.replace('default: true}', 'default: true, sets: x}'))
    assert "'sets' of option 'transfer' may only be deck.size" in message


def test_an_int_options_range_bounds_the_checkers_intervals(tmp_path):
    """`first_limit + first_limit` stays within 8..12 (range [4, 6]), not the whole 32-bit
    range a name without bounds would give."""
    spec = load_spec(write(tmp_path, HEAD + OPTIONS + "rules:\n  attack: {limit: "
                           "\"first_limit + 1 if first_round else first_limit + first_limit\"}\n"))
    assert spec.values["attack.limit"].int_range() == (5, 12)
    engine = compile_engine(spec)
    assert engine.new_game(2, 1, options={"first_limit": 4}).limit == 5


def test_a_deck_option_is_checked_against_a_hand_size_over_players(tmp_path):
    """HR31's deal.hand_size expression with a deck-size option: the smallest deck is
    checked against the hand at players.min (a located error, not a TypeError)."""
    text = DECK.replace("choices: [24, 52], default: 24", "choices: [8, 52], default: 52")
    text += '  deal: {hand_size: "5 if players <= 2 else 4"}\n'
    (message,) = messages(tmp_path, text)
    assert "when deck=8: 2 hands of 5 need 10 cards, more than the deck's 8" in message


def test_an_options_text_can_not_end_the_c_comment_it_is_written_in(tmp_path):
    from durakc.targets.c import render_c
    text = DECK.replace("transfer: {type: bool, default: true}",
                        "transfer: {type: bool, default: true, text: 'on */ off'}")
    files = render_c(load_spec(write(tmp_path, text)))
    line = next(x for source in files.values() for x in source.splitlines()
                if "int opt_transfer;" in x)
    assert line.count("*/") == 1 and line.rstrip().endswith("*/") and "on *\\/ off" in line
