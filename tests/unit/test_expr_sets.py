"""Collections in the expression language (durakc.expr.sets): checking, evaluation, and the
Python and C forms agreeing with the evaluation on random cards.

The emitted forms read the tables `durakc.ir.sets` computes; here they are built for a
36-card deck with two jokers and one wild six, and each expression is evaluated three
ways on the same random collections: by walking the tree (the reference interpreter's way),
as emitted Python, and as emitted C compiled with the system compiler.
"""

from __future__ import annotations

import random
import subprocess

import pytest

from durakc.expr.language import Card, compile_expr
from durakc.expr.partial import UNKNOWN
from durakc.ir.beats import identities as _identities
from durakc.ir.sets import card_sets_section
from durakc.native.build import find_compiler
from durakc.schema.keys import ALL_RANKS, JOKER_COLOURS

RANKS = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]
SUITS = ["S", "H", "D", "C"]
IDS = _identities(RANKS, SUITS, wild=(0,), jokers=2)  # 6S wild: 6S/S .. 6S/C after the jokers
TRUMP = 1  # hearts


def ok(text: str, env: str = "throw", result: str = "bool"):
    expr = compile_expr(text, env, result)
    assert not isinstance(expr, list), expr
    return expr


def problem(text: str, env: str = "throw", result: str = "bool") -> str:
    found = compile_expr(text, env, result)
    assert isinstance(found, list), text
    return found[0].message


# -- checking ------------------------------------------------------------------------------
@pytest.mark.parametrize("text,message", [
    ("c.rank in 6", "'6' is an int, 'in' needs a collection on its right (cards, ranks or suits)"),
    ("c.suit in table.ranks", ("'c.suit' is a suit but 'table.ranks' is a set of ranks, 'in' "
                              "needs a rank on its left")),
    ("len(c) > 0", "'c' is a card, len() needs a collection (cards, ranks or suits)"),
    ("table == attack", ("'table' is a collection of cards, '==' can not compare collections "
                        "(use 'in', or compare len(...))")),
    ("c.rank in [A, H]", "a list holds ranks or suits, not both"),
    ("c.rank in []", "an empty list has no type: write at least one rank or suit"),
    ("c.rank in [stock]", ("'stock' in a list: only rank and suit literals may be listed, "
                          "e.g. [K, A] or [H, D]")),
    ("table.foo > 0", ("cards 'table' have no field 'foo' (fields: longest_suit, pairs, ranks, "
                      "suits, trumps, count(x), of(x), above(x))")),
    ("table.count > 0", "'count' must be called, e.g. table.count(A)"),
    ("table.count(took) > 0", "'took' is a bool, count(x) needs a rank, a suit or a colour"),
    ("table.count(A, K) > 0", "count needs one argument: a rank, a suit or a colour"),
    ("c.rank < 7 in table.ranks", "'in' can not be chained with another comparison: use 'and'"),
    ("deck_rank(took) == c.rank", ("'took' is a bool, deck_rank(n) needs an int n (0: the "
                                  "lowest rank)")),
    ("len > 0", "'len' must be called, e.g. len(x)"),
    ("stock.count(A) > 0", ("'stock.count' can not be called (only min, max, len, deck_rank, "
                           "count, of and above)")),
    ("table[0]", "subscripts are not allowed (a list stands on its own: [K, A])"),
])
def test_collection_mistakes_are_refused_in_words(text, message):
    assert problem(text) == message


def test_number_literals_are_ranks_where_a_rank_is_wanted():
    assert ok("c.rank in [6, 10, A]").evaluate({"c": Card(8, "S", False)})
    assert ok("table.count(10) == 1").evaluate({"table": (Card(8, "S", False),)})
    assert problem("c.rank in [11]") == "11 is not a rank"


# -- three ways of evaluating ---------------------------------------------------------------
EXPRESSIONS = [
    "c.rank in table.ranks",
    "c.rank not in [K, A] and len(table) > 2",
    "c.suit in table.suits or c.is_trump",
    "table.count(A) >= 1 and table.count(red) == len(table)",
    "c in table",
    "table.pairs >= 2 or table.longest_suit >= 3",
    "len(table.trumps) == len(table) and not c.is_joker",
    "c.colour == black and c.suit != S and c.rank >= 10",
    "c.rank == deck_rank(len(attack)) or c.rank < deck_rank(0)",
    "len(attack.ranks) + len(table.suits) - table.count(H) > attack.count(black)",
    "c.rank in attack.ranks if took else c.suit in [H, D]",
    # issue 31: the cards of a rank, suit or colour, the cards ranked above a rank
    "len(table.of(c.suit).above(c.rank)) == 0",
    "len(attack.of(black)) + table.of(A).count(H) >= len(table.above(Q).of(c.suit))",
    "c in table.of(c.rank) and len(table.above(deck_rank(0))) > 1",
]


def _card(i: int) -> Card:
    text, rank, suit, _ = IDS[i]
    if rank is None:
        return Card.joker(JOKER_COLOURS[text])
    return Card(ALL_RANKS.index(rank), suit, suit == SUITS[TRUMP])


