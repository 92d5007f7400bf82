"""The shared RL encoding (docs/rl.md): exact action indices, the observation layout."""

from __future__ import annotations

import random
import subprocess
import sys
import types
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import durakc.engines
from durakc.loading.engines import load_engine, player_range
from durakc.rl.encoding import DurakEncoding

REPO = Path(__file__).resolve().parents[2]


def _random_states(name, players, games, seed):
    """Every state of `games` random games (each game seen before each action)."""
    engine = load_engine(name)
    rng = random.Random(seed)
    for g in range(games):
        game = engine.new_game(players, seed=seed * 1000 + g)
        while not game.is_over:
            yield game
            # play the game out: `resign` (HR24) is indexed at every state, never chosen
            game.apply(rng.choice([a for a in game.legal_actions() if str(a) != "resign"]))
        yield game


# Variants whose rules the encoding does not cover: a clear refusal, never a crash.
REFUSED: dict[str, str] = {}


@pytest.mark.parametrize("name", durakc.engines.ENGINES)
def test_legal_actions_map_one_to_one_onto_indices(name):
    if name in REFUSED:
        with pytest.raises(ValueError, match=REFUSED[name]):
            DurakEncoding(name)
        return
    encoding = DurakEncoding(name)
    low, high = player_range(encoding.engine)
    states = 0
    for players in sorted({low, max(low, min(high, 4)), high}):
        for game in _random_states(name, players, games=3, seed=players):
            legal = game.legal_actions()
            indices = [encoding.action_index(a) for a in legal]
            assert len(set(indices)) == len(indices), (name, [str(a) for a in legal])
            assert all(0 <= i < encoding.num_actions for i in indices)
            assert [encoding.action_text(i) for i in indices] == [str(a) for a in legal]
            mask = encoding.action_mask(game)
            assert mask.dtype == np.int8 and mask.sum() == len(legal)
            assert sorted(np.flatnonzero(mask)) == sorted(indices)
            assert {i: str(a) for i, a in encoding.legal_indices(game).items()} == {
                i: str(a) for i, a in zip(indices, legal)}
            states += 1
    assert states > 100


@pytest.mark.parametrize("name", ["transfer", "mini", "durak52", "weli", "poker", "trump-six",
                                  "treshka", "two-decks"])
def test_every_index_decodes_to_a_text_that_encodes_back(name):
    encoding = DurakEncoding(name)
    texts = [encoding.action_text(i) for i in range(encoding.num_actions)]
    assert len(set(texts)) == encoding.num_actions
    assert [encoding.action_index(t) for t in texts] == list(range(encoding.num_actions))


def test_a_large_condition_block_round_trips_at_its_size_boundaries():
    """HR8 (threes-and-fives: openings of 1, 3 or 5 cards): 36 + 7,140 + 376,992 = 384,168
    indices, too many to decode one by one here; every 101st index and each size's first
    and last decode to a text that encodes back."""
    encoding = DurakEncoding("threes-and-fives")
    assert encoding.subsets.sizes == (1, 3, 5) and encoding.subsets.size == 384_168
    start = encoding.offsets["attack"]
    edges = [start + e for b in (0, 36, 36 + 7_140, 384_168) for e in (b - 1, b)
             if 0 <= e < 384_168]
    indices = sorted({*range(0, encoding.num_actions, 101), *edges, encoding.num_actions - 1})
    texts = [encoding.action_text(i) for i in indices]
    assert [encoding.action_index(t) for t in texts] == indices
    assert encoding.action_text(start + 36) == "attack 6S 6H 6D"
    assert encoding.action_text(start + 36 + 7_140) == "attack 6S 6H 6D 6C 7S"
    assert encoding.action_text(start + 384_167) == "attack KC AS AH AD AC"


@pytest.mark.parametrize("name", ["transfer", "mini", "durak52"])
def test_sizes_follow_the_documented_formula(name):
    encoding = DurakEncoding(name)
    rules = encoding.engine.VARIANT["rules"]
    r, s, p = len(rules["deck.ranks"]), len(rules["deck.suits"]), rules["players.max"]
    n = r * s
    assert encoding.num_actions == 2 * r * (2**s - 1) + n * n + 2 * n + 2
    assert encoding.layout.size == 7 * n + (s + 1) + 6 * p + 4 + 3


