"""HR34 on the C target: a cheating play's foul is judged by the game's beat table, so the C
target refuses play.cheating together with a beat judged per seat (SK1 trumps per seat) or at
run time (a beat rule reading the defender's hand, HR27), at the key, saying why."""

from __future__ import annotations

import pytest

from durakc.ir.build import build_ir
from durakc.spec import load_spec
from durakc.targets.c.capabilities import refusals

BASE = "name: {name}\ntitle: T\nextends: cheating\nrules:\n"
CASES = {
    "cheat-seat": (("  players: {max: 4}\n  first_attacker: {first_game: left_of_dealer}\n"
                    "  trump: {mode: per_seat}\n"), "seat trumps"),
    "cheat-follow": (('  beating:\n    beats: "(d.suit == a.suit and d.rank > a.rank) or '
                     '(d.is_trump and not a.is_trump and len(hand.of(a.suit).above(a.rank)) '
                     '== 0)"\n'), "runtime beats"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_cheating_with_a_beat_judged_per_seat_or_at_run_time_is_refused(tmp_path, name):
    rules, words = CASES[name]
    path = tmp_path / f"{name}.yaml"
    path.write_text(BASE.format(name=name) + rules, encoding="utf-8")
    spec = load_spec(str(path))
    messages = [d.format() for d in refusals(spec, build_ir(spec).capabilities)]
    assert len(messages) == 1
    assert "`play.cheating`" in messages[0] and words in messages[0]
    assert "--target python" in messages[0]


def test_cheating_alone_builds_on_the_c_target():
    spec = load_spec("cheating")
    assert refusals(spec, build_ir(spec).capabilities) == []