def _random_case(rng: random.Random) -> dict:
    table = rng.sample(range(len(IDS)), rng.randint(0, 8))
    attack = rng.sample(range(len(IDS)), rng.randint(0, 4))
    return {"c": rng.randrange(len(IDS)), "table": table, "attack": attack,
            "took": rng.random() < 0.5}


def _evaluated(expr, case: dict):
    values = {"c": _card(case["c"]), "table": tuple(_card(i) for i in case["table"]),
              "attack": tuple(_card(i) for i in case["attack"]), "took": case["took"],
              "$deck_ranks": tuple(ALL_RANKS.index(r) for r in RANKS)}
    return bool(expr.evaluate(values))


def _section():
    needs = set().union(*(ok(t).runtime_needs() for t in EXPRESSIONS))
    return card_sets_section(needs, IDS, RANKS, SUITS)


NAMES = {"c": "c", "table": "table", "attack": "attack", "took": "took",
         "$trumps": f"EXPR_TRUMP_IDS[{TRUMP}]"}


def _python_namespace() -> dict:
    """The engine's expression tables, rendered from the capability template."""
    from durakc.targets.templating import environment

    module = environment().get_template("capabilities/card_sets.py.j2").make_module(
        {"cap": _section()})
    namespace: dict = {}
    exec(module.expression_tables(), namespace)  # the tables an engine would hold
    return namespace


def test_emitted_python_agrees_with_the_evaluation():
    namespace = _python_namespace()
    rng = random.Random(4)
    for text in EXPRESSIONS:
        expr = ok(text)
        code = compile(expr.to_python(NAMES), "<expr>", "eval")
        for _ in range(300):
            case = _random_case(rng)
            env = dict(namespace, c=case["c"], took=case["took"],
                       table=sum(1 << i for i in case["table"]),
                       attack=sum(1 << i for i in case["attack"]))
            assert bool(eval(code, env)) == _evaluated(expr, case), (text, case)


def test_emitted_c_agrees_with_the_evaluation(tmp_path):
    cc = find_compiler()
    if cc is None:
        pytest.skip("no C compiler")
    from durakc.targets.templating import environment

    cap = _section()
    tables = environment().get_template("c/cap_card_sets.c.j2").make_module(
        {"cap": cap, "v": {}}).tables(default="")
    rng = random.Random(5)
    cases = [_random_case(rng) for _ in range(200)]
    names = dict(NAMES, **{"$trumps": f"EXPR_TRUMPS({TRUMP})"})
    functions = "\n".join(f"static int expr{i}(int c, mask_t table, mask_t attack, int took)\n"
                          f"{{ (void)c; (void)table; (void)attack; (void)took;\n"
                          f"  return ({ok(t).to_c(names)}) != 0; }}"
                          for i, t in enumerate(EXPRESSIONS))
    calls = "\n".join(
        f'    printf("%d", expr{i}({k["c"]}, {sum(1 << j for j in k["table"])}ULL, '
        f'{sum(1 << j for j in k["attack"])}ULL, {int(k["took"])}));'
        for i in range(len(EXPRESSIONS)) for k in cases)
    source = (f"#include <stdio.h>\ntypedef unsigned long long mask_t;\n#define NSUITS 4\n"
              f"static int popcount(mask_t m) {{ return __builtin_popcountll(m); }}\n"
              f"{tables}\n{functions}\nint main(void)\n{{\n{calls}\n    return 0;\n}}\n")
    (tmp_path / "sets.c").write_text(source)
    subprocess.run([*cc.split(), "-std=c99", "-Wall", "-Wextra", "-Werror", "-o",
                    str(tmp_path / "sets"), str(tmp_path / "sets.c")], check=True)
    out = subprocess.run([str(tmp_path / "sets")], capture_output=True, text=True, check=True)
    expected = "".join(str(int(_evaluated(ok(t), k))) for t in EXPRESSIONS for k in cases)
    assert out.stdout == expected


def test_an_engine_holds_only_the_tables_its_expressions_read():
    assert ok("c.rank in table.ranks").runtime_needs() == {"rank", "set_ranks"}
    assert ok("took").runtime_needs() == set()
    assert ok("c.is_trump and len(table) > 1").runtime_needs() == {"trumps"}


# -- unknown collections (the analysis) ------------------------------------------------------
def test_partial_evaluation_is_three_valued():
    expr = ok("c.rank in table.ranks and c.rank > A")
    assert expr.evaluate_partial({"c": Card(12, "S", False)}) is False
    expr = ok("c.rank in table.ranks or c.rank >= 6")
    assert expr.evaluate_partial({"c": Card(4, "S", False)}) is True
    assert expr.evaluate_partial({"c": Card(3, "S", False)}) is UNKNOWN
    expr = ok("len(table) if took else len(table)", result="int")
    assert expr.evaluate_partial({"took": True}) is UNKNOWN