def test_documented_indices_of_the_36_card_deck():
    """docs/rl.md: cards are rank-major with suits S H D C; blocks in a fixed order."""
    enc = DurakEncoding("transfer")
    assert enc.num_actions == 1640
    assert enc.action_index("attack 6S") == 0
    assert enc.action_index("attack 6S 6H") == 2          # suit set {S, H} = 0b0011
    assert enc.action_index("attack 7H") == 15 + 1        # rank 7 is the second rank
    assert enc.action_index("attack AS AH AD AC") == 134
    assert enc.action_index("throw 6S") == 135
    assert enc.action_index("beat 6S 6H") == 171 + 0 * 36 + 1
    assert enc.action_index("beat AC AC") == 171 + 36 * 36 - 1
    assert enc.action_index("transfer 10D") == 1467 + 4 * 15 + 3
    assert enc.action_index("show AC") == 1602 + 35
    assert (enc.action_index("take"), enc.action_index("pass")) == (1638, 1639)
    assert enc.action_text(enc.action_index("attack 10H 10C")) == "attack 10H 10C"


def test_wild_cards_are_played_identities_after_the_printed_cards():
    """docs/rl.md, wild cards (W2): `6S/H` is its own card on the table; the attack block
    gains one single-card attack per (wild card, named suit); sizes grow by W x S."""
    enc = DurakEncoding("weli")
    n, played = 36, 36 + 4 * 4
    assert enc.wild_cards == ("6S", "6H", "6D", "6C")
    assert enc.played_index("9D") == enc.card_index("9D")
    assert enc.played_index("6S/S") == n and enc.played_index("6H/D") == n + 1 * 4 + 2
    assert enc.num_actions == (9 * 15 + 16) + played + played * played + 9 * 15 + n + 2
    assert enc.action_index("attack 6C/H") == 9 * 15 + 3 * 4 + 1
    assert enc.action_index("throw 6D/S") == enc.offsets["throw"] + n + 2 * 4
    assert enc.action_index("beat 6C/H KH") == (enc.offsets["beat"] + (n + 13) * played
                                                + enc.card_index("KH"))
    assert enc.action_index("attack 7H") == DurakEncoding("podkidnoy").action_index("attack 7H")
    with pytest.raises(ValueError, match="not a card"):
        enc.action_index("attack 7S/H")  # only wild cards name a suit
    game = enc.engine.from_position({
        "players": 2, "trump": "C", "stock": ["7H", "KD", "6C"], "attacker": 0,
        "hands": [["6S", "9C", "10S"], ["9D", "7S", "KH"]], "discard": [], "dealer": 1,
        "first_round": False})
    game.apply("attack 6S/H")
    vector = enc.observation(game, 1)
    assert enc.layout.block(vector, "table_unbeaten")[n] == 0
    assert enc.layout.block(vector, "table_unbeaten")[enc.played_index("6S/H")] == 1
    assert enc.layout.block(vector, "table_attack").sum() == 1
    assert "beat 6S/H KH" in {str(a) for a in enc.legal_indices(game).values()}


@pytest.mark.parametrize("text", ["swap 6S 7S", "attack 6S 7S", "attack 6S 6S", "beat 6S",
                                  "throw 2S", "take 6S"])
def test_actions_outside_the_encoding_are_refused(text):
    with pytest.raises(ValueError):
        DurakEncoding("transfer").action_index(text)


def test_index_out_of_range_is_refused():
    enc = DurakEncoding("transfer")
    with pytest.raises(ValueError, match="outside 0..1639"):
        enc.action_text(1640)


def test_an_engine_without_a_deck_is_refused_with_a_clear_error():
    fake = types.ModuleType("fake_engine")
    fake.VARIANT = {"name": "deckless", "rules": {"deck.jokers": 2}}
    with pytest.raises(ValueError, match="deckless: the engine has no RANKS / SUITS .deck.ranks"):
        DurakEncoding(fake)


