"""Issue 33 item 3: each seat's information state (durakc.rl.infostate), a string and a
fixed-size tensor from the engine contract only: equal on the Python and native engines,
one size for a whole game, hiding what the spec hides (HR25), recording who took what."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")

import durakc.engines
from durakc.cards import printed
from durakc.rl.encoding import DurakEncoding
from durakc.rl.infostate import (
    RECORD_BLOCKS,
    ActionRecord,
    RecordedGame,
    information_state_shape,
    information_state_size,
    information_state_slices,
    information_state_string,
    information_state_tensor,
)

CAP = 400  # actions per random game (a game of 4 can go round for long)


def native_engine(name: str):
    """The native (C) engine of a bundled variant; skipped, with the reason, without a compiler."""
    from durakc.native.build import unavailable_reason
    reason = unavailable_reason()
    if reason:
        pytest.skip(reason)
    from durakc.native import load_native
    return load_native(name)


def random_actions(recorded, rng, until=lambda r: False):
    """Play random legal actions (chosen by sorted text) until the game ends, `until` holds
    or CAP actions; yields before each action."""
    for _ in range(CAP):
        if recorded.game.is_over or until(recorded):
            return
        yield
        recorded.apply(rng.choice(sorted(str(a) for a in recorded.game.legal_actions())))


def block(vec, engine, name, players, seat_slot):
    """Seat slot `seat_slot`'s part of record block `name` of a tensor."""
    enc = DurakEncoding(engine)
    part = vec[information_state_slices(engine)[name]]
    return part.reshape(enc.max_players, enc.n_held)[seat_slot]


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variant", ["transfer", "podkidnoy", "closed-discard"])
def test_python_and_native_engines_give_the_same_information_state(variant, players):
    py, nat = durakc.engines.load(variant), native_engine(variant)
    shape = information_state_shape(py, players)
    assert information_state_shape(nat, players) == shape
    verbs = set()
    for seed in (3, 11):
        a = RecordedGame(py.new_game(players, seed), py)
        b = RecordedGame(nat.new_game(players, seed), nat)
        rng = random.Random(seed)
        for step in range(CAP):
            for seat in range(players):
                assert information_state_string(a, seat) == information_state_string(b, seat)
                ta, tb = information_state_tensor(a, seat), information_state_tensor(b, seat)
                assert ta.shape == tb.shape == shape and ta.dtype == np.float32
                assert np.array_equal(ta, tb), (seed, step, seat)
            if a.game.is_over:
                break
            legal = sorted(str(x) for x in a.game.legal_actions())
            assert sorted(str(x) for x in b.game.legal_actions()) == legal
            action = rng.choice(legal)
            a.apply(action)
            b.apply(action)
        assert b.game.history == a.game.history and step > 10
        verbs.update(h.split()[0] for h in a.game.history)
    # the games cover takes (and, in transfer, transfers): the record blocks are exercised
    assert "take" in verbs and ("transfer" in verbs or variant != "transfer")


@pytest.mark.parametrize("variant", durakc.engines.ENGINES)
def test_every_bundled_variant_gives_the_same_information_state_on_both_backends(variant):
    """Jokers, wild cards, swaps, shows, teams, closed and open views: the first 60 actions of
    a seeded game at the fewest seats, every seat at every step."""
    py = durakc.engines.load(variant)
    reason = _native_refusal(variant)
    if reason:
        pytest.skip(reason)
    nat = native_engine(variant)
    players = py.VARIANT["rules"].get("players.min", 2)
    a, b = (RecordedGame(e.new_game(players, 1), e) for e in (py, nat))
    rng = random.Random(1)
    for _ in range(60):
        for seat in range(players):
            assert information_state_string(a, seat) == information_state_string(b, seat)
            assert np.array_equal(information_state_tensor(a, seat), information_state_tensor(b, seat))
        if a.game.is_over:
            break
        action = rng.choice(sorted(str(x) for x in a.game.legal_actions()))
        a.apply(action)
        b.apply(action)


