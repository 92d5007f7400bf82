# GENERATED FILE - DO NOT EDIT BY HAND.
# The engines durakc 0.1.0 built from variants/*.yaml; run `durakc build` to regenerate.
"""Generated Durak engines, one module per bundled variant."""

import importlib

ENGINES = (
    'kyiv',
    'podkidnoy',
    'proyezdnoy',
    'transfer',
)
"""Names of the bundled variants that have an engine here."""

MODULES = {
    'kyiv': 'generated.kyiv',
    'podkidnoy': 'generated.podkidnoy',
    'proyezdnoy': 'generated.proyezdnoy',
    'transfer': 'generated.transfer',
}


def load(name):
    """The engine module of a bundled variant, by variant name."""
    try:
        return importlib.import_module(MODULES[name])
    except KeyError:
        raise ValueError(f"no generated engine for {name!r}; known: {', '.join(ENGINES)}") from None