def _engine_with_verbs(verbs):
    """The transfer engine's constants under another `VERBS` tuple."""
    fake = types.ModuleType("fake_engine")
    fake.__dict__.update({k: v for k, v in vars(load_engine("transfer")).items()
                          if k.isupper()})
    fake.VERBS = verbs
    return fake


def test_action_blocks_follow_the_engines_verbs(monkeypatch):
    """The blocks come from the engine's VERBS through SHAPES: a verb of a new rule needs one
    line there, and the blocks before it keep their indices."""
    from durakc.rl import encoding
    core = load_engine("transfer").VERBS
    base = DurakEncoding("transfer")
    assert set(base.verbs) == set(core)   # in the order of SHAPES, not of VERBS
    assert list(base.offsets) == ["attack", "throw", "beat", "transfer", "show", "take", "pass"]
    with pytest.raises(ValueError, match="no block for the action verb 'concede'"):
        DurakEncoding(_engine_with_verbs((*core, "concede")))
    monkeypatch.setattr(encoding, "SHAPES", {**encoding.SHAPES, "concede": "bare"})
    monkeypatch.setattr(encoding, "KINDS", tuple(encoding.SHAPES))
    enc = DurakEncoding(_engine_with_verbs((*core, "concede")))
    assert enc.num_actions == base.num_actions + 1
    assert {k: v for k, v in enc.offsets.items() if k != "concede"} == base.offsets
    assert enc.action_index("concede") == 1640 and enc.action_text(1640) == "concede"
    with pytest.raises(ValueError, match="not an action the RL encoding can index"):
        enc.action_index("concede 6S")


def test_jokers_are_held_cards_after_the_ranked_ones():
    """J1: RJ and BJ are card N and N + 1 (hand, discard, throw and beat blocks); a joker
    opens alone (J4): one single-card attack each after the rank/suit-set part."""
    enc = DurakEncoding("jokers")
    n, held = 52, 54
    assert enc.card_texts[n:] == ("RJ", "BJ") and enc.n_held == held == enc.n_played
    assert enc.card_index("BJ") == enc.played_index("BJ") == n + 1
    assert enc.num_actions == (13 * 15 + 2) + held + held * held + 13 * 15 + n + 2
    assert enc.action_index("attack RJ") == 13 * 15 and enc.action_index("attack BJ") == 13 * 15 + 1
    assert enc.action_text(13 * 15 + 1) == "attack BJ"
    assert enc.action_index("beat 5H RJ") == enc.offsets["beat"] + enc.card_index("5H") * held + n
    assert enc.action_index("attack 7H") == DurakEncoding("durak52").action_index("attack 7H")
    with pytest.raises(ValueError):
        enc.action_index("attack RJ BJ")  # jokers open alone, and have no rank/suit set
    game = enc.engine.from_position({
        "players": 2, "trump": "C", "stock": ["7H", "KD", "6C"], "attacker": 0,
        "hands": [["RJ", "9C"], ["5H", "BJ", "KH"]], "discard": [], "dealer": 1,
        "first_round": False})
    vector = enc.observation(game, 1)
    assert list(enc.layout.block(vector, "hand")[n:]) == [0, 1]
    assert enc.layout.block(vector, "discard")[n] == 0  # RJ is in seat 0's hand
    game.apply("attack RJ")
    vector = enc.observation(game, 1)
    assert enc.layout.block(vector, "table_unbeaten")[n] == 1
    assert {str(a) for a in enc.legal_indices(game).values()} == {"beat RJ 5H", "beat RJ KH",
                                                                  "take"}
