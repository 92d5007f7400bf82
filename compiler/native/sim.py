"""The simulator on the native backend: which C engine a VARIANT reference stands for.

`durakc simulate|compare --backend native` runs the normal runner (`durakc.sim.runner`)
over the C engines, decision by decision, so cycle detection (a round-start position seen a
third time stops the game as unfinished), the MAX_ACTIONS cap, the bots' `repeated` flag and
the per-game records behind paired differences are exactly those of the Python backend:
the output is byte for byte the same.

The C engines' own whole-game loop (`play_random`) knows nothing of cycles or pairs yet, so
the simulator does not use it; `durakc bench --backend native` still does (a bench counts
actions, not outcomes).
"""

from __future__ import annotations

import types

from durakc.native.engine import load_native, load_native_spec
from durakc.sim.loader import is_engine_path, is_spec_path


def load(ref: str) -> types.ModuleType:
    """The native engine of a bundled variant name or a spec file.

    Raises ValueError for a generated engine file (.py: there is no C source for it),
    `NativeUnavailable` without a compiler, `CTargetError` for a spec the C target lacks.
    """
    if is_spec_path(ref):
        return load_native_spec(ref)
    if is_engine_path(ref):
        raise ValueError("the native backend runs bundled variants and spec files, "
                         "not generated engine files")
    return load_native(ref)
