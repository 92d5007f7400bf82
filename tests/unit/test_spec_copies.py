"""Spec checks of two decks (deck.copies, HR17): the value's range and the combinations not
built yet are spec errors at file:line:col; two decks make room for more hands."""

from __future__ import annotations

import pytest

from durakc.diagnostics import SpecError
from durakc.spec import load_spec

HEAD = "name: mine\ntitle: Mine\nextends: podkidnoy\nrules:\n"


def diagnostics(tmp_path, rules: str) -> list[str]:
    path = tmp_path / "mine.yaml"
    path.write_text(HEAD + rules, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.format() for d in info.value.diagnostics]


def test_three_copies_are_out_of_range(tmp_path):
    (diag,) = diagnostics(tmp_path, "  deck:\n    copies: 3\n")
    assert diag.startswith(f"{tmp_path / 'mine.yaml'}:6:13: error:")
    assert "2" in diag.splitlines()[0]


def test_copies_with_jokers_are_refused_at_the_key(tmp_path):
    (diag,) = diagnostics(tmp_path, "  deck:\n    copies: 2\n    jokers: 2\n")
    assert diag.startswith(f"{tmp_path / 'mine.yaml'}:6:13: error: deck.copies: 2 does not "
                           "combine with jokers (deck.jokers) yet")


def test_two_decks_deal_more_hands(tmp_path):
    """36 cards do not deal 7 hands of 6 (T1); 72 do (HR17)."""
    assert diagnostics(tmp_path, "  players:\n    max: 7\n")
    path = tmp_path / "ok.yaml"
    path.write_text(HEAD.replace("mine", "ok") + "  players:\n    max: 7\n  deck:\n"
                    "    copies: 2\n", encoding="utf-8")
    assert load_spec(path).values["deck.copies"] == 2
