"""The playthrough format catches an engine that changes behaviour, and says where.

Each test records a game on a bundled engine, then replays it on an engine that differs in
one way (legal action order, a rule, the deal, a card in a hand) and checks that the replay
names the step and the field that differ.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import engine_backend
import playthroughs
from lines import field_differences, parse_step, start_line


class _Game:
    """A game that forwards to a real one, except where a subclass says otherwise."""

    def __init__(self, inner):
        self._inner = inner

    def __getattr__(self, name):
        return getattr(self._inner, name)


class _ReversedLegal(_Game):
    def legal_actions(self):
        return list(reversed(self._inner.legal_actions()))


class _SwappedHandCard(_Game):
    """Seat 0 shows its last card first: the same sizes, other cards in order."""

    @property
    def hands(self):
        hands = [list(h) for h in self._inner.hands]
        hands[0] = hands[0][-1:] + hands[0][:-1]
        return hands


class _Engine:
    """An engine module whose games are wrapped in `wrap` and dealt with `seed + seed_shift`."""

    def __init__(self, module, wrap, seed_shift: int = 0):
        self.VARIANT = module.VARIANT
        self._module, self._wrap, self._shift = module, wrap, seed_shift

    def new_game(self, players, seed):
        game = self._module.new_game(players, seed + self._shift)
        return self._wrap(game) if self._wrap else game


@pytest.fixture(scope="module")
def transfer():
    return engine_backend.load_engine("transfer")


@pytest.fixture(scope="module")
def recorded(transfer):
    return playthroughs.record(transfer, 2, 1001)


def test_an_unchanged_engine_replays_its_recording(transfer, recorded):
    assert playthroughs.replay(transfer, recorded) == []
    assert recorded.steps > 10 and recorded.lines[-1].startswith("end | ")


def test_a_changed_legal_action_order_fails_at_the_first_step(transfer, recorded):
    diffs = playthroughs.replay(_Engine(transfer, _ReversedLegal), recorded)
    assert len(diffs) == 1
    assert diffs[0].startswith(f"step 1 ({parse_step(recorded.lines[2])[2]!r}): legal: expected")
    assert "legal now: [" in diffs[0] and "\n    expected:    1 P" in diffs[0]


def test_another_rule_fails_at_the_first_step_it_changes(recorded):
    """transfer's steps replayed on podkidnoy (no transfers; its own `start` line, since
    to_dict() names the variant): the legal actions differ as soon as a defender could
    transfer, or a transfer is refused."""
    podkidnoy = engine_backend.load_engine("podkidnoy")
    start = start_line(podkidnoy.new_game(recorded.players, recorded.seed))
    assert start.split(" | ")[2] == recorded.lines[1].split(" | ")[2]  # the same deal
    steps = playthroughs.Game(recorded.players, recorded.seed,
                              recorded.lines[:1] + [start] + recorded.lines[2:])
    diffs = playthroughs.replay(podkidnoy, steps)
    assert len(diffs) == 1 and diffs[0].startswith("step ")
    assert ": legal: expected" in diffs[0] or "not a legal action now" in diffs[0]


def test_another_deal_fails_at_new_game(transfer, recorded):
    diffs = playthroughs.replay(_Engine(transfer, None, seed_shift=1), recorded)
    assert len(diffs) == 1
    assert diffs[0].startswith("new_game(2, seed=1001): state: expected")
    assert "hands: expected" in diffs[0] and "(hands now: " in diffs[0]


def test_a_hand_with_other_cards_fails_on_the_hands_digest(transfer, recorded):
    diffs = playthroughs.replay(_Engine(transfer, _SwappedHandCard), recorded)
    assert len(diffs) == 1
    assert diffs[0].startswith("new_game(2, seed=1001): hands: expected '6 6 ")
    assert "state:" not in diffs[0].split("\n")[0]  # to_dict() is the engine's own


def test_a_wrong_outcome_fails_at_the_end(transfer, recorded):
    end = recorded.lines[-1]
    loser = next(f for f in end.split("  ") if f.startswith("loser "))
    other = "loser none" if loser != "loser none" else "loser 0"
    changed = playthroughs.Game(recorded.players, recorded.seed,
                                recorded.lines[:-1] + [end.replace(loser, other)])
    diffs = playthroughs.replay(transfer, changed)
    assert diffs == [diffs[0]] and diffs[0].startswith(f"end after {recorded.steps} steps: loser")


def test_field_differences_names_each_field():
    a = "   3 P1 take | legal 2 aaaaaaaaaaaa | table -  hands 6 7 bbbbbbbbbbbb  stock 20  out -"
    b = "   3 P1 take | legal 2 aaaaaaaaaaaa | table -  hands 6 7 cccccccccccc  stock 19  out -"
    assert field_differences(a, b) == [
        "hands: expected '6 7 bbbbbbbbbbbb', got '6 7 cccccccccccc'",
        "stock: expected '20', got '19'"]


@pytest.mark.parametrize("text,where", [
    ("", "x.txt:1"),
    ("variant transfer  format 1  spec None\n", "x.txt:1"),
    ("variant transfer  format 2  spec None\n# c\nstart | state 0\n", "x.txt:3"),
    ("variant transfer  format 2  spec None\ngame 2 seed 1\n", "x.txt:2"),
])
def test_a_malformed_file_is_refused_with_its_line(text, where):
    with pytest.raises(ValueError, match=f"^{where}: "):
        playthroughs.loads(text, "x.txt")
