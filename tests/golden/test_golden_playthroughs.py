"""Golden playthroughs: every generated engine replays its recorded games exactly.

The files are written by `python tests/golden/regen.py [VARIANT ...]`
(see tests/golden/README.md).  A generated engine without a playthrough file
fails: recording one is part of adding a variant.
"""

from __future__ import annotations

import importlib
import json
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


def _transcript_params():
    names = _engines()
    if not names:
        return [pytest.param(None, None, marks=pytest.mark.skip(reason=NO_ENGINES), id="none")]
    params = []
    for name in names:
        path = path_for(name)
        if not path.exists():
            continue  # test_every_engine_has_playthroughs reports it
        data = json.loads(path.read_text(encoding="utf-8"))
        for i, t in enumerate(data["transcripts"]):
            params.append(pytest.param(name, i, id=f"{name}-{t['players']}p-seed{t['seed']}"))
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
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["variant"] == name and len(data["transcripts"]) >= 1


@pytest.mark.parametrize("name,index", _transcript_params())
def test_playthrough_replays_exactly(name, index):
    mod = _load(name)
    path = path_for(name)
    transcript = json.loads(path.read_text(encoding="utf-8"))["transcripts"][index]
    diffs = playthroughs.replay(mod, transcript)
    if diffs:
        shown = "\n  ".join(diffs[:12])
        more = f"\n  ... and {len(diffs) - 12} more" if len(diffs) > 12 else ""
        pytest.fail(
            f"{name} ({transcript['players']} players, seed {transcript['seed']}) no longer "
            f"replays {path.relative_to(ROOT)}:\n  {shown}{more}\n"
            f"If the change is intended, run `{COMMAND} {name}` and review the diff.",
            pytrace=False)


@pytest.mark.parametrize("name", _engine_params())
def test_recording_is_deterministic(name):
    """Recording the same game twice gives the same transcript (what regen relies on)."""
    mod = _load(name)
    lo = mod.VARIANT["rules"]["players.min"]
    a = playthroughs.dumps(playthroughs.record(mod, lo, 77))
    b = playthroughs.dumps(playthroughs.record(mod, lo, 77))
    assert a == b
    assert playthroughs.replay(mod, json.loads(a)) == []
