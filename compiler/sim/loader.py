"""Find an engine module: a bundled variant name (`generated.<name>`) or a path to a .py file."""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from types import ModuleType

_CACHE: dict[str, ModuleType] = {}


class EngineNotFound(LookupError):
    """The variant is neither a bundled engine nor a readable engine file."""


def bundled_names() -> list[str]:
    """Variant names listed by `generated.ENGINES` (empty when there is none)."""
    try:
        import generated
    except ImportError:
        return []
    return list(getattr(generated, "ENGINES", ()))


def load_engine(ref: str) -> ModuleType:
    """The engine module for `ref`: a path ending in .py (or containing a slash) or a name."""
    if ref in _CACHE:
        return _CACHE[ref]
    if ref.endswith(".py") or os.sep in ref or "/" in ref:
        path = os.path.abspath(ref)
        if not os.path.isfile(path):
            raise EngineNotFound(f"{ref}: no such engine file")
        digest = hashlib.sha1(path.encode()).hexdigest()[:10]
        modname = f"_durakc_engine_{digest}"
        spec = importlib.util.spec_from_file_location(modname, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[modname] = module  # pickling of engine objects needs the module registered
        try:
            spec.loader.exec_module(module)
        except BaseException:
            del sys.modules[modname]
            raise
    else:
        modname = "generated." + ref.replace("-", "_")
        try:
            module = importlib.import_module(modname)
        except ModuleNotFoundError as exc:
            if exc.name not in (modname, "generated"):
                raise
            known = ", ".join(bundled_names()) or "none built yet"
            raise EngineNotFound(f"{ref}: no bundled engine (known: {known}); "
                                 "give a variant name or a path to a generated .py file") from None
    for attr in ("new_game", "VARIANT", "IllegalAction"):
        if not hasattr(module, attr):
            raise EngineNotFound(f"{ref}: not an engine module (no {attr})")
    _CACHE[ref] = module
    return module


def variant_name(module: ModuleType) -> str:
    """The variant's own name."""
    return str(module.VARIANT.get("name", module.__name__))


def player_range(module: ModuleType) -> tuple[int, int]:
    """(min, max) players from the engine's effective rules (2-6 when unstated)."""
    rules = module.VARIANT.get("rules", {})
    return int(rules.get("players.min", 2)), int(rules.get("players.max", 6))


def check_players(module: ModuleType, players: int) -> str | None:
    """A message when the variant can not be played by `players`, else None."""
    lo, hi = player_range(module)
    if not lo <= players <= hi:
        return f"{variant_name(module)} is for {lo}-{hi} players, not {players}"
    return None
