# GENERATED FILE - DO NOT EDIT BY HAND.
# The engines durakc 0.1.0 built from variants/*.yaml; run `durakc build` to regenerate.
"""Generated Durak engines, one module per bundled variant."""

import importlib

ENGINES = (
    'albanian',
    'changeable-trump',
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
    'pairs',
    'podkidnoy',
    'podkidnoy-left',
    'proyezdnoy',
    'railroad',
    'siberian',
    'siege',
    'spades-for-spades',
    'svoi-kozyri',
    'teams-of-three',
    'transfer',
    'weli',
)
"""Names of the bundled variants that have an engine here."""

MODULES = {
    'albanian': 'generated.albanian',
    'changeable-trump': 'generated.changeable_trump',
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
    'pairs': 'generated.pairs',
    'podkidnoy': 'generated.podkidnoy',
    'podkidnoy-left': 'generated.podkidnoy_left',
    'proyezdnoy': 'generated.proyezdnoy',
    'railroad': 'generated.railroad',
    'siberian': 'generated.siberian',
    'siege': 'generated.siege',
    'spades-for-spades': 'generated.spades_for_spades',
    'svoi-kozyri': 'generated.svoi_kozyri',
    'teams-of-three': 'generated.teams_of_three',
    'transfer': 'generated.transfer',
    'weli': 'generated.weli',
}


def load(name):
    """The engine module of a bundled variant, by variant name."""
    try:
        return importlib.import_module(MODULES[name])
    except KeyError:
        raise ValueError(f"no generated engine for {name!r}; known: {', '.join(ENGINES)}") from None
