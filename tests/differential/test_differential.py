"""Differential tests: every generated engine against the reference interpreter.

For every bundled variant and every player count it allows, random games from the
same deal, with the same random decisions, compared at every decision (to_move,
the set of legal actions, hands, table, stock, discard, trump, attacker, defender,
out, and the outcome: `durakc.reference.differential`).  Then random specs from
the spec fuzzer, compiled and interpreted side by side.  And the harness itself:
an engine with one line changed must be caught.

CI runs DURAKC_DIFF_GAMES=30 games per variant and player count (a tenth where the openings
are a condition, HR7 and HR8) and
DURAKC_DIFF_SPECS=200 fuzzed specs; raise them for a longer run on demand, e.g.
`DURAKC_DIFF_GAMES=1000 DURAKC_DIFF_SPECS=2000 python -m pytest tests/differential`.
"""

from __future__ import annotations

import importlib
import os
import types

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from durakc import reference
from durakc.reference.differential import compile_engine, play_pair, run
from durakc.schema.keys import TEAM_PLAYER_COUNTS
from durakc.spec import bundled_names, load_spec
from tests.fuzz.random_specs import specs

GAMES = int(os.environ.get("DURAKC_DIFF_GAMES", "30"))
SPECS = int(os.environ.get("DURAKC_DIFF_SPECS", "200"))
SEED = int(os.environ.get("DURAKC_DIFF_SEED", "0"))

_REFERENCE: dict = {}


def _pair(name):
    """(generated engine module, reference engine) of a bundled variant."""
    if name not in _REFERENCE:
        _REFERENCE[name] = reference.load(name)
    engine = importlib.import_module("durakc.engines." + name.replace("-", "_"))
    return engine, _REFERENCE[name]


def _variant_players():
    params = []
    for name in bundled_names():
        rules = _pair(name)[1].VARIANT["rules"]
        seats = TEAM_PLAYER_COUNTS.get(rules["teams.mode"])  # PR1: other counts are refused
        params += [pytest.param(name, n, id=f"{name}-{n}p")
                   for n in range(rules["players.min"], rules["players.max"] + 1)
                   if seats is None or n in seats]
    return params


def _report(summary, spec_ref) -> str:
    div = summary.divergences[0]
    return f"{div.describe()}\nreplay: {div.replay_code(spec_ref)}"


OPENING_KEYWORDS = ("same_rank", "single")
"""attack.opening values that are not a condition; a condition (HR7, HR8) offers hundreds of
openings a state, each compared, and the reference lists them by trying every subset."""


