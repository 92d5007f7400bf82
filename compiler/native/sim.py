"""The simulator on the native backend: which C engine a VARIANT reference stands for.

`durakc simulate|compare --backend native` play whole games in C when every seat's bot is
ported (random, greedy, search, mcts: `durakc.sim.native_games`, the C engines' `play_games`), with the
runner's cycle detection (a round-start position seen a third time stops the game as
unfinished), its MAX_ACTIONS cap and per-game records; with other bots the normal
runner drives the C engines decision by decision.  Either way the output is byte for byte
the Python backend's.
"""

from __future__ import annotations

import types

from durakc.loading.engines import is_engine_path, is_spec_path
from durakc.native.engine import load_native, load_native_spec


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