def _native_refusal(variant: str):
    """Why the bundled variant has no C engine (tests/engine_backend.py), or None."""
    import sys
    tests = str(Path(__file__).resolve().parents[1])
    if tests not in sys.path:
        sys.path.insert(0, tests)
    from engine_backend import native_refusal
    return native_refusal(variant)


def test_the_tensor_has_one_size_for_every_state_and_player_count():
    engine = durakc.engines.load("transfer")
    enc = DurakEncoding(engine)
    size = information_state_size(engine)
    assert size == enc.layout.size + len(RECORD_BLOCKS) * enc.max_players * enc.n_held
    assert size == 300 + 4 * 6 * 36
    for players in (2, 3, 6):
        assert information_state_shape(engine, players) == (size,)
        rec = RecordedGame(engine.new_game(players, 5), engine)
        for _ in random_actions(rec, random.Random(players)):
            assert information_state_tensor(rec, rec.game.to_move).shape == (size,)
        assert all(information_state_tensor(rec, s).shape == (size,) for s in range(players))
    with pytest.raises(ValueError):
        information_state_size(engine, players=7)  # transfer seats 2 to 6


def test_the_record_names_the_seat_that_made_each_action():
    engine = durakc.engines.load("podkidnoy")
    rec = RecordedGame(engine.new_game(4, 2), engine)
    seen = []
    for _ in random_actions(rec, random.Random(2)):
        seen.append(rec.game.to_move)
    assert rec.movers == seen and len(seen) == len(rec.game.history)
    text = information_state_string(rec, 0)
    record = text.split("\npublic: ")[1].split("\n")[0]
    assert record == " ".join(f"{m}:{a}" for m, a in zip(seen, rec.game.history))


def test_an_illegal_action_leaves_the_record_unchanged():
    engine = durakc.engines.load("transfer")
    rec = RecordedGame(engine.new_game(2, 1), engine)
    before = (list(rec.movers), [list(h) for h in rec.own_hands], information_state_string(rec, 0))
    with pytest.raises(engine.IllegalAction):
        rec.apply("take")  # nobody defends before the opening attack
    assert (rec.movers, rec.own_hands, information_state_string(rec, 0)) == before


def test_an_engine_game_alone_is_refused_with_the_reason():
    engine = durakc.engines.load("transfer")
    with pytest.raises(TypeError, match="RecordedGame"):
        information_state_string(engine.new_game(2, 1), 0, encoding=engine)


def _through_first_take(engine, players, seed):
    """A recorded game just after its first round that ended in a take, with the taker and
    the cards picked up (the table then, as printed cards); None if there was none."""
    rec = RecordedGame(engine.new_game(players, seed), engine)
    rng = random.Random(seed)
    taker = None
    while not rec.game.is_over and len(rec.movers) < CAP:
        action = rng.choice(sorted(str(a) for a in rec.game.legal_actions()))
        table = [c.split("/")[0] for pair in rec.game.table for c in pair if c]
        defender = rec.game.defender
        rec.apply(action)
        verb, *cards = action.split()
        if taker is None and verb == "take":
            taker = defender
        if taker is not None and not rec.game.table:  # the round is over: picked up
            return None if rec.game.is_over else (rec, taker, table + (
                [c.split("/")[0] for c in cards] if verb == "throw" else []))
    return None


@pytest.mark.parametrize("players", [2, 4])
def test_a_take_records_who_took_which_cards(players):
    engine = durakc.engines.load("podkidnoy")
    enc = DurakEncoding(engine)
    for seed in range(40):
        found = _through_first_take(engine, players, seed)
        if found is None:
            continue
        rec, taker, picked = found
        for seat in range(players):
            vec = information_state_tensor(rec, seat)
            slot = (taker - seat) % players
            expected = np.zeros(enc.n_held, np.float32)
            for card in picked:
                expected[enc.card_index(card)] += 1
            assert np.array_equal(block(vec, engine, "taken_by", players, slot), expected)
            others = vec[information_state_slices(engine)["taken_by"]].sum() - expected.sum()
            assert others == 0  # nobody else took anything
            assert f"{taker}:take" in information_state_string(rec, seat)
        return
    pytest.fail("no take in 40 random games")


