# GENERATED FILE - DO NOT EDIT BY HAND.
# The engines durakc 0.1.0 built from variants/*.yaml; run `durakc build` to regenerate.
"""Generated Durak engines, one module per bundled variant."""

import importlib

ENGINES = (
    'albanian',
    'crazy',
    'double-durak',
    'durak52',
    'epaulettes',
    'fallen-ace',
    'first-round-five',
    'kyiv',
    'mini',
    'neighbours',
    'no-trump',
    'podkidnoy',
    'podkidnoy-left',
    'poker',
    'proyezdnoy',
    'railroad',
    'siberian',
    'spades-for-spades',
    'transfer',
    'trump-six',
)
"""Names of the bundled variants that have an engine here."""

MODULES = {
    'albanian': 'generated.albanian',
    'crazy': 'generated.crazy',
    'double-durak': 'generated.double_durak',
    'durak52': 'generated.durak52',
    'epaulettes': 'generated.epaulettes',
    'fallen-ace': 'generated.fallen_ace',
    'first-round-five': 'generated.first_round_five',
    'kyiv': 'generated.kyiv',
    'mini': 'generated.mini',
    'neighbours': 'generated.neighbours',
    'no-trump': 'generated.no_trump',
    'podkidnoy': 'generated.podkidnoy',
    'podkidnoy-left': 'generated.podkidnoy_left',
    'poker': 'generated.poker',
    'proyezdnoy': 'generated.proyezdnoy',
    'railroad': 'generated.railroad',
    'siberian': 'generated.siberian',
    'spades-for-spades': 'generated.spades_for_spades',
    'transfer': 'generated.transfer',
    'trump-six': 'generated.trump_six',
}


def load(name):
    """The engine module of a bundled variant, by variant name."""
    try:
        return importlib.import_module(MODULES[name])
    except KeyError:
        raise ValueError(f"no generated engine for {name!r}; known: {', '.join(ENGINES)}") from None
