"""The IR section of a spec's table settings (`options:`, issue 32 item 4): the capability
`options` (`templates/capabilities/options.py.j2`), used by specs that declare options only,
so every other engine stays byte-identical."""

from __future__ import annotations

from durakc.expr.option_name import option_slot
from durakc.ir.hooks import Capability
from durakc.ir.pyliteral import py_literal
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
            "check": _check_text(o),
            "takes": o.describe(),
        } for k, o in enumerate(options)],
        "options_literal": py_literal({o.name: o.as_dict() for o in options}),
        "deck": _deck_section(options),
        "defaults_literal": py_literal(tuple(o.default for o in options)),
        "defaults": [int(o.default) for o in options],  # the C engine's ints (targets/c)
    })


def _check_text(option) -> str:
    """A Python condition over `value` that holds when option `option` takes it."""
    if option.type == "bool":
        return "type(value) is bool"
    if option.range:
        low, high = option.bounds
        return f"type(value) is int and {low} <= value <= {high}"
    return f"type(value) is int and value in {py_literal(tuple(option.values))}"


def _deck_section(options: tuple) -> dict | None:
    """The option that sets the deck's size (`sets: deck.size`): its name, index, default."""
    for k, o in enumerate(options):
        if o.sets == DECK_SIZE:
            return {"name": o.name, "index": k, "default": o.default}
    return None