def test_a_closed_discard_keeps_finished_rounds_out_of_the_information_state():
    """HR25: nobody may look at the discard pile; a seat sees how many cards it holds, but
    neither those cards nor the actions of finished rounds, only the current round's.  The
    same deal and actions in podkidnoy (an open pile) show all of them."""
    closed_engine, open_engine = (durakc.engines.load(v) for v in ("closed-discard", "podkidnoy"))
    players = 3
    closed = RecordedGame(closed_engine.new_game(players, 6), closed_engine)
    opened = RecordedGame(open_engine.new_game(players, 6), open_engine)
    assert closed.game.hands == opened.game.hands
    rng, round_start = random.Random(6), 0
    while not (closed.game.discard and closed.game.table) and not closed.game.is_over:
        if not closed.game.table:
            round_start = len(closed.game.history)  # this action opens a round
        action = rng.choice(sorted(str(a) for a in closed.game.legal_actions()))
        closed.apply(action)
        opened.apply(action)
    assert closed.game.discard and closed.game.table, "no second round with a discard"
    pairs = list(zip(closed.movers, closed.game.history))
    discarded = {c.split("/")[0] for c in closed.game.discard}
    slices = information_state_slices(closed_engine)
    for seat in range(players):
        text = information_state_string(closed, seat)
        record = text.split("\npublic: ")[1].split("\n")[0]
        assert record == " ".join(f"{m}:{a}" for m, a in pairs[round_start:])
        assert "own hands" not in text and '"discard":null' in text
        assert f'"discard_size":{len(closed.game.discard)}' in text
        open_text = information_state_string(opened, seat)
        assert open_text.split("\npublic: ")[1].split("\n")[0] == " ".join(
            f"{m}:{a}" for m, a in pairs)
        vec, open_vec = information_state_tensor(closed, seat), information_state_tensor(opened, seat)
        enc = DurakEncoding(closed_engine)
        played = vec[slices["played_by"]].reshape(enc.max_players, enc.n_held).sum(axis=0)
        open_slice = information_state_slices(open_engine)["played_by"]
        open_played = open_vec[open_slice].reshape(enc.max_players, enc.n_held).sum(axis=0)
        for card in discarded:
            assert played[enc.card_index(card)] == 0   # a finished round's card: unseen
            assert open_played[enc.card_index(card)] >= 1
        assert vec[slices["discard"]].sum() == 0
        assert vec[slices["discard_size"]][0] == len(closed.game.discard)


def test_a_game_with_actions_needs_the_seat_of_each():
    engine = durakc.engines.load("transfer")
    rec = RecordedGame(engine.new_game(2, 8), engine)
    for _ in random_actions(rec, random.Random(8), until=lambda r: len(r.movers) >= 5):
        pass
    restored = engine.Game.from_dict(rec.game.to_dict())
    with pytest.raises(ValueError, match="movers="):
        RecordedGame(restored, engine)
    again = RecordedGame(restored, engine, movers=rec.movers)
    record = information_state_string(again, 0).split("\n")[1]
    assert record == information_state_string(rec, 0).split("\n")[1]


@pytest.mark.parametrize("variant", ["transfer", "closed-discard"])
def test_other_hands_and_the_stock_order_are_not_in_it(variant):
    """A world the seat can not tell from the true one (the other hands and the hidden
    stock dealt again) has the seat's information state, string and tensor alike."""
    from durakc.sim.determinize import determinize, public_cards
    engine = durakc.engines.load(variant)
    rec = RecordedGame(engine.new_game(3, 12), engine)
    for _ in random_actions(rec, random.Random(12), until=lambda r: len(r.movers) >= 14):
        pass
    seat = rec.game.to_move
    worlds = [determinize(rec.game, seat, public_cards(rec.game), random.Random(n))
              for n in range(3)]
    assert any(w.hands != rec.game.hands for w in worlds)
    for world in worlds:
        other = RecordedGame(world, engine, movers=rec.movers)
        other.record.own_hands[seat] = list(rec.own_hands[seat])  # what the seat itself saw
        assert information_state_string(other, seat) == information_state_string(rec, seat)
        assert np.array_equal(information_state_tensor(other, seat),
                              information_state_tensor(rec, seat))


