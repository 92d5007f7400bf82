"""Golden playthroughs: every generated engine replays its recorded games exactly.

The files are written by `python tests/golden/regen.py [VARIANT ...]`
(see tests/golden/README.md).  A generated engine without a playthrough file
fails: recording one is part of adding a variant.
"""

from __future__ import annotations

import functools
import importlib
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
for _p in (str(ROOT), str(HERE)):
    if _p not in sys.path:
        sys.path.insert(0, _p)

import engine_backend
import playthroughs
from regen import COMMAND, path_for

NO_ENGINES = "no generated engines yet"


def _engines() -> tuple[str, ...]:
    try:
        generated = importlib.import_module("durakc.engines")
    except ImportError:
        return ()
    return tuple(getattr(generated, "ENGINES", ()) or ())


def _load(variant: str):
    return engine_backend.load_engine(variant)


def _engine_params():
    names = _engines()
    if not names:
        return [pytest.param(None, marks=pytest.mark.skip(reason=NO_ENGINES), id="none")]
    return [pytest.param(n, id=n) for n in names]


@functools.cache
def _file(name: str) -> playthroughs.Playthroughs:
    path = path_for(name)
    return playthroughs.loads(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))


def _game_params():
    names = _engines()
    if not names:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=NO_ENGINES), id="none")]
    params = []
    for name in names:
        if not path_for(name).exists():
            continue  # test_every_engine_has_playthroughs reports it
        for i, game in enumerate(_file(name).games):
            params.append(pytest.param(name, i, id=f"{name}-{game.players}p-seed{game.seed}"))
    if not params:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason="no playthrough files"),
                             id="none")]
    return params


@pytest.mark.parametrize("name", _engine_params())
def test_every_engine_has_playthroughs(name):
    path = path_for(name)
    if not path.exists():
        pytest.fail(f"generated engine {name!r} has no golden playthroughs "
                    f"({path.relative_to(ROOT)}): run `{COMMAND} {name}` and commit the file",
                    pytrace=False)
    data = _file(name)
    assert data.variant == name and len(data.games) >= 1


@pytest.mark.parametrize("name,index", _game_params())
def test_playthrough_replays_exactly(name, index):
    mod = _load(name)
    game = _file(name).games[index]
    diffs = playthroughs.replay(mod, game)
    if diffs:
        pytest.fail(
            f"{name} ({game.label()}) no longer replays {path_for(name).relative_to(ROOT)}:\n  "
            + "\n  ".join(diffs)
            + f"\nIf the change is intended, run `{COMMAND} {name}` and review the diff.",
            pytrace=False)


@pytest.mark.parametrize("name", _engine_params())
def test_recording_is_deterministic(name):
    """Recording the same game twice gives the same lines (what regen relies on), and the
    file text survives a round trip through `loads`."""
    mod = _load(name)
    lo = mod.VARIANT["rules"]["players.min"]
    a = playthroughs.record(mod, lo, 77)
    b = playthroughs.record(mod, lo, 77)
    assert a.lines == b.lines
    text = playthroughs.dumps(playthroughs.Playthroughs(name, None, [a]), "regen")
    again = playthroughs.loads(text)
    assert again.variant == name and again.games == [a]
    assert playthroughs.replay(mod, again.games[0]) == []
