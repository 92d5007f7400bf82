"""Find an engine module for every command that takes a VARIANT.

A reference is one of three forms:

- a path to a spec (``.yaml`` or ``.yml``): loaded, checked and compiled into the engine
  cache (`cache_dir`, a file per sha256 of the generated source), then imported from there;
  spec errors raise `SpecError` as `durakc compile` reports them;
- a path to a generated engine (``.py``, or any path with a folder in it);
- otherwise the name of a bundled variant (``generated.<name>``).

Worker processes get the same reference string and call `load_engine` again: a spec file
compiles to the same cached file (nothing is written twice).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from durakc.loading.files import write_text

if TYPE_CHECKING:
    from durakc.spec import Spec

SPEC_SUFFIXES = (".yaml", ".yml")
"""File name endings read as spec files (as `durakc.spec.files` reads them)."""

CACHE_ENV = "DURAKC_CACHE"
"""Environment variable naming the folder where specs given by path are compiled."""

_CACHE: dict[str, ModuleType] = {}
_SPECS: dict[str, Spec] = {}


class EngineNotFound(LookupError):
    """The variant is neither a bundled engine, a spec file nor a readable engine file."""


def bundled_names() -> list[str]:
    """Variant names listed by `durakc.engines.ENGINES` (empty when there is none)."""
    try:
        from durakc import engines as generated
    except ImportError:
        return []
    return list(getattr(generated, "ENGINES", ()))


def is_spec_path(ref: str) -> bool:
    """True when `ref` names a spec file (by its ending), not an engine."""
    return ref.lower().endswith(SPEC_SUFFIXES)


def is_engine_path(ref: str) -> bool:
    """True when `ref` names a generated engine file rather than a bundled variant."""
    return ref.endswith(".py") or os.sep in ref or "/" in ref


def cache_dir() -> Path:
    """Where specs given by path are compiled: $DURAKC_CACHE, else the XDG cache folder."""
    if os.environ.get(CACHE_ENV):
        return Path(os.environ[CACHE_ENV])
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "durakc"


def load_engine(ref: str) -> ModuleType:
    """The engine module for `ref` (a spec file, an engine file or a bundled name).

    Raises `EngineNotFound` for what is not there, `SpecError` for a spec with errors.
    """
    if ref in _CACHE:
        return _CACHE[ref]
    if is_spec_path(ref):
        spec = _checked_spec(Path(ref))
        module = _load_file(_compile(spec, ref), ref)
        _SPECS[ref] = spec
    elif is_engine_path(ref):
        module = _load_file(_existing(ref, "engine file"), ref)
    else:
        module = _load_bundled(ref)
    for attr in ("new_game", "VARIANT", "IllegalAction"):
        if not hasattr(module, attr):
            raise EngineNotFound(f"{ref}: not an engine module (no {attr})")
    _CACHE[ref] = module
    return module


def compile_spec(path: Path) -> Path:
    """Check and compile the spec at `path` into the cache; the engine file's path.

    The file lives at ``<cache>/<sha256 of the source>/<module>.py``, so a changed spec (or
    compiler) gets a new file and an unchanged one is reused.  Raises SpecError.
    """
    return _compile(_checked_spec(path), str(path))


def engine_of_spec(spec: Spec) -> ModuleType:
    """The Python engine module of a checked `spec` (compiled into the cache as
    `compile_spec` does, then imported): what `durakc compile --target npm` reads the
    TypeScript types from.  Raises EngineNotFound when the cache can not be written."""
    return _load_file(_compile(spec, spec.label), spec.label)


def loaded_spec(ref: str) -> Spec | None:
    """The `Spec` a spec-file reference was checked as when `load_engine` compiled it in this
    process (for its warnings), else None (a bundled name, an engine file, not loaded yet)."""
    return _SPECS.get(ref)


def _checked_spec(path: Path) -> Spec:
    from durakc.spec import load_spec

    return load_spec(_existing(str(path), "spec file"))


def _compile(spec: Spec, path: str) -> Path:
    from durakc.ir.build import module_name
    from durakc.targets.python.codegen import render_engine

    source = render_engine(spec)
    digest = hashlib.sha256(source.encode("utf-8")).hexdigest()
    target = cache_dir() / digest / f"{module_name(spec.name)}.py"
    try:
        if not (target.is_file() and target.read_text(encoding="utf-8") == source):
            write_text(target, source, make_folder=True)
    except OSError as exc:
        raise EngineNotFound(f"{path}: can not write the engine cache {cache_dir()}: "
                             f"{exc.strerror or exc} (set {CACHE_ENV} to another folder)"
                             ) from None
    return target


def _existing(ref: str, what: str) -> Path:
    path = Path(ref)
    if not path.is_file():
        from durakc.spec.files import missing_file  # the spec layer, only when it is needed

        raise EngineNotFound(missing_file(ref, what).usage_text)
    return path


def _load_file(path: Path, ref: str) -> ModuleType:
    """Import an engine file under a name derived from its absolute path."""
    path = path.resolve()
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    modname = f"_durakc_engine_{digest}"
    if modname in sys.modules:
        return sys.modules[modname]
    spec = importlib.util.spec_from_file_location(modname, path)
    if spec is None or spec.loader is None:
        raise EngineNotFound(f"{ref}: can not be imported as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[modname] = module  # pickling of engine objects needs the module registered
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - any failure of a user's file is reported
        del sys.modules[modname]
        raise EngineNotFound(f"{ref}: can not be imported ({type(exc).__name__}: {exc})"
                             ) from None
    except BaseException:
        del sys.modules[modname]
        raise
    return module


def _load_bundled(ref: str) -> ModuleType:
    modname = "durakc.engines." + ref.replace("-", "_")
    known = bundled_names()
    if ref in known:
        try:
            return importlib.import_module(modname)
        except ModuleNotFoundError as exc:
            if exc.name not in (modname, "generated"):
                raise
    raise unknown_variant(ref, known)


def unknown_variant(ref: str, known: list[str]) -> EngineNotFound:
    """The error for a name that is no bundled variant: close names, else all of them."""
    from durakc.spec.files import unknown_name

    give = "a variant name, a spec file (.yaml) or a generated engine (.py)"
    return EngineNotFound(unknown_name(ref, known, give).usage_text)


def variant_name(module: ModuleType) -> str:
    """The variant's own name."""
    return str(module.VARIANT.get("name", module.__name__))


def player_range(module: ModuleType) -> tuple[int, int]:
    """(min, max) players: the engine's PLAYERS_MIN and PLAYERS_MAX (players.*; 2-6 when an
    engine has none)."""
    return int(getattr(module, "PLAYERS_MIN", 2)), int(getattr(module, "PLAYERS_MAX", 6))


def check_players(module: ModuleType, players: int) -> str | None:
    """A message when the variant can not be played by `players`, else None.

    Inside the range the engine may still refuse a count it can not seat (teams.mode
    `opposite` and five players, PR1): one deal asks it, and its `ValueError` is the message.
    """
    lo, hi = player_range(module)
    if not lo <= players <= hi:
        return f"{variant_name(module)} is for {lo}-{hi} players, not {players}"
    try:
        module.new_game(players, 0)
    except ValueError as exc:
        return str(exc)
    return None
