"""Where the bundled engines live, in a checkout and in an installed package alike."""

import importlib.util
from pathlib import Path


def engines_dir() -> Path:
    """The folder of `durakc.engines`: generated/ in a checkout (editable install), durakc/engines
    in a plain install."""
    spec = importlib.util.find_spec("durakc.engines")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))).resolve()
    return Path(__file__).resolve().parent.parent / "generated"
