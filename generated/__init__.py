# GENERATED FILE - DO NOT EDIT BY HAND.
# The engines durakc 0.1.0 built from variants/*.yaml and variants/house/*.yaml;
# run `durakc build` to regenerate.
"""Generated Durak engines, one module per bundled variant."""

import importlib
from types import ModuleType

ENGINES = (
    'albanian',
    'changeable-trump',
    'crazy',
    'double-durak',
    'durak52',
    'epaulettes',
    'everything-dealt',
    'fallen-ace',
    'first-round-five',
    'five-until-discard',
    'jokers',
    'kyiv',
    'ladder',
    'lopsided-redeal',
    'mini',
    'neighbours',
    'no-stock',
    'no-trump',
    'one-colour-redeal',
    'one-joker',
    'pairs',
    'podkidnoy',
    'podkidnoy-left',
    'poker',
    'proyezdnoy',
    'railroad',
    'redeal-on-request',
    'siberian',
    'siege',
    'spades-for-spades',
    'svoi-kozyri',
    'teach-the-fool',
    'teams-of-three',
    'transfer',
    'trump-aside',
    'trump-six',
    'trumps-by-lot',
    'weli',
)
"""Names of the bundled variants that have an engine here."""

MODULES = {  # variant name -> module name inside this package
    'albanian': 'albanian',
    'changeable-trump': 'changeable_trump',
    'crazy': 'crazy',
    'double-durak': 'double_durak',
    'durak52': 'durak52',
    'epaulettes': 'epaulettes',
    'everything-dealt': 'everything_dealt',
    'fallen-ace': 'fallen_ace',
    'first-round-five': 'first_round_five',
    'five-until-discard': 'five_until_discard',
    'jokers': 'jokers',
    'kyiv': 'kyiv',
    'ladder': 'ladder',
    'lopsided-redeal': 'lopsided_redeal',
    'mini': 'mini',
    'neighbours': 'neighbours',
    'no-stock': 'no_stock',
    'no-trump': 'no_trump',
    'one-colour-redeal': 'one_colour_redeal',
    'one-joker': 'one_joker',
    'pairs': 'pairs',
    'podkidnoy': 'podkidnoy',
    'podkidnoy-left': 'podkidnoy_left',
    'poker': 'poker',
    'proyezdnoy': 'proyezdnoy',
    'railroad': 'railroad',
    'redeal-on-request': 'redeal_on_request',
    'siberian': 'siberian',
    'siege': 'siege',
    'spades-for-spades': 'spades_for_spades',
    'svoi-kozyri': 'svoi_kozyri',
    'teach-the-fool': 'teach_the_fool',
    'teams-of-three': 'teams_of_three',
    'transfer': 'transfer',
    'trump-aside': 'trump_aside',
    'trump-six': 'trump_six',
    'trumps-by-lot': 'trumps_by_lot',
    'weli': 'weli',
}


def load(name: str) -> ModuleType:
    """The engine module of a bundled variant, by variant name."""
    try:
        module = MODULES[name]
    except KeyError:
        raise ValueError(f"no generated engine for {name!r}; known: {', '.join(ENGINES)}") from None
    return importlib.import_module("." + module, __name__)
