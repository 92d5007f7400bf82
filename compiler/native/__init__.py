"""The native backend: the generated C engines, bound to Python.

`load_native(name)` gives a module-like object with the engine contract (new_game,
from_position, parse_action, Game, IllegalAction, VARIANT) whose games run in C; the
extension is compiled on first use (or by `durakc build --native`) with the system C
compiler into a cache folder.  Without a compiler, `NativeUnavailable` says so.
"""

from durakc.native.build import NativeUnavailable, build_extension, find_compiler
from durakc.native.engine import load_native, load_native_spec

__all__ = ["NativeUnavailable", "build_extension", "find_compiler", "load_native",
           "load_native_spec"]
