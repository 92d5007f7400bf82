"""The IR section of a spec's table settings (`options:`, issue 32 item 4): the capability
`options` (`templates/capabilities/options.py.j2`), used by specs that declare options only,
so every other engine stays byte-identical."""

from __future__ import annotations

from durakc.expr.option_name import option_slot
from durakc.ir.hooks import Capability
from durakc.spec.options import DECK_SIZE


def options_section(options: tuple) -> Capability | None:
    """The `options` capability of a spec's options (`durakc.spec.options.Option`), or None
    when it declares none.  Added last: it rewrites the `Game._start(...)` call that other
    capabilities' `new_game` hooks write."""
    if not options:
        return None
    return Capability("options", {
        "items": [{
            "name": o.name,
            "slot": option_slot(o.name),
            "index": k,
            "doc": f"option {o.name}: {o.text}" if o.text else f"option {o.name}",
            # the values it takes: a bool, an int in `bounds`, or one of `values`
            "type": o.type,
            "bounds": tuple(o.bounds) if o.type != "bool" and o.range else None,
            "values": tuple(o.values) if o.type != "bool" and not o.range else None,
            "takes": o.describe(),
        } for k, o in enumerate(options)],
        "options": {o.name: o.as_dict() for o in options},  # OPTIONS, as data
        "deck": _deck_section(options),
        "default_values": tuple(o.default for o in options),
        "defaults": [int(o.default) for o in options],  # the C engine's ints (targets/c)
    })


def _deck_section(options: tuple) -> dict | None:
    """The option that sets the deck's size (`sets: deck.size`): its name, index, default."""
    for k, o in enumerate(options):
        if o.sets == DECK_SIZE:
            return {"name": o.name, "index": k, "default": o.default}
    return None