def _games(ref) -> int:
    """GAMES, or a tenth of them (at least 5) where the openings are a condition: a game of
    those compares ten times the actions at a hundred times the reference's cost."""
    if ref.VARIANT["rules"]["attack.opening"] in OPENING_KEYWORDS:
        return GAMES
    return max(5, GAMES // 10)


@pytest.mark.parametrize("name,players", _variant_players())
def test_bundled_engine_matches_the_reference(name, players):
    engine, ref = _pair(name)
    games = _games(ref)
    summary = run(engine, ref, [players], games, seed=SEED)
    assert not summary.divergences, _report(summary, name)
    assert summary.games == games and summary.decisions > games


@pytest.mark.parametrize("name", bundled_names())
def test_engine_and_reference_read_the_same_rules(name):
    engine, ref = _pair(name)
    assert engine.VARIANT["rules"] == ref.VARIANT["rules"]
    assert engine.VARIANT["spec_sha256"] == ref.VARIANT["spec_sha256"]


@settings(max_examples=SPECS, deadline=None, suppress_health_check=list(HealthCheck))
@given(spec=specs(), seed=st.integers(0, 10_000))
def test_fuzzed_spec_compiled_and_interpreted_agree(tmp_path_factory, spec, seed):
    path = tmp_path_factory.mktemp("diff") / "fz.yaml"
    path.write_text(yaml.safe_dump(spec), encoding="utf-8")
    checked = load_spec(path)
    engine, ref = compile_engine(checked), reference.module_for(checked)
    players = range(2, spec["rules"]["players"]["max"] + 1)
    summary = run(engine, ref, players, 2, seed=seed)  # a series: new_game, then next_game
    assert not summary.divergences, f"{_report(summary, str(path))}\nspec: {spec}"


# ---------------------------------------------------------------------------
# The harness catches a planted bug: one engine line changed, a divergence expected.
# ---------------------------------------------------------------------------
PLANTED = [
    pytest.param("podkidnoy",
                 "self._start_round(original if self._in_game[original] and original != defender "
                 "else self._next_seat[defender])",
                 "self._start_round(original if self._in_game[original] else "
                 "self._next_seat[original])",
                 id="P8-taker-attacks-after-the-attacker-left"),
    pytest.param("transfer",
                 "if len(self._attack_cards) < self._limit and len(self._unbeaten) < "
                 "hands[self._defender]",
                 "if len(self._attack_cards) <= self._limit and len(self._unbeaten) < "
                 "hands[self._defender]",
                 id="T17-one-attack-card-too-many"),
    pytest.param("kyiv",
                 "need = HAND_SIZE - hands[seat].bit_count()",
                 "need = HAND_SIZE - hands[seat].bit_count() - (seat == self._defender)",
                 id="T22-defender-draws-one-short"),
    pytest.param("jokers",
                 "        if SUIT_OF[c] >= 0:",
                 "        if SUIT_OF[c] >= -1:",
                 id="J1-a-turned-joker-fixes-trump"),
    pytest.param("poker",
                 "stock[1:1] = (action.d, action.a)",
                 "stock[1:1] = (action.a, action.d)",
                 id="PK3-swapped-cards-in-the-wrong-order"),
    pytest.param("trump-six",
                 "if len(stock) >= 2 and stock[0] == self._turned",
                 "if len(stock) >= 1 and stock[0] == self._turned",
                 id="TX1-exchange-of-the-last-stock-card"),
]


def _mutated_engine(name, old, new):
    """The generated engine of `name` with the one line holding `old` changed to `new`."""
    module = importlib.import_module("durakc.engines." + name.replace("-", "_"))
    with open(module.__file__, encoding="utf-8") as handle:
        source = handle.read()
    assert source.count(old) == 1, f"the line to mutate is not (exactly once) in {name}: {old}"
    mutant = types.ModuleType(f"mutant_{name.replace('-', '_')}")
    exec(compile(source.replace(old, new), f"<mutant {name}>", "exec"), mutant.__dict__)
    return mutant


@pytest.mark.parametrize("name,old,new", PLANTED)
def test_a_planted_engine_bug_is_found(name, old, new):
    mutant = _mutated_engine(name, old, new)
    _, ref = _pair(name)
    summary = run(mutant, ref, [3, 2, 4], 50, seed=0)
    assert summary.divergences, f"{name}: the mutation {new!r} went unnoticed in {summary.games} games"
    div = summary.divergences[0]
    # The report replays: the same seed and actions reach the same difference again.
    decisions, _, again = play_pair(mutant, ref, div.players, div.seed)
    assert again is not None and again.actions == div.actions and again.what == div.what
    assert decisions == len(div.actions) or div.what.startswith("apply(")


# ---------------------------------------------------------------------------
# User specs that once diverged (no bundled variant or fuzzed spec reached these).
# ---------------------------------------------------------------------------
USER_SPECS_THAT_DIVERGED = [
    # transfer.capacity reads unbeaten_late after the transfer, like attack_cards and unbeaten
    # (schema: "the table as it would be after it"); engines once read it before.
    pytest.param("kyiv", "rules:\n  transfer:\n"
                 "    capacity: \"unbeaten_late <= 1 and unbeaten <= next_hand\"\n",
                 id="unbeaten-late-after-a-late-transfer"),
    # Jokers with wild cards (J1-J4 with W1-W3): the wild capability's SAME_RANK once gave a
    # joker (RANK_OF -1) the last rank's cards, so a joker put the aces on the table (J3).
    pytest.param("weli", "rules:\n  deck:\n    jokers: 2\n  beating:\n    beats: >-\n"
                 "      (d.suit == a.suit and d.rank > a.rank)\n"
                 "      or (d.is_trump and not a.is_trump and not a.is_joker)\n"
                 "      or (d.is_joker != a.is_joker and d.colour == a.colour)\n",
                 id="jokers-with-wild-cards"),
]


@pytest.mark.parametrize("parent,rules_yaml", USER_SPECS_THAT_DIVERGED)
def test_user_spec_that_once_diverged(tmp_path, parent, rules_yaml):
    path = tmp_path / "user.yaml"
    path.write_text(f"name: user\ntitle: a user spec\nextends: {parent}\n{rules_yaml}",
                    encoding="utf-8")
    checked = load_spec(path)
    summary = run(compile_engine(checked), reference.module_for(checked), [3], 30, seed=0)
    assert not summary.divergences, _report(summary, str(path))
