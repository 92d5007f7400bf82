"""Fast paths of the C engine for a spec's table settings (`options:`, issue 32 item 4).

An expression that reads an option is evaluated at run time; where one option's value folds
it to what the rule's default does, the C engine tests that value first and takes the
default's code (`state.c.j2`, `entitled`): table at its defaults then does the work of the
variant it extends.
"""

from __future__ import annotations

from durakc.expr.emit_c import NotInC


def folding_option(spec, expr, names: dict, consts: dict, folded: str) -> str | None:
    """A C condition over one option (`g->opt_<name> == value`) under which `expr` (in C
    with `names` and `consts`) folds to the C text `folded`; None when no value of an
    option folds it so (a range's values are not tried: it may span many)."""
    for option in spec.options:
        if option.range:
            continue
        for value in option.values:
            try:
                text = expr.to_c(names, {**consts, option.name: value})
            except NotInC:
                return None
            if text == folded:
                return f"g->opt_{option.name} == {int(value)}"
    return None
