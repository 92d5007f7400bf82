"""The reference's table settings (a spec's `options:`, issue 32 item 4).

A game's options are a class attribute: `new_game(..., options=...)` deals a game of a
subclass of the variant's `Game` bound to the chosen values (one per combination, cached),
so `next_game` (which deals `type(self)`) carries them on and `Variant.read` adds them to
every environment the expressions read.
"""

from __future__ import annotations

from durakc.reference.cards import InvalidGame
from durakc.spec.options import deck_option, resolve


def default_options(options: tuple) -> dict:
    """{name: default} of a spec's options (empty for a spec without)."""
    return {o.name: o.default for o in options}


def options_class(game_class: type, given: dict | None) -> type:
    """The subclass of `game_class` whose games have the options `given` (checked, the
    defaults for the rest); `game_class` itself for a spec without options and none given.
    InvalidGame for an unknown name or a value the option does not take."""
    options = game_class.variant.spec.options
    if not options and not given:
        return game_class
    if given is not None and not isinstance(given, dict):
        raise InvalidGame(f"options are a dict of option name -> value, not {type(given).__name__}")
    try:
        chosen = resolve(options, given)
    except ValueError as exc:
        raise InvalidGame(str(exc)) from None
    cache = game_class.__dict__.get("_option_classes")
    if cache is None:
        cache = {}
        game_class._option_classes = cache
    key = tuple(chosen.items())
    if key not in cache:
        cache[key] = type("Game", (game_class,), {"options": chosen,
                                                  "__module__": game_class.__module__})
    return cache[key]


def in_play(variant, options: dict) -> list[str]:
    """The cards a game with `options` deals from, lowest first: the variant's deck, or its
    highest cards when an option sets deck.size (the highest ranks in every suit)."""
    cards = list(variant.deck.cards)
    option = deck_option(variant.spec.options)
    if option is None:
        return cards
    return cards[len(cards) - options[option.name]:]