@pytest.mark.parametrize("name", ["poker", "trump-six"])
def test_swap_and_exchange_blocks_follow_pass(name):
    """PK1-PK3: `swap A B` is pass + 1 + A * N + B (ordered); TX1: `exchange C` pass + 1 + C."""
    enc = DurakEncoding(name)
    n, after_pass = enc.n_cards, enc.offsets["pass"] + 1
    if name == "poker":
        assert enc.num_actions == 1640 + n * n and enc.layout.size == 300 + 6
        first = enc.action_index("swap 7S 6S")
        assert first == after_pass + enc.card_index("7S") * n + enc.card_index("6S")
        assert first != enc.action_index("swap 6S 7S")
        assert enc.action_text(first) == "swap 7S 6S"
        with pytest.raises(ValueError):
            enc.action_index("exchange 6S")
    else:
        assert enc.num_actions == 1640 + n and enc.layout.size == 300 + 1
        assert enc.action_index("exchange 6H") == after_pass + enc.card_index("6H")
        with pytest.raises(ValueError):
            enc.action_index("swap 6S 7S")


def test_swaps_left_and_the_exchange_are_observed():
    poker = DurakEncoding("poker")
    game = poker.engine.from_position({
        "players": 3, "trump": "C", "stock": ["7H", "8S", "9D", "10C"], "attacker": 1,
        "hands": [["6S", "7S"], ["JH", "QD", "KS"], ["6H", "8H"]], "swaps_left": [3, 1, 0]})
    block = poker.layout.block(poker.observation(game, 1), "swaps_left")
    assert list(block) == [1, 0, 3, 0, 0, 0]  # slot k: the seat k places clockwise of seat 1
    six = DurakEncoding("trump-six")
    game = six.engine.from_position({
        "players": 2, "trump": "C", "stock": ["7H", "8S", "KC"], "attacker": 0,
        "hands": [["6C", "7S"], ["6H", "8H"]]})
    assert six.layout.block(six.observation(game, 1), "exchanged")[0] == 0
    game.apply("exchange 6C")
    assert six.layout.block(six.observation(game, 1), "exchanged")[0] == 1
    assert six.layout.block(six.observation(game, 1), "trump_card")[six.card_index("6C")] == 1


def _position_game():
    engine = load_engine("transfer")
    return engine.from_position({
        "players": 3, "trump": "C", "stock": ["7H", "KD", "6C"],
        "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
        "attacker": 0, "discard": ["6S", "6H"], "dealer": 2, "first_round": False})


def test_observation_blocks_hold_what_the_seat_may_know():
    enc = DurakEncoding("transfer")
    game = _position_game()
    game.apply("attack 9C")
    game.apply("transfer 9D")        # seat 1 passes the attack on to seat 2
    vec = enc.observation(game, 1)
    assert vec.shape == (enc.layout.size,) and vec.dtype == np.float32
    block = lambda name: enc.layout.block(vec, name)
    cards = lambda name: {enc.card_texts[i] for i in np.flatnonzero(block(name))}
    assert cards("hand") == {"7S"}
    assert cards("table_attack") == {"9C", "9D"} == cards("table_unbeaten")
    assert cards("table_defence") == set()
    in_play = {"7H", "KD", "6C", "9C", "10S", "QH", "9D", "7S", "9S", "AC", "8D"}
    assert cards("discard") == set(enc.card_texts) - in_play   # cards seen nowhere: discarded
    assert cards("trump_card") == {"6C"}
    assert list(block("trump_suit")) == [0, 0, 0, 1, 0]          # S H D C, none
    # seat blocks are relative to seat 1: slot 0 is seat 1, slot 1 seat 2, slot 2 seat 0
    assert list(block("seats")) == [1, 1, 1, 0, 0, 0]
    assert list(block("hand_sizes")) == [1, 3, 2, 0, 0, 0]
    assert list(block("attacker")) == [1, 0, 0, 0, 0, 0]           # the transferring seat
    assert list(block("defender")) == [0, 1, 0, 0, 0, 0]
    assert list(block("to_move")) == [0, 1, 0, 0, 0, 0]
    assert list(block("phase")) == [0, 1, 0, 0]                    # attack defend throw over
    assert block("stock_size")[0] == 3 and block("took")[0] == 0
    assert (vec <= enc.layout.high).all() and (vec >= 0).all()


