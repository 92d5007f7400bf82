# GENERATED FILE - DO NOT EDIT BY HAND.
# The engines durakc 0.1.0 built from variants/*.yaml and variants/house/*.yaml;
# run `durakc build` to regenerate.
"""Generated Durak engines, one module per bundled variant."""

import importlib
from types import ModuleType

ENGINES = (
    'ace-points',
    'albanian',
    'changeable-trump',
    'closed-discard',
    'crazy',
    'double-durak',
    'durak52',
    'epaulette-ladder',
    'epaulettes',
    'everything-dealt',
    'fallen-ace',
    'first-out-wins',
    'first-round-five',
    'five-until-discard',
    'jokers',
    'kyiv',
    'ladder',
    'last-thrower-first',
    'lopsided-redeal',
    'match-to-three',
    'mini',
    'neighbours',
    'no-stock',
    'no-trump',
    'one-colour-redeal',
    'one-joker',
    'open-hands',
    'pairs',
    'podkidnoy',
    'podkidnoy-left',
    'poker',
    'proyezdnoy',
    'railroad',
    'redeal-on-request',
    'resign',
    'siberian',
    'siege',
    'spades-for-spades',
    'svoi-kozyri',
    'taker-draws-first',
    'teach-the-fool',
    'teams-of-three',
    'transfer',
    'trump-aside',
    'trump-six',
    'trumps-by-lot',
    'two-decks',
    'weli',
)
"""Names of the bundled variants that have an engine here."""

MODULES = {  # variant name -> module name inside this package
    'ace-points': 'ace_points',
    'albanian': 'albanian',
    'changeable-trump': 'changeable_trump',
    'closed-discard': 'closed_discard',
    'crazy': 'crazy',
    'double-durak': 'double_durak',
    'durak52': 'durak52',
    'epaulette-ladder': 'epaulette_ladder',
    'epaulettes': 'epaulettes',
    'everything-dealt': 'everything_dealt',
    'fallen-ace': 'fallen_ace',
    'first-out-wins': 'first_out_wins',
    'first-round-five': 'first_round_five',
    'five-until-discard': 'five_until_discard',
    'jokers': 'jokers',
    'kyiv': 'kyiv',
    'ladder': 'ladder',
    'last-thrower-first': 'last_thrower_first',
    'lopsided-redeal': 'lopsided_redeal',
    'match-to-three': 'match_to_three',
    'mini': 'mini',
    'neighbours': 'neighbours',
    'no-stock': 'no_stock',
    'no-trump': 'no_trump',
    'one-colour-redeal': 'one_colour_redeal',
    'one-joker': 'one_joker',
    'open-hands': 'open_hands',
    'pairs': 'pairs',
    'podkidnoy': 'podkidnoy',
    'podkidnoy-left': 'podkidnoy_left',
    'poker': 'poker',
    'proyezdnoy': 'proyezdnoy',
    'railroad': 'railroad',
    'redeal-on-request': 'redeal_on_request',
    'resign': 'resign',
    'siberian': 'siberian',
    'siege': 'siege',
    'spades-for-spades': 'spades_for_spades',
    'svoi-kozyri': 'svoi_kozyri',
    'taker-draws-first': 'taker_draws_first',
    'teach-the-fool': 'teach_the_fool',
    'teams-of-three': 'teams_of_three',
    'transfer': 'transfer',
    'trump-aside': 'trump_aside',
    'trump-six': 'trump_six',
    'trumps-by-lot': 'trumps_by_lot',
    'two-decks': 'two_decks',
    'weli': 'weli',
}


def load(name: str) -> ModuleType:
    """The engine module of a bundled variant, by variant name."""
    try:
        module = MODULES[name]
    except KeyError:
        raise ValueError(f"no generated engine for {name!r}; known: {', '.join(ENGINES)}") from None
    return importlib.import_module("." + module, __name__)
