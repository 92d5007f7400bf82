"""Every house-rule capability combined with the structural variants it can meet (issue 20):
compiled and verified against the reference interpreter, or refused at the key.

The combinations are listed per group of capabilities in `tests/differential/house_combos/`.
DURAKC_COMBO_GAMES (default 50: issue 20 asks for at least 50) games per combination in all, spread over its player counts.
"""

from __future__ import annotations

import os

import pytest
import yaml

from durakc.diagnostics import SpecError
from durakc.reference.differential import both, run
from durakc.spec import load_spec
from tests.differential.house_combos import all_combos

GAMES = int(os.environ.get("DURAKC_COMBO_GAMES", "50"))
COMBOS = all_combos()


def _write(tmp_path, combo) -> str:
    text = yaml.safe_dump({"name": f"combo-{combo.id}", "title": combo.id,
                           "extends": combo.parent, "rules": combo.overlay}, sort_keys=False)
    path = tmp_path / f"combo-{combo.id}.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_combinations_are_listed_once():
    ids = [c.id for c in COMBOS]
    assert len(ids) == len(set(ids))


@pytest.mark.parametrize("combo", COMBOS, ids=[c.id for c in COMBOS])
def test_a_house_capability_over_a_structural_variant(combo, tmp_path):
    path = _write(tmp_path, combo)
    if combo.refused is not None:
        with pytest.raises(SpecError) as err:
            load_spec(path)
        assert combo.refused in str(err.value)
        return
    spec = load_spec(path)
    low, high = spec.values["players.min"], spec.values["players.max"]
    engine, ref = both(spec)
    counts = list(combo.players or range(low, high + 1))
    per_count = -(-GAMES // len(counts))  # at least GAMES games in all, spread over the counts
    games, seed = 0, 0
    while games < GAMES:  # a match may end its series early: more series until GAMES compared
        summary = run(engine, ref, counts, per_count, seed=seed)
        assert not summary.divergences, summary.divergences[0].describe()
        assert summary.games > 0
        games, seed = games + summary.games, seed + per_count
