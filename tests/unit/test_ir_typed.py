"""The IR holds checked expression trees, never target source text (issue 30 item 1).

Every capability section of every bundled variant holds its run-time expressions as
`BoundExpr` (a checked tree, its spec key and the environment it is read in), and each target
renders them in its own form (`durakc.targets.python.exprs`, `durakc.targets.c.exprs`).
"""

from __future__ import annotations

import dataclasses

import pytest

from durakc.envs import ENVS
from durakc.expr.language import Expr
from durakc.ir.bound import BoundExpr
from durakc.ir.build import build_ir
from durakc.spec import load_spec
from durakc.spec.files import bundled_names
from durakc.targets.c.exprs import c
from durakc.targets.python.exprs import noqa, py

TARGET_FORMS = ("self.", "EXPR_", "g->", "_mask(", "bit_count(", "popcount(")
"""Text only the Python or C forms of a name hold: no str of a section may contain one."""

SOURCE_FIELDS = ("code", "noqa", "python", "inline")
"""Field-name parts of the text sections held before: none may come back."""


@pytest.fixture(scope="module")
def irs():
    """Every bundled variant's IR, by name."""
    return {name: build_ir(load_spec(name)) for name in bundled_names()}


def _leaves(value, path):
    """(path, leaf) for every leaf of a section's value (dicts, lists and tuples walked)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from _leaves(item, f"{path}.{key}")
    elif isinstance(value, (list, tuple)):
        for item in value:
            yield from _leaves(item, f"{path}[]")
    else:
        yield path, value


def test_sections_hold_trees_and_data_never_target_source(irs):
    """A section's leaves are BoundExprs or plain data (bool, int, None, spec text); no str
    holds a target's form of a name, no field is named for source text, no bare Expr."""
    problems = []
    for name, ir in irs.items():
        for cap in ir.capabilities:
            for field in cap.values:
                if any(part in SOURCE_FIELDS or field.endswith(("_c", "_literal"))
                       for part in field.split("_")):
                    problems.append(f"{name}: {cap.name}.{field} is named for source text")
            for path, leaf in _leaves(cap.values, cap.name):
                if isinstance(leaf, Expr):
                    problems.append(f"{name}: {path} is a bare Expr (bind it: BoundExpr)")
                elif isinstance(leaf, str) and any(form in leaf for form in TARGET_FORMS):
                    problems.append(f"{name}: {path} holds target source {leaf!r}")
                elif not isinstance(leaf, (BoundExpr, str, int, type(None))):
                    problems.append(f"{name}: {path} is a {type(leaf).__name__}")
    assert not problems, "\n".join(problems)


def test_every_bound_expression_is_its_keys_checked_tree_in_a_known_environment(irs):
    """Each BoundExpr holds the spec key's own checked tree and names an environment of the
    one table (`durakc.envs.ENVS`); all the capability expressions of the bundled variants
    are covered (every section that evaluates one at run time)."""
    seen = set()
    for name, ir in irs.items():
        rules = load_spec(name).values
        for cap in ir.capabilities:
            for path, leaf in _leaves(cap.values, cap.name):
                if isinstance(leaf, BoundExpr):
                    seen.add(cap.name)
                    assert leaf.env in ENVS, (name, path, leaf.env)
                    if leaf.key.startswith("outcome.annotations."):
                        annotation = leaf.key.removeprefix("outcome.annotations.")
                        tree = rules["outcome.annotations"][annotation]
                    else:
                        tree = rules[leaf.key]
                    assert leaf.expr.canonical() == tree.canonical(), (name, path)
    assert seen >= {"limit_rule", "throw_in_rule", "deal_sizes", "redeal_rule", "redeal_offer",
                    "throw_card", "opening_rule", "annotations", "end_rule", "results",
                    "runtime_beats", "transfer", "show_trump"}


def _section(variant: str, capability: str):
    """The section `capability` of the bundled variant `variant`'s IR."""
    return next(cap for cap in build_ir(load_spec(variant)).capabilities
                if cap.name == capability)


def test_each_target_renders_a_section_expression_in_its_own_forms():
    """attack.limit `5 if discard == 0 else 6` (H1): the Python engine counts its discard
    mask, the C engine pops the count of its own; the same tree in both."""
    limit = _section("five-until-discard", "limit_rule").expr
    assert limit.text == "5 if discard == 0 else 6"
    assert py(limit, inline=True) == "(5 if self._discard.bit_count() == 0 else 6)"
    assert noqa(limit) == ""
    assert c(limit) == "((popcount(g->discard) == 0) ? 5 : 6)"


def test_throw_in_who_folds_the_seat_constants_the_section_binds():
    """throw_in.who `not partner_of_defender` under teams (PR2): the section binds the seat
    environment's constants, so only the defender's mates are tested at run time."""
    who = _section("pairs", "throw_in_rule").expr
    assert dict(who.constants) == {"is_defender": False}
    assert py(who) == "not (self._mates[defender] >> s & 1)"
    assert c(who) == "(!((MATES[n][dfd] >> s) & 1U))"


@pytest.mark.parametrize("variant", ["transfer", "hand-size-by-players", "table", "pairs"])
def test_the_top_level_sections_are_frozen_data_of_their_rule_groups(variant):
    """The IR is typed sections (deck, deal, trump, ...), each a frozen dataclass of data: no
    dict of values read by name, no target source text in any of them."""
    ir = build_ir(load_spec(variant))
    assert not hasattr(ir, "values")
    sections = ir.typed()
    assert set(sections) == {"meta", "deck", "players", "deal", "trump", "beats", "series",
                             "round", "choices"}
    for name, section in sections.items():
        assert dataclasses.is_dataclass(section), name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(section, dataclasses.fields(section)[0].name, None)
        for path, leaf in _leaves(dataclasses.asdict(section), name):
            assert not (isinstance(leaf, str) and any(form in leaf for form in TARGET_FORMS)), \
                (path, leaf)
    deck = 52 if variant == "table" else 36  # table: a deck option of up to 52 (issue 32)
    assert ir.deck.ncards == len(ir.deck.ranks) * len(ir.deck.suits) == deck
    if variant == "hand-size-by-players":  # HR31: HAND_SIZE is the largest, the table by players
        assert ir.deal.hand_size == 6 and ir.choices.hand_sizes == (0, 0, 6, 6, 6, 5, 5)
