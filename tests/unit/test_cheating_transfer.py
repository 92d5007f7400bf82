"""HR34 with transfers (issue 31): on the test spec tests/specs/cheating-transfer.yaml a
transfer may pass on any one held card off the attacked rank, the lists never tell a foul
transfer from a legal one, a foul transfer's state survives saving, and the engine, its C
engine and the reference play the same seeded games.  Showing a trump to transfer
(transfer.show_trump) and jokers with transfers are still refused with play.cheating."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from durakc import reference
from durakc.diagnostics import SpecError
from durakc.loading.engines import load_engine
from durakc.spec import load_spec

SPEC = str(Path(__file__).resolve().parents[1] / "specs" / "cheating-transfer.yaml")
HANDS = [["7H", "9C", "KD", "AD"], ["9H", "8H", "10C", "QD"], ["6D", "JS", "QH", "KH"]]


def _position(mod):
    held = {c for h in HANDS for c in h}
    return {"players": 3, "trump": "S", "stock": [], "hands": HANDS, "attacker": 0, "dealer": 2,
            "discard": [c for c in mod.CARD_TEXT if c not in held]}


def _native():
    from durakc.native import NativeUnavailable
    from durakc.native.engine import load_native_spec
    try:
        return load_native_spec(SPEC)
    except NativeUnavailable as exc:
        pytest.skip(f"native backend: {exc}")


@pytest.fixture(params=["engine", "native"])
def backend(request):
    return load_engine(SPEC) if request.param == "engine" else _native()


def _texts(actions):
    return sorted(str(a) for a in actions)


def test_show_trump_still_does_not_combine_with_cheating(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\ntitle: Mine\nextends: cheating\nrules:\n  transfer:\n"
                    "    enabled: true\n    show_trump: true\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    (diag,) = [d.format() for d in info.value.diagnostics]
    assert "play.cheating (HR34) does not combine with showing a trump to transfer" in diag


def test_jokers_with_transfers_do_not_combine_with_cheating(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("name: mine\ntitle: Mine\nextends: cheating\nrules:\n  deck:\n    jokers: 1\n"
                    "  transfer:\n    enabled: true\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    (diag,) = [d.format() for d in info.value.diagnostics]
    assert "play.cheating (HR34) does not combine with jokers with transfers" in diag


def test_a_foul_and_a_legal_transfer_offer_the_same_catches(backend):
    """HR34's decision: catches are offered for every table card, legal or not."""
    seen = []
    for transfer in ("transfer 9H", "transfer 8H"):  # 9H within the rank rule, 8H a foul
        g = backend.from_position(_position(backend))
        g.apply("attack 9C")
        assert {"transfer 9H", "transfer 8H", "transfer 10C", "transfer QD"} <= set(
            _texts(g.legal_actions()))
        g.apply(transfer)
        seen.append([len(g.out_of_turn_actions(s)) for s in range(3)])
        assert g.actors() == [2, 0, 1]
    assert seen[0] == seen[1] == [1, 1, 2]


def test_a_foul_transfer_survives_saving_and_is_caught_after(backend):
    g = backend.from_position(_position(backend))
    for text in ("attack 9C", "transfer 8H"):
        g.apply(text)
    saved = json.loads(json.dumps(g.to_dict()))
    assert saved["foul_transfers"] == ["8H"] and saved["fouls"] == ["8H"]
    other = backend.Game.from_dict(saved)
    other.apply("catch 2 8H")  # the transfer's author, seat 1, takes every table card
    assert sorted(other.hands[1]) == sorted(["8H", "9C", "9H", "10C", "QD"])
    assert other.table == [] and other.to_move == 0
    with pytest.raises(backend.InvalidGame):
        backend.Game.from_dict(dict(saved, foul_transfers=["7H"]))  # not on the table


def test_seeded_games_with_cheating_transfers_match_the_reference(backend):
    ref = reference.load(SPEC)
    transfers = fouls = 0
    for seed in range(3):
        games = backend.new_game(3, seed), ref.new_game(3, seed)
        rng = random.Random(seed)
        while not games[0].is_over:
            assert games[0].actors() == games[1].actors()
            catches = _texts(a for s in games[0].actors() for a in games[0].out_of_turn_actions(s))
            legal = _texts(games[0].legal_actions())
            assert legal == _texts(games[1].legal_actions())
            text = rng.choice(catches) if catches and rng.random() < 0.3 else rng.choice(legal)
            transfers += text.startswith("transfer")
            for g in games:
                g.apply(text)
            fouls += bool(games[0].to_dict().get("foul_transfers"))
        assert games[0].loser == games[1].loser and games[0].history == games[1].history
    assert transfers and fouls  # the games did pass cards on, some against the rank rule
