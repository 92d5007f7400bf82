"""The durakc OpenSpiel games (docs/openspiel.md): registration, the deal as chance nodes,
actions, returns, bounds, the step cap, information states and resampling."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="OpenSpiel is not installed: pip install 'durakc[openspiel]'")

import durakc.engines
import durakc.openspiel as dos
from durakc.loading.engines import load_engine, player_range
from durakc.openspiel import game as game_module


def dealt(variant, players, seed):
    """A state of `variant` right after the deal of `seed` (its 4 seed bytes)."""
    state = pyspiel.load_game(dos.game_name(variant), {"players": players}).new_initial_state()
    for byte in seed.to_bytes(game_module.SEED_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(byte)
    return state


def play_randomly(state, rng, until=None):
    """Random legal actions until the end (or until `until(state)` holds)."""
    while not state.is_terminal() and not (until and until(state)):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_done_when_command_works_and_exits_cleanly():
    # a subprocess: pyspiel's registry outlives Python's finalization, and a registered
    # factory freed then used to abort the interpreter at exit (status 134)
    code = ("import pyspiel, durakc.openspiel; "
            "g = pyspiel.load_game('durakc_transfer', {'players': 3}); print(g.num_players())")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "3"


def test_every_bundled_variant_is_registered_with_its_player_range():
    names = set(pyspiel.registered_names())
    for variant in durakc.engines.ENGINES:
        name = dos.game_name(variant)
        assert name in names
        assert "-" not in name
        low, high = player_range(load_engine(variant))
        assert dos.bundled_player_range(variant) == (low, high), variant
        gtype = pyspiel.load_game(name, {"players": low}).get_type()
        assert (gtype.min_num_players, gtype.max_num_players) == (low, high)


def test_a_player_count_outside_the_range_is_refused():
    for players in (7, 1, 0):
        with pytest.raises(Exception, match=f"2-6 players, not {players}"):
            pyspiel.load_game("durakc_transfer", {"players": players})


def test_the_deal_is_four_uniform_seed_bytes_and_the_engines_deal():
    state = pyspiel.load_game("durakc_transfer", {"players": 3}).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == list(range(256))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    seed = 0x01020304
    state = dealt("transfer", 3, seed)
    assert not state.is_chance_node()
    engine_game = durakc.engines.load("transfer").new_game(3, seed)
    assert state.game.hands == engine_game.hands
    assert state.game.stock == engine_game.stock
    assert state.current_player() == engine_game.to_move


def test_actions_are_the_rl_encodings_indices_and_texts():
    state = dealt("transfer", 2, 77)
    texts = sorted(state.action_to_string(state.current_player(), a)
                   for a in state.legal_actions())
    assert texts == sorted(str(a) for a in state.game.legal_actions())
    assert pyspiel.load_game("durakc_transfer").num_distinct_actions() == 1640  # docs/rl.md


def test_an_illegal_action_raises_and_changes_nothing():
    state = dealt("transfer", 2, 5)
    before = (str(state), state.history(), state.information_state_string(0))
    illegal = next(a for a in range(1640) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal"):
        state.apply_action(illegal)
    assert (str(state), state.history(), state.information_state_string(0)) == before


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_durak_gets_minus_one_and_the_others_share_plus_one(players):
    rng = random.Random(players)
    for seed in range(6):
        state = play_randomly(dealt("transfer", players, seed), rng)
        game = state.game
        returns = state.returns()
        assert sum(returns) == pytest.approx(0.0)
        if game.loser is None:
            assert returns == [0.0] * players
        else:
            assert returns[game.loser] == -1.0
            assert all(r == pytest.approx(1 / (players - 1))
                       for s, r in enumerate(returns) if s != game.loser)


def test_points_variants_return_the_mean_points_minus_the_seats():
    rng = random.Random(3)
    game = pyspiel.load_game("durakc_ace_points", {"players": 3})
    low, high = game.min_utility(), game.max_utility()
    # points 0..109 per seat (1 + hand.count(A), a count bounded by 108): width x 2/3
    assert (low, high) == pytest.approx((-109 * 2 / 3, 109 * 2 / 3))
    for seed in range(6):
        state = play_randomly(dealt("ace-points", 3, seed), rng)
        points = state.game.points
        if points is None:  # stopped by the cap: not reached by random play here
            continue
        mean = sum(points) / 3
        assert state.returns() == pytest.approx([mean - p for p in points])
        if state.game.loser is not None:
            assert state.returns()[state.game.loser] < 0


def test_teams_share_the_loss():
    rng = random.Random(1)
    state = play_randomly(dealt("teams-of-three", 6, 11), rng)
    game = state.game
    if game.losing_team is not None:
        losing = set(game.teams[game.losing_team])
        for seat, r in enumerate(state.returns()):
            assert r == pytest.approx(-1 / len(losing) if seat in losing
                                      else 1 / (6 - len(losing)))


def test_utilities_and_length_are_declared():
    game = pyspiel.load_game("durakc_transfer", {"players": 4})
    assert (game.min_utility(), game.max_utility()) == pytest.approx((-1.0, 1 / 3))
    assert game.utility_sum() == 0.0
    assert game.max_game_length() == game_module.MAX_ACTIONS + game_module.SEED_BYTES
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


def test_a_game_reaching_the_step_cap_ends_as_a_draw(monkeypatch):
    monkeypatch.setattr(game_module, "MAX_ACTIONS", 10)
    state = play_randomly(dealt("transfer", 3, 9), random.Random(0))
    assert not state.game.is_over
    assert len(state.history()) == 10 + game_module.SEED_BYTES
    assert state.returns() == [0.0, 0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL


def test_the_information_state_is_what_the_seat_saw():
    state = dealt("transfer", 2, 21)
    rng = random.Random(4)
    play_randomly(state, rng, until=lambda s: len(s.game.history) >= 12)
    seat = state.current_player()
    text = state.information_state_string(seat)
    for action in state.game.history:
        assert action in text           # every public action, with who made it
    assert f"own hands: 1:{' '.join(durakc.engines.load('transfer').new_game(2, 21).hands[seat])}" \
        in text                         # the dealt hand, as the seat saw it
    other = 1 - seat
    assert " ".join(state.game.hands[other]) not in state.information_state_string(seat) or \
        not state.game.hands[other]
    # the observation string is the current view only: no history
    assert "public:" not in state.observation_string(seat)


def test_the_information_state_tensor_records_takes_by_seat():
    rng = random.Random(0)
    for seed in range(30):
        state = dealt("podkidnoy", 2, seed)
        play_randomly(state, rng, until=lambda s: "take" in s.game.history[-1:])
        if state.is_terminal():
            continue
        taker = state.game.defender
        play_randomly(state, rng, until=lambda s: not s.game.table)  # the round ends
        if state.is_terminal():
            continue
        game = pyspiel.load_game("durakc_podkidnoy", {"players": 2})
        obs = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
        for seat in (0, 1):
            obs.set_from(state, seat)
            took = obs.dict["taken_by"].reshape(6, 36)
            slot = (taker - seat) % 2
            assert took[slot].sum() >= 2 and took.sum() == took[slot].sum()
        return
    pytest.fail("no take in 30 random games")


def test_a_closed_discard_leaves_finished_rounds_out_of_the_information_state():
    state = dealt("closed-discard", 2, 3)
    rng = random.Random(2)
    play_randomly(state, rng, until=lambda s: s.game.discard and not s.game.table)
    seat = state.current_player()
    first = state.game.history[0]
    text = state.information_state_string(seat)
    assert first.split()[0] == "attack"
    assert "public: " in text and f":{first}" not in text.split("public: ")[1]
    assert "own hands" not in text


@pytest.mark.parametrize("variant", ["transfer", "open-hands", "closed-discard"])
def test_resampling_keeps_the_seats_information_state(variant):
    rng = random.Random(5)
    state = play_randomly(dealt(variant, 3, 8), rng, until=lambda s: len(s.game.history) >= 9)
    seat = state.current_player()
    draws = iter([0.1, 0.5, 0.9])
    worlds = [state.resample_from_infostate(seat, lambda: next(draws)) for _ in range(3)]
    def hidden_and_held(g):
        return sorted([c for h in g.hands for c in h] + list(g.stock))

    cards = hidden_and_held(state.game)
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
        assert hidden_and_held(world.game) == cards
        assert world.game.hands[seat] == state.game.hands[seat]
        if variant == "open-hands":
            assert world.game.hands == state.game.hands
    if variant == "transfer":
        assert any(w.game.hands != state.game.hands for w in worlds)
    # the original is untouched by playing on in a world
    before = state.information_state_string(seat)
    play_randomly(worlds[0], rng)
    assert state.information_state_string(seat) == before


def test_a_spec_file_is_a_game(tmp_path):
    spec = tmp_path / "five-cards.yaml"
    spec.write_text("name: five-cards\ntitle: Transfer, five cards\nextends: transfer\n"
                    "rules:\n  deal:\n    hand_size: 5\n", encoding="utf-8")
    game = dos.load_game(str(spec), players=3)
    assert game.get_type().short_name == "durakc_five_cards"
    state = game.new_initial_state()
    for byte in (0, 0, 0, 1):
        state.apply_action(byte)
    assert all(len(h) == 5 for h in state.game.hands)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_tensors_openspiel_reads_are_the_observers_whole_tensors():
    # OpenSpiel sizes a Python game's tensors by its observer's named blocks: a block name
    # used twice (the information state's record and the observation's `took`) once made
    # it read 947 of the 948 numbers
    game = pyspiel.load_game("durakc_transfer", {"players": 3})
    assert game.observation_tensor_size() == 300
    assert game.information_state_tensor_size() == 300 + 4 * 6 * 36
    state = play_randomly(dealt("transfer", 3, 2), random.Random(1),
                          until=lambda s: len(s.game.history) >= 15)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    for seat in range(3):
        observer.set_from(state, seat)
        assert list(state.information_state_tensor(seat)) == list(observer.tensor)
        assert sum(state.information_state_tensor(seat)[300:]) > 0


def test_without_openspiel_the_import_names_the_extra():
    code = ("import sys; sys.modules['pyspiel'] = None\n"
            "try:\n    import durakc.openspiel\nexcept ImportError as e:\n    print(e)")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert "pip install 'durakc[openspiel]'" in run.stdout, run.stderr


@pytest.mark.parametrize("variant", ["redeal-on-request", "poker", "trump-six", "siege",
                                     "changeable-trump"])
def test_every_engine_action_has_its_mover_recorded(variant):
    # the public record pairs the observation's history with the movers by position
    state = dealt(variant, 3, 17)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        assert len(state.movers) == len(state.game.history)
