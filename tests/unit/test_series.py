"""The series capability (L1-L3, H1-H3): spec errors for nonsense combinations, the
reference's rules from the rule text, and an engine against the reference over a long series."""

from __future__ import annotations

import random

import pytest

from durakc import reference
from durakc.diagnostics import SpecError
from durakc.reference.differential import play_pair
from durakc.spec import load_spec

HEAD = "name: mine\ntitle: Mine\nextends: {parent}\nrules:\n"
LADDER = '"8 if losses >= 3 else 7 if losses == 2 else hand_size"'


def _errors(tmp_path, rules: str, parent: str = "transfer") -> list[str]:
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD.format(parent=parent) + rules, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


# -- spec errors: combinations that make no sense ---------------------------------------------
def test_a_ladder_deal_that_outgrows_the_deck_is_an_error_at_the_value(tmp_path):
    # L3: 8 cards for each of 5 players is 40 of 36 cards.
    (diag,) = _errors(tmp_path, f"  players: {{max: 5}}\n  deal: {{initial_hand: {LADDER}}}\n")
    first = diag.splitlines()[0]
    assert first.startswith(f"{tmp_path / 'mine.yaml'}:6:25: error: ")
    assert "the deal does not fit" in first and "8 cards (3 losses)" in first
    assert "5 players, 40, but the deck has 36 cards" in first
    assert "^" in diag  # the source line and a caret follow


def test_a_deal_that_grows_with_every_loss_is_an_error(tmp_path):
    (diag,) = _errors(tmp_path, "  players: {max: 2}\n  deal: {initial_hand: \"6 + losses\"}\n")
    assert "the deal does not fit" in diag


def test_a_seat_dealt_no_card_is_an_error(tmp_path):
    (diag,) = _errors(tmp_path, "  deal: {initial_hand: \"6 - losses\"}\n")
    assert "gives 0 cards with 2 players and 6 losses; every seat needs at least 1" in diag


def test_initial_hand_with_the_whole_deck_dealt_is_an_error(tmp_path):
    (diag,) = _errors(tmp_path, "  deal: {initial_hand: \"7\"}\n", parent="railroad")
    assert "deal.initial_hand is only used when deal.mode is hands (it is all_but_one)" in diag


def test_a_redeal_condition_that_always_holds_is_an_error(tmp_path):
    (diag,) = _errors(tmp_path, "  deal: {redeal_if: \"cards >= 0 or true\"}\n")
    assert "deal.redeal_if is always true" in diag


def test_all_errors_are_reported_at_once(tmp_path):
    diags = _errors(tmp_path, "  players: {max: 5}\n"
                              f"  deal: {{initial_hand: {LADDER}, redeal_if: \"true\"}}\n")
    assert len(diags) == 2


def test_names_of_the_new_environments_are_checked_with_a_suggestion(tmp_path):
    (diag,) = _errors(tmp_path, "  deal: {redeal_if: \"longest_suits >= 5\"}\n")
    assert "unknown name 'longest_suits' (did you mean 'longest_suit'?)" in diag


# -- the reference, from the rule text ---------------------------------------------------------
def _ended_game(engine, losses, hands, players=2):
    """A position in which seat 0 attacks with its last card, seat 1 can not beat and takes."""
    position = {"players": players, "trump": "C", "stock": [], "attacker": 0, "hands": hands}
    if losses is not None:
        position["losses"] = losses
    game = engine.from_position(position)
    game.apply("attack 6S")
    game.apply("take")
    assert game.is_over
    return game


def test_l1_l2_the_ladder_counts_and_deals():
    engine = reference.load("ladder")
    game = _ended_game(engine, [3, 1], [["6S"], ["7H", "8H"]])
    assert game.loser == 1 and game.losses == [3, 2]  # L1
    following = game.next_game(seed=5)
    assert following.losses == [3, 2]  # L1: carried
    assert [len(h) for h in following.hands] == [8, 7]  # L2
    assert len(following.stock) == 36 - 15


def test_l1_only_a_variant_naming_losses_counts_them():
    game = _ended_game(reference.load("transfer"), None, [["6S"], ["7H", "8H"]])
    assert game.losses == [0, 0]  # the contract's trivial value


def test_h2_the_losers_right_attacks_the_loser():
    engine = reference.load("teach-the-fool")
    game = engine.from_position({"players": 4, "trump": "C", "stock": [], "attacker": 1,
                                 "hands": [[], ["6S"], ["7H", "8H"], []]})
    game.apply("attack 6S")
    game.apply("take")
    assert game.loser == 2
    following = game.next_game(seed=1)
    assert (following.attacker, following.defender) == (1, 2)


def test_h3_no_lopsided_hand_and_unchanged_deals_otherwise():
    lopsided, plain = reference.load("lopsided-redeal"), reference.load("podkidnoy")
    redealt = 0
    for seed in range(40):
        game, base = lopsided.new_game(4, seed), plain.new_game(4, seed)
        suits = [max(sum(c[-1] == s for c in h) for s in "SHDC") for h in base.hands]
        if max(suits) < 5:
            assert game.hands == base.hands  # nothing to redeal: the same deal (as P3's redeal)
        else:
            redealt += 1
        assert all(max(sum(c[-1] == s for c in h) for s in "SHDC") < 5 for h in game.hands)
    assert redealt  # the seeds include lopsided deals


