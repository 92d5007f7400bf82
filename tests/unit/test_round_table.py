"""The order of a round and the table (issue 20: HR10, HR11, HR24-HR26): warnings, action
texts, refusals, saved games and positions, observation of the engine and the reference, the
RL encoding's blocks and bots that never resign."""

from __future__ import annotations

import random

import pytest

from durakc import reference
from durakc.analysis.checks import analyse
from durakc.engines import closed_discard, last_thrower_first, open_hands, podkidnoy, resign
from durakc.explain import explain
from durakc.sim.bots import greedy_bot, playable, random_bot
from durakc.sim.search import determinize
from durakc.spec import load_spec

POSITION = {"players": 3, "trump": "D", "stock": [], "attacker": 0,
            "hands": [["9H", "10C", "AS"], ["JH", "QS", "7C"], ["7S", "8S", "KC"]]}


def _spec(tmp_path, parent, rules):
    path = tmp_path / "s.yaml"
    path.write_text(f"name: s\ntitle: s\nextends: {parent}\nrules:\n{rules}", encoding="utf-8")
    return load_spec(str(path))


def test_keys_that_never_take_effect_are_warned_at_the_key(tmp_path):
    two = _spec(tmp_path, "podkidnoy", "  players: {max: 2}\n  throw_in: {first: last_thrower}\n")
    assert [d.message for d in analyse(two)] == [(
        "'throw_in.first' has no effect: with at most two players only the attacker throws in, "
        "so the priority never moves")]
    empty = _spec(tmp_path, "podkidnoy", "  deck: {ranks: ['9', '10', 'J', 'Q', 'K', 'A']}\n"
                                         "  players: {min: 4, max: 4}\n  refill: {defender: first}\n")
    (warning,) = analyse(empty)
    assert warning.line == 7 and "nobody ever draws" in warning.message
    for name in ("taker-draws-first", "last-thrower-first", "resign", "closed-discard",
                 "open-hands"):
        assert not analyse(load_spec(name)), name


def test_explain_says_each_rule_in_words():
    assert "first after a take, then the others in the usual order" in " ".join(
        explain(load_spec("taker-draws-first")).split())
    text = " ".join(explain(load_spec("closed-discard")).split())
    assert "only how many cards the discard pile holds" in text


def test_resign_is_an_action_only_where_the_rule_says():
    with pytest.raises(ValueError, match="unknown action 'resign'"):
        podkidnoy.parse_action("resign")
    with pytest.raises(ValueError, match="takes no cards"):
        resign.parse_action("resign 9H")
    game = resign.from_position(POSITION)
    assert str(game.legal_actions()[-1]) == "resign"
    game.apply("resign")
    assert (game.loser, game.is_over, game.legal_actions()) == (0, True, [])
    with pytest.raises(resign.IllegalAction, match="the game is over"):
        game.apply("resign")
    again = resign.Game.from_dict(game.to_dict())
    assert again.loser == 0 and again.is_over


def test_the_last_thrower_is_saved_with_the_game():
    game = last_thrower_first.from_position(
        {"players": 4, "trump": "D", "stock": [], "attacker": 0,
         "hands": [["9H", "9C", "AS"], ["JH", "KD", "QS", "10S"], ["9D", "7C"], ["JS", "8C"]]})
    for act in ("attack 9H", "beat 9H JH", "pass", "throw 9D", "beat 9D KD"):
        game.apply(act)
    saved = game.to_dict()
    assert saved["last_thrower"] == 2
    assert last_thrower_first.Game.from_dict(saved).to_move == 3 == game.to_move
    with pytest.raises(last_thrower_first.InvalidGame, match="last_thrower"):
        last_thrower_first.Game.from_dict(dict(saved, last_thrower=7))


@pytest.mark.parametrize("engine", [closed_discard, open_hands])
def test_the_observation_matches_the_reference(engine):
    ref = reference.load(engine.VARIANT["name"])
    rng = random.Random(3)
    game, twin = engine.new_game(3, 5), ref.new_game(3, 5)
    while not game.is_over:
        for seat in range(3):
            seen, want = game.observation(seat), twin.observation(seat)
            assert {k: seen[k] for k in want if k != "trump_changes"} == {
                k: want[k] for k in want if k != "trump_changes"}
            assert set(seen) >= set(want) - {"trump_changes"}
        act = rng.choice(game.legal_actions())
        game.apply(act)
        twin.apply(str(act))
        game = engine.Game.from_dict(game.to_dict())  # the closed view's round start is saved


@pytest.mark.parametrize("bad, message", [
    (-1, "round_start must be a whole number from 0"), (True, "round_start must be a whole number"),
    (99, "lies beyond the 2 actions of the history")])
def test_a_saved_round_start_is_a_count_within_the_history(bad, message):
    """HR25: the declared `count` round_start (capabilities/state.py) is saved and read back;
    a saved game refuses one that is not a whole number or lies beyond the history."""
    game = closed_discard.from_position(POSITION)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    saved = game.to_dict()
    assert closed_discard.Game.from_dict(saved).to_dict()["round_start"] == saved["round_start"]
    with pytest.raises(closed_discard.InvalidGame, match=message):
        closed_discard.Game.from_dict({**saved, "round_start": bad})

def test_a_closed_pile_and_open_hands_in_the_observation():
    game = closed_discard.from_position(POSITION)
    game.apply("attack 9H")
    game.apply("beat 9H JH")
    seen = game.observation(2)
    assert seen["discard"] is None and seen["discard_size"] == 36 - 9 + 2 - 0
    assert seen["history"] == [] and game.history == ["attack 9H", "beat 9H JH"]
    assert "hands" not in seen
    shown = open_hands.from_position(POSITION)
    assert shown.observation(1)["hands"] == shown.hands
    assert shown.observation(1)["hands"][1] == ["7C", "JH", "QS"]


def test_bots_never_resign():
    game = resign.new_game(3, 1)
    rng = random.Random(1)
    while not game.is_over:
        assert "resign" in [str(a) for a in game.legal_actions()]
        for bot in (random_bot, greedy_bot):
            assert str(bot(game, game.to_move, rng)) != "resign"
        game.apply(greedy_bot(game, game.to_move, rng))
    assert playable([]) == []


def test_the_search_bot_keeps_open_hands_and_redeals_a_closed_pile():
    game = open_hands.new_game(3, 2)
    world = determinize(game, 0, random.Random(1))
    assert world.hands == game.hands
    closed = closed_discard.from_position(POSITION)
    worlds = {tuple(determinize(closed, 0, random.Random(s)).discard) for s in range(5)}
    assert len(worlds) > 1  # the pile's cards are not known, only how many
    assert all(len(w) == len(closed.discard) for w in worlds)


def test_the_rl_encoding_sees_what_the_observation_shows():
    np = pytest.importorskip("numpy")
    from durakc.rl.encoding import DurakEncoding
    enc = DurakEncoding("resign")
    assert enc.action_text(enc.num_actions - 1) == "resign"
    closed = DurakEncoding("closed-discard")
    game = closed_discard.from_position(POSITION)
    vec = closed.observation(game, 0)
    assert closed.layout.block(vec, "discard_size")[0] == 27
    assert not np.any(closed.layout.block(vec, "discard"))
    shown = DurakEncoding("open-hands")
    hands = shown.layout.block(shown.observation(open_hands.from_position(POSITION), 1), "hands")
    assert hands.sum() == 9 and hands[shown.card_index("JH")] == 1  # slot 0: seat 1 itself
