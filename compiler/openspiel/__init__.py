"""durakc variants as OpenSpiel games (the optional extra `durakc[openspiel]`).

`import durakc.openspiel` registers every bundled variant with pyspiel as the Python game
`durakc_<variant>` (a `-` becomes `_`), with one parameter, `players` (default: the
variant's fewest):

    import pyspiel, durakc.openspiel
    game = pyspiel.load_game("durakc_transfer", {"players": 3})

Any spec file (or generated engine file) is a game too: `load_game("house.yaml", players=3)`
compiles it, registers it under its spec's name and loads it.  How chance, actions,
observations, information states, returns and the game length are defined:
docs/openspiel.md (`durakc.openspiel.game`, `.infostate`, `.returns`).
"""

from __future__ import annotations

import importlib
import importlib.util
import re
from functools import cache
from pathlib import Path

EXTRA_HINT = "pip install 'durakc[openspiel]'"

try:
    import pyspiel
except ImportError as exc:  # pragma: no cover - exercised only without the extra
    raise ImportError(f"durakc.openspiel needs OpenSpiel (pyspiel), which is not installed; "
                      f"install the extra: {EXTRA_HINT}") from exc

import durakc.engines as _engines
from durakc.loading.engines import load_engine, player_range, variant_name
from durakc.openspiel.game import DurakcGame, DurakcState, game_type

PREFIX = "durakc_"


def game_name(variant: str) -> str:
    """The pyspiel name of a variant: `durakc_` and its name with `-` as `_`."""
    return PREFIX + variant.replace("-", "_")


_BOUNDS = re.compile(r"^PLAYERS_MIN = (\d+).*\n^PLAYERS_MAX = (\d+)", re.MULTILINE)


def bundled_player_range(variant: str) -> tuple[int, int]:
    """(fewest, most) players of a bundled variant, read from its engine's `PLAYERS_MIN` /
    `PLAYERS_MAX` lines without importing it (importing every engine at `import
    durakc.openspiel` would take seconds); the engine is imported when they are not found."""
    module = f"{_engines.__name__}.{_engines.MODULES[variant]}"
    found = importlib.util.find_spec(module)
    if found is not None and found.origin:
        match = _BOUNDS.search(Path(found.origin).read_text(encoding="utf-8"))
        if match:
            return int(match[1]), int(match[2])
    return player_range(importlib.import_module(module))


def _register(name: str, low: int, high: int, load) -> None:
    """Register `name` for an engine `load()` returns (imported when a game is made)."""
    gtype = game_type(name, low, high)

    def __init__(self, params=None):
        DurakcGame.__init__(self, gtype, load, params)

    # A class, not a closure: pyspiel's registry keeps its factory until the C++ statics
    # are destroyed after Python's finalization, and a closure freed then aborts the
    # interpreter at exit (a class, referenced by its own __mro__, is never freed).
    pyspiel.register_game(gtype, type(name, (DurakcGame,), {"__init__": __init__}))


def registered() -> set[str]:
    """The names pyspiel knows."""
    return set(pyspiel.registered_names())


def register_bundled() -> list[str]:
    """Register every bundled variant not registered yet; their pyspiel names."""
    known = registered()
    names = []
    for variant in _engines.ENGINES:
        name = game_name(variant)
        names.append(name)
        if name not in known:
            low, high = bundled_player_range(variant)
            _register(name, low, high, cache(lambda v=variant: load_engine(v)))
    return names


def register(ref: str) -> str:
    """Register the engine `ref` names (a spec file, an engine file or a bundled name) and
    return its pyspiel name.  Raises what `durakc.loading.engines.load_engine` raises for a
    missing file or a spec with errors (`SpecError`, every problem located)."""
    engine = load_engine(str(ref))
    name = game_name(variant_name(engine))
    if name not in registered():
        low, high = player_range(engine)
        _register(name, low, high, lambda: engine)
    return name


def load_game(ref: str, players: int | None = None) -> pyspiel.Game:
    """The pyspiel game of `ref` (a spec file, an engine file or a bundled name) for
    `players` seats (default: the variant's fewest)."""
    name = register(ref)
    return pyspiel.load_game(name, {} if players is None else {"players": players})


register_bundled()

__all__ = ["EXTRA_HINT", "PREFIX", "DurakcGame", "DurakcState", "bundled_player_range",
           "game_name", "load_game", "register", "register_bundled"]