def test_h1_the_limit_reads_the_discard_pile():
    engine = reference.load("five-until-discard")
    assert engine.new_game(3, seed=2).limit == 5
    position = {"players": 2, "trump": "C", "stock": [], "attacker": 0,
                "hands": [["6S"], ["7S", "8H"]]}  # every other card counts as discarded
    assert engine.from_position(position).limit == 6


def test_positions_refuse_bad_losses():
    engine = reference.load("ladder")
    with pytest.raises(ValueError, match="losses must be a list of 2 whole numbers"):
        engine.from_position({"players": 2, "trump": "C", "stock": [], "attacker": 0,
                              "hands": [["6S"], ["7S"]], "losses": [1, -1]})



@pytest.mark.parametrize("losses, message", [
    ([1, -1], "a loss count must be a whole number from 0"),
    ([1], "losses must be a list of 2 whole numbers"),
    ("none", "losses must be a list of 2 whole numbers"),
])
def test_engines_refuse_bad_losses_of_a_position_and_a_saved_game(losses, message):
    """The declared `seat_ints` state `losses` (capabilities/state.py) is read alike from a
    position and from a saved game: each seat's count a whole number from 0 (L1)."""
    import importlib
    engine = importlib.import_module("durakc.engines.ladder")
    position = {"players": 2, "trump": "C", "stock": [], "attacker": 0,
                "hands": [["6S"], ["7S"]], "losses": [2, 3]}
    game = engine.from_position(position)
    assert game.losses == [2, 3] and game.to_dict()["losses"] == [2, 3]
    with pytest.raises(engine.InvalidGame, match=message):
        engine.from_position({**position, "losses": losses})
    with pytest.raises(engine.InvalidGame, match=message):
        engine.Game.from_dict({**game.to_dict(), "losses": losses})

# -- engine and reference over a long series (the ladder's 7 and 8 card deals) ----------------
@pytest.mark.parametrize("name", ["ladder", "teach-the-fool", "lopsided-redeal"])
def test_engine_and_reference_agree_over_long_series(name):
    import importlib

    engine = importlib.import_module("durakc.engines." + name.replace("-", "_"))
    ref = reference.load(name)
    rng = random.Random(7)
    for players in (2, 3, 4):
        seed = rng.randrange(10**6)
        _, _, divergence = play_pair(engine, ref, players, seed, series=8)
        assert divergence is None, divergence.describe()


# -- the series keys with the other structural capabilities -----------------------------------
SERIES_RULES = ("  deal:\n    initial_hand: \"(7 if players <= 4 else 5) if losses >= 1 "
                "else hand_size\"\n"
                "    redeal_if: \"longest_suit >= 5\"\n"
                "  series: {first_attacker: right_of_loser}\n"
                "  attack: {limit: \"5 if discard == 0 else 6\"}\n")


def test_a_hidden_trump_needs_two_cards_left_by_the_ladders_deal(tmp_path):
    # CT3: 9 cards for each of 4 players leave no card for the face-up and the hidden trump.
    (diag,) = _errors(tmp_path, "  players: {max: 4}\n"
                                "  deal: {initial_hand: \"9 if losses >= 3 else hand_size\"}\n",
                      parent="changeable-trump")
    assert "the deal does not fit" in diag and "trump.hidden_second needs two of them" in diag


def test_personal_trumps_refuse_a_redeal_by_trumps(tmp_path):
    (diag,) = _errors(tmp_path, "  deal: {redeal_if: \"trumps >= 4\"}\n", parent="svoi-kozyri")
    assert "deal.redeal_if reads trumps, but trump.mode per_seat" in diag


@pytest.mark.parametrize("parent,players", [
    ("pairs", [4]), ("teams-of-three", [6]), ("siege", [2, 3, 4]), ("weli", [2, 3, 4]),
    ("changeable-trump", [2, 3, 4]), ("svoi-kozyri", [2, 3, 4]),
])
def test_series_keys_over_each_structural_variant_agree_with_the_reference(tmp_path, parent,
                                                                          players):
    from durakc.reference.differential import compile_engine, run

    path = tmp_path / "mine.yaml"
    path.write_text(HEAD.format(parent=parent) + f"  players: {{max: {max(players)}}}\n"
                    + SERIES_RULES, encoding="utf-8")
    spec = load_spec(path)
    engine, ref = compile_engine(spec), reference.module_for(spec)
    assert "_read_seat_ints" in engine.__dict__ and "_redeal_needed" in engine.__dict__
    summary = run(engine, ref, players, 12, seed=3, series=6)
    assert not summary.divergences, summary.divergences[0].describe()
    game = engine.new_game(players[0], seed=1)
    want = [0] * players[0]
    for k in range(6):  # L1: the durak's seat counts; PR6: with teams every seat of its team
        while not game.is_over:
            game.apply(game.legal_actions()[0])
        if not game.is_draw:
            seats = [game.loser] if game.teams is None else game.teams[game.losing_team]
            for seat in seats:
                want[seat] += 1
        assert game.losses == want, (k, game.losses, want)
        game = game.next_game(seed=k)
        assert game.losses == want  # carried