@pytest.mark.parametrize("variant", ["podkidnoy", "proyezdnoy", "transfer", "closed-discard"])
def test_the_running_tally_equals_the_record_read_whole_at_every_step(variant):
    """The tensor's record blocks come from a tally fed one action at a time (a step costs
    the same late in a game as early); at every step of random games they equal the blocks
    read from the whole public record (card_record), for every seat."""
    engine = durakc.engines.load(variant)
    for players, seed in ((2, 3), (4, 8)):
        rec = RecordedGame(engine.new_game(players, seed), engine)
        for _ in random_actions(rec, random.Random(seed)):
            for seat in range(players):
                fast = information_state_tensor(rec, seat)
                whole = information_state_tensor(_Unrecorded(rec), seat)
                assert np.array_equal(fast, whole), (variant, players, seat, len(rec.movers))
            history = rec.game.observation(0)["history"]
            if len(history) == len(rec.movers):  # the seat recalls the whole game
                tally = rec.record.tally_of(history).counts(not rec.game.table)
                assert tally == _blocks_by_hand(list(zip(rec.movers, history)),
                                                not rec.game.table)


def _blocks_by_hand(record, round_over):
    """The record blocks counted by a loop of their own (the oracle of the tally): cards
    played, transferred, taken (a round ended by a take, once the next opens), shown."""
    played, transferred, taken, shown = ({} for _ in RECORD_BLOCKS)
    round_cards, taker = [], None

    def add(block, seat, cards):
        for card in cards:
            block[seat, card] = block.get((seat, card), 0) + 1

    for mover, text in record:
        verb, *words = text.split()
        cards = [printed(c) for c in words][1:] if verb == "beat" else \
            [printed(c) for c in words]
        if verb in ("attack", "swap", "exchange", "redeal", "keep", "resign"):
            if taker is not None:
                add(taken, taker, round_cards)
            round_cards, taker = [], None
        if verb in ("attack", "throw", "transfer", "beat"):
            add(played, mover, cards)
            round_cards += cards
            if verb == "transfer":
                add(transferred, mover, cards)
        elif verb == "show":
            add(shown, mover, cards)
        elif verb == "take":
            taker = mover
    if round_over and taker is not None:
        add(taken, taker, round_cards)
    return [played, transferred, taken, shown]


class _Unrecorded:
    """A RecordedGame seen without its ActionRecord: the tensor is read from the whole
    public record (the path without a tally)."""

    def __init__(self, rec):
        self.game, self.movers, self.own_hands, self.encoding = (
            rec.game, rec.movers, rec.own_hands, rec.encoding)


def test_a_determinized_openspiel_clone_keeps_its_own_tally():
    """ActionRecord.only copies the tally: feeding the copy leaves the original as it was."""
    record = ActionRecord(2)
    record.movers.extend([0, 1])
    assert record.tally_of(["attack 6S", "beat 6S 7S"]) is not None
    copy = record.only(0)
    copy.movers.append(0)
    copy.tally_of(["attack 6S", "beat 6S 7S", "attack 7D"])
    assert record.tally.fed == 2 and copy.tally.fed == 3
    assert copy.tally.round_cards != record.tally.round_cards


def test_an_out_of_turn_catch_is_recorded_as_the_catchers():
    """HR34: a catch is made by the seat its text names, not by the seat to move."""
    engine = durakc.engines.load("cheating")
    rec = RecordedGame(engine.new_game(3, 1), engine)
    rng = random.Random(1)
    for _ in random_actions(rec, rng, until=lambda r: any(
            r.game.out_of_turn_actions(s) for s in r.game.actors()[1:])):
        pass
    seat = next(s for s in rec.game.actors()[1:] if rec.game.out_of_turn_actions(s))
    catch = str(rec.game.out_of_turn_actions(seat)[0])
    assert catch.split()[:2] == ["catch", str(seat)] and seat != rec.game.to_move
    rec.apply(catch)
    assert rec.movers[-1] == seat and rec.game.history[-1] == catch
    assert information_state_string(rec, seat).split("public: ")[1].split("\n")[0].endswith(
        f"{seat}:{catch}")
