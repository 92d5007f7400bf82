"""Reinforcement-learning environments for any durakc engine (the optional extra `durakc[rl]`).

- `DurakAECEnv` / `aec_env(...)`: a PettingZoo AEC environment, every seat an agent;
- `DurakEnv`: a Gymnasium environment where one seat learns and the others are durakc bots;
- `VectorEnv`: N `DurakEnv` games stepped in C, Gymnasium's vector API (`PythonVectorEnv`:
  the same in Python, for what the C loop does not cover; `make_vector_env`, the `make_vec`
  entry point: the first where it runs, else the second after one warning);
- `DurakEncoding`: the fixed-size action encoding and observation layout all share;
- `RecordedGame`, `information_state_string` / `_tensor` / `_size`: each seat's information
  state (durakc.rl.infostate), also the environments' `observation_mode="infostate"`.

The layout is documented in docs/rl.md.  Names are imported on first use, so
`import durakc` and `import durakc.rl` never need numpy, gymnasium or pettingzoo; without
them, using a name raises an ImportError that names the extra to install.  With Gymnasium
installed, `import durakc.rl` registers `durakc/Durak-v0` (durakc.rl.registration).
"""

from __future__ import annotations

import importlib

EXTRA_HINT = "pip install 'durakc[rl]'"

_NAMES = {
    "DurakEncoding": "durakc.rl.encoding",
    "ObservationLayout": "durakc.rl.encoding",
    "DurakAECEnv": "durakc.rl.aec",
    "aec_env": "durakc.rl.aec",
    "DurakEnv": "durakc.rl.gym_env",
    "policy_bot": "durakc.rl.opponents",
    "VectorEnv": "durakc.rl.vector_env",
    "PythonVectorEnv": "durakc.rl.vector_env",
    "make_vector_env": "durakc.rl.vector_auto",
    "NativeFallbackWarning": "durakc.rl.vector_auto",
    "RecordedGame": "durakc.rl.infostate",
    "information_state_string": "durakc.rl.infostate",
    "information_state_tensor": "durakc.rl.infostate",
    "information_state_size": "durakc.rl.infostate",
}

__all__ = ["EXTRA_HINT", "DurakAECEnv", "DurakEncoding", "DurakEnv", "NativeFallbackWarning",
           "ObservationLayout", "PythonVectorEnv", "RecordedGame", "VectorEnv", "aec_env",
           "information_state_size", "information_state_string", "information_state_tensor",
           "make_vector_env", "policy_bot", "require"]


def require(module: str):
    """Import `module` (numpy, gymnasium, pettingzoo) or raise an ImportError naming the extra."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        top = module.partition(".")[0]
        raise ImportError(f"durakc's RL environments need {top}, which is not installed; "
                          f"install the extra: {EXTRA_HINT}") from exc


def __getattr__(name: str):
    if name not in _NAMES:
        raise AttributeError(f"module 'durakc.rl' has no attribute {name!r}")
    return getattr(importlib.import_module(_NAMES[name]), name)


def _register_with_gymnasium() -> None:
    """`durakc/Durak-v0` into Gymnasium's registry, when Gymnasium is installed."""
    try:
        importlib.import_module("gymnasium")
    except ImportError:
        return
    from durakc.rl.registration import register_envs
    register_envs()


_register_with_gymnasium()
