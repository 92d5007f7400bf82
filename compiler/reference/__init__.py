"""The reference interpreter: any checked spec, played directly.

This package is the executable meaning of the spec language.  It reads the
checked spec (`durakc.spec.load_spec`, the same object the code generator
consumes) and plays it with card texts in plain lists, one plain method per
rule (rule IDs of `shared/rules/profiles.md` in each docstring) and expressions
evaluated by walking their checked trees.  No code is generated, nothing is a
bitmask, nothing is cached.  It is slow on purpose: it is written to be read,
by someone who writes a new backend, and to be compared with the generated
engines (`durakc.reference.differential`, `durakc verify`).

`load(spec)` returns an engine-like module object offering the engine contract
(`shared/contract/engine-api.md`): `VARIANT`, `new_game`, `from_position`,
`parse_action`, `IllegalAction`, `Action`, `Game`, so every suite that takes an
engine module takes it unchanged:

    >>> from durakc import reference
    >>> engine = reference.load("podkidnoy")
    >>> game = engine.new_game(3, seed=1)
"""

from __future__ import annotations

import types
from pathlib import Path

from durakc.reference.cards import Action, IllegalAction, InvalidGame
from durakc.reference.cards import parse_action as _parse_action
from durakc.reference.deal import deal_game
from durakc.reference.deal import from_position as _from_position
from durakc.reference.game import Game
from durakc.reference.options import default_options, options_class
from durakc.reference.variant import Variant
from durakc.spec import Spec, load_spec

__all__ = ["Action", "Game", "IllegalAction", "Variant", "load", "module_for"]


def load(spec: str | Path | Spec) -> types.ModuleType:
    """The reference engine of a spec: a bundled name, a spec file path, or a checked Spec.

    Raises `durakc.diagnostics.SpecError` for a spec that does not check.
    """
    if not isinstance(spec, Spec):
        spec = load_spec(spec)
    return module_for(spec)


def module_for(spec: Spec) -> types.ModuleType:
    """An engine-like module object for the checked `spec`."""
    variant = Variant(spec)
    game_class = type("Game", (Game,), {"variant": variant, "__module__": __name__,
                                        "options": default_options(spec.options)})
    first_rule = variant.value("first_attacker.first_game")
    module = types.ModuleType(f"durakc_reference_{spec.name.replace('-', '_')}",
                              f"Reference interpreter of the variant {spec.name!r}.")

    def new_game(players, seed=None, *, dealer=0, options=None):
        """Shuffle with random.Random(seed), deal, fix trump, choose the first attacker;
        `options` (name -> value) sets the spec's table settings (`options:`)."""
        return deal_game(options_class(game_class, options), players, seed, dealer, first_rule)

    def from_position(position):
        """A game at the start of a round (empty table), from a position dict."""
        return _from_position(game_class, position)

    def parse_action(text):
        """The Action for an action text; ValueError if it is not one of this deck."""
        return _parse_action(variant.deck, text)

    module.__dict__.update(
        VARIANT=variant.info, Game=game_class, Action=Action, IllegalAction=IllegalAction,
        InvalidGame=InvalidGame, new_game=new_game, from_position=from_position,
        parse_action=parse_action, variant=variant,
    )
    if spec.options:  # the table settings, as the engines give them (OPTIONS)
        module.OPTIONS = {o.name: o.as_dict() for o in spec.options}
    return module
