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
    'fallen-ace',
    'first-round-five',
    'five-until-discard',
    'jokers',
    'kyiv',
    'ladder',
    'lopsided-redeal',
    'mini',
    'neighbours',
    'no-aces-thrown',
    'no-last-card-transfer',
    'no-throw-after-take',
    'no-trump',
    'opening-rank-only',
    'pairs',
    'podkidnoy',
    'podkidnoy-left',
    'poker',
    'proyezdnoy',
    'railroad',
    'rank-or-suit',
    'siberian',
    'siege',
    'spades-for-spades',
    'suit-or-trump',
    'svoi-kozyri',
    'teach-the-fool',
    'teams-of-three',
    'threes-and-fives',
    'transfer',
    'treshka',
    'trump-six',
    'trump-transfer',
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
    'fallen-ace': 'fallen_ace',
    'first-round-five': 'first_round_five',
    'five-until-discard': 'five_until_discard',
    'jokers': 'jokers',
    'kyiv': 'kyiv',
    'ladder': 'ladder',
    'lopsided-redeal': 'lopsided_redeal',
    'mini': 'mini',
    'neighbours': 'neighbours',
    'no-aces-thrown': 'no_aces_thrown',
    'no-last-card-transfer': 'no_last_card_transfer',
    'no-throw-after-take': 'no_throw_after_take',
    'no-trump': 'no_trump',
    'opening-rank-only': 'opening_rank_only',
    'pairs': 'pairs',
    'podkidnoy': 'podkidnoy',
    'podkidnoy-left': 'podkidnoy_left',
    'poker': 'poker',
    'proyezdnoy': 'proyezdnoy',
    'railroad': 'railroad',
    'rank-or-suit': 'rank_or_suit',
    'siberian': 'siberian',
    'siege': 'siege',
    'spades-for-spades': 'spades_for_spades',
    'suit-or-trump': 'suit_or_trump',
    'svoi-kozyri': 'svoi_kozyri',
    'teach-the-fool': 'teach_the_fool',
    'teams-of-three': 'teams_of_three',
    'threes-and-fives': 'threes_and_fives',
    'transfer': 'transfer',
    'treshka': 'treshka',
    'trump-six': 'trump_six',
    'trump-transfer': 'trump_transfer',
    'weli': 'weli',
}


def load(name: str) -> ModuleType:
    """The engine module of a bundled variant, by variant name."""
    try:
        module = MODULES[name]
    except KeyError:
        raise ValueError(f"no generated engine for {name!r}; known: {', '.join(ENGINES)}") from None
    return importlib.import_module("." + module, __name__)
