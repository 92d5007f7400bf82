"""The spec fuzz's generator itself: well-typed expressions, every key drawn, repeatable specs."""

from __future__ import annotations

import random

import pytest

from durakc.expr.language import compile_expr
from durakc.schema.keys import ENVIRONMENTS, KEYS
from tests.fuzz.random_exprs import ExprDrawer
from tests.fuzz.schema_specs import PARENTS, accepted_spec, draw_spec

WRAPPED = {"int": "{}", "bool": "{}", "rank": "({0}) == ({0})", "suit": "({0}) == ({0})",
           "colour": "({0}) == ({0})", "cards": "len({}) >= 0", "ranks": "len({}) >= 0",
           "suits": "len({}) >= 0"}
"""An expression of the key result types (int, bool) holding a drawn one of each type."""


@pytest.mark.parametrize("env", sorted(ENVIRONMENTS))
def test_drawn_expressions_are_well_typed(env):
    """Every drawn text type-checks in its environment with the type asked for (the checker
    may still refuse a spec for other reasons, but never for a type the drawer got wrong)."""
    for typ, wrapper in WRAPPED.items():
        for seed in range(40):
            drawer = ExprDrawer(random.Random(seed), ENVIRONMENTS[env])
            if not drawer.can(typ):
                continue
            text = wrapper.format(drawer.draw(typ))
            compiled = compile_expr(text, env, "int" if typ == "int" else "bool")
            assert not isinstance(compiled, list), (text, [p.message for p in compiled])


def test_every_rule_key_and_parent_is_drawn():
    drawn_keys, parents = set(), set()
    for number in range(300):
        spec = draw_spec(random.Random(number), number)
        parents.add(spec["extends"])
        drawn_keys |= {f"{head}.{tail}" for head, group in spec["rules"].items() for tail in group}
    assert {k.path for k in KEYS if not k.reserved} - drawn_keys == set()
    assert {name for name, _ in PARENTS} - parents == set()


def test_a_spec_number_always_gives_the_same_spec(tmp_path):
    (tmp_path / "a").mkdir()
    first = accepted_spec(7, tmp_path / "a")
    again = accepted_spec(7, tmp_path)
    assert first.text == again.text and first.spec.sha256 == again.spec.sha256
    assert accepted_spec(8, tmp_path).text != first.text