def test_took_and_shown_cover_the_current_round_only():
    enc = DurakEncoding("proyezdnoy")
    game = enc.engine.from_position({
        "players": 3, "trump": "D", "stock": ["7H", "KC", "6D"],
        "hands": [["9C", "10S", "QH"], ["9D", "7S"], ["9S", "AC", "8D"]],
        "attacker": 0, "discard": [], "dealer": 2, "first_round": False})
    shown = lambda seat: [enc.card_texts[i] for i in np.flatnonzero(
        enc.layout.block(enc.observation(game, seat), "shown"))]
    took = lambda seat: enc.layout.block(enc.observation(game, seat), "took")[0]
    game.apply("attack 9C")
    game.apply("show 9D")            # S1: seat 1 shows its trump nine and keeps it
    assert shown(0) == shown(2) == ["9D"] and took(0) == 0
    game.apply("take")               # seat 2 gives up
    assert took(1) == 1 and shown(1) == ["9D"]
    while game.table:                # the others may still throw in, then the round closes
        game.apply(game.legal_actions()[-1])
    assert shown(0) == [] and took(0) == 0


def test_importing_compiler_needs_no_rl_extra():
    code = ("import sys\n"
            "for m in ('numpy', 'gymnasium', 'pettingzoo'): sys.modules[m] = None\n"
            "import durakc, durakc.rl\n"
            "try:\n"
            "    durakc.rl.DurakEnv\n"
            "except ImportError as exc:\n"
            "    print(exc)\n")
    result = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "durakc[rl]" in result.stdout and "numpy" in result.stdout



def test_a_condition_opening_block_holds_every_subset_of_the_allowed_sizes():
    """HR7 (treshka: len(cards) == min(3, room)): sizes 1-3 of 36 cards, each size's subsets
    in colexicographic order after the smaller sizes (docs/rl.md)."""
    encoding = DurakEncoding("treshka")
    assert encoding.subsets.sizes == (1, 2, 3)
    assert encoding.offsets["throw"] - encoding.offsets["attack"] == 36 + 630 + 7140
    start = encoding.offsets["attack"]
    assert encoding.action_index("attack 6S") == start
    assert encoding.action_index("attack 6S 6H") == start + 36
    assert encoding.action_index("attack 6S 6H 7S") == start + 36 + 630 + 4
    assert encoding.action_text(start + 36 + 630 + 7139) == "attack AH AD AC"
    with pytest.raises(ValueError):
        encoding.action_index("attack 6S 6H 7S 7H")  # four cards: no opening has them


def test_two_decks_count_copies_in_card_blocks_and_rank_multisets(tmp_path):
    """HR17 (deck.copies: 2): a hand holding both copies of a card shows 2 there; an opening
    or transfer of one rank is a multiset of suits, each digit 0..2 in base 3."""
    encoding = DurakEncoding("two-decks")
    assert encoding.copies == 2 and encoding.suit_sets == 3 ** 4 - 1
    engine = encoding.engine
    deck = [r + s for r in engine.RANKS for s in engine.SUITS]
    rest = [c for c in deck for _ in range(2)]
    hands = [["6S", "6S", "6H", "7C"], ["8S", "8S", "9D"], ["10D", "JD"]]
    for hand in hands:
        for c in hand:
            rest.remove(c)
    game = engine.from_position({"players": 3, "trump": "S", "stock": [], "hands": hands,
                                 "attacker": 0, "discard": rest})
    vec = encoding.observation(game, 0)
    hand = encoding.layout.block(vec, "hand")
    assert hand[encoding.card_index("6S")] == 2 and hand[encoding.card_index("6H")] == 1
    assert (vec <= encoding.layout.high).all()
    # `attack 6S 6S 6H`: rank 0, suit counts S=2, H=1 -> 2 * 1 + 1 * 3 = 5, index 4
    assert encoding.action_index("attack 6S 6S 6H") == encoding.offsets["attack"] + 4
    assert encoding.action_text(encoding.offsets["attack"] + 4) == "attack 6S 6S 6H"
    with pytest.raises(ValueError):
        encoding.action_index("attack 6S 6S 6S")  # three copies of a card that has two
