"""The checker of the expression language: Lark parse trees to typed AST nodes.

`Checker.check` turns a Lark parse tree (grammar `expr.lark`) into a tree of
`Node`s (`durakc.expr.nodes`), resolving names against an environment and type-checking as
it goes.  Every problem is collected (a sub-expression with an error gets the type None
and is not complained about again), so one run reports them all.

The node classes and `simplify` (`durakc.expr.simplify`) are importable from here too.
"""

from __future__ import annotations

from lark import Token, Tree

from durakc.diagnostics import did_you_mean
from durakc.expr.check_sets import CALLABLE, COLLECTION_FUNCTIONS, SetRules
from durakc.expr.nodes import (
    AND,
    ATOM,
    CMP,
    COND,
    FUNCTIONS,
    NEG,
    NOT,
    OR,
    SUM,
    Binary,
    BoolLit,
    Call,
    Compare,
    Cond,
    Field,
    Inherited,
    Name,
    Neg,
    Node,
    Not,
    Num,
    RankLit,
    SuitLit,
)
from durakc.expr.option_name import OptionName
from durakc.expr.seats import FUNCTION_TYPE, SeatCall
from durakc.expr.simplify import simplify
from durakc.expr.type_rules import FAILED, MAX_LITERAL, Problem, Typed
from durakc.schema.keys import ALL_RANKS, CARD_FIELDS, COLOURS, SUITS

RANK_LETTERS = {r: ALL_RANKS.index(r) for r in ALL_RANKS if not r.isdigit()}
"""Bare names that are rank literals: J, Q, K, A."""

BOOL_NAMES = {"true": True, "True": True, "false": False, "False": False}

_OPS = {"in_op": "in", "not_in_op": "not in"}
"""The comparison operators the grammar gives as rules rather than tokens."""

_CALLABLE = CALLABLE


class Checker(SetRules):
    """Checks parse trees of one expression text against one environment.

    `env` maps names to ``(type, doc)`` as `schema.ENVIRONMENTS` does;
    `parent` is the inherited expression's root node and type, or None.
    After `check`, `problems` holds every problem and `names` the names used.
    """

    def __init__(self, text: str, env: dict[str, tuple[str, str]],
                 parent: tuple[Node, str, frozenset] | None = None,
                 options: dict[str, tuple] | None = None):
        super().__init__(text)
        self.env = {**env, **options} if options else env
        self.options = options or {}
        self.parent = parent
        self.names: set[str] = set()

    # -- parse tree spans -------------------------------------------------------
    @staticmethod
    def _span(tree: Tree) -> tuple[int, int]:
        return tree.meta.start_pos, tree.meta.end_pos

    @staticmethod
    def _tok_span(tok: Token) -> tuple[int, int]:
        return tok.start_pos, tok.end_pos

    # -- dispatch -------------------------------------------------------------
    def check(self, tree: Tree) -> Typed:
        """Check `tree`; returns its node and type, or `FAILED` after problems."""
        method = getattr(self, f"_check_{tree.data}")
        return method(tree, *self._span(tree))

    def _check_number(self, tree, start, end) -> Typed:
        text = str(tree.children[0])
        if len(text) > len(str(MAX_LITERAL)) or int(text) > MAX_LITERAL:
            shown = text if len(text) <= 12 else text[:9] + "..."
            self._report(f"{shown} is too large: whole numbers may be at most {MAX_LITERAL:,} "
                         "(no rule needs more)", (start, end))
            return FAILED
        return Num(value=int(text), start=start, end=end), "int"

    def _check_name(self, tree, start, end) -> Typed:
        word = str(tree.children[0])
        span = {"start": start, "end": end}
        if word in self.env:
            self.names.add(word)
            typ = self.env[word][0]
            if typ == FUNCTION_TYPE:  # a seat relation (issue 31)
                self._report(f"'{word}' must be called, e.g. {word}(me)", (start, end))
                return FAILED
            if word in self.options:  # a table setting (spec `options:`): (type, doc, bounds)
                return OptionName(name=word, type=typ, bounds=self.options[word][2], **span), typ
            return Name(name=word, type=typ, **span), typ
        if word == "inherited":
            if self.parent is None:
                self._report("unknown name 'inherited' (this key has no inherited value)",
                             (start, end))
                return FAILED
            inner, typ, names = self.parent
            self.names.update(names)
            return Inherited(inner=inner, **span), typ
        if word in BOOL_NAMES:
            return BoolLit(value=BOOL_NAMES[word], **span), "bool"
        if word in RANK_LETTERS:
            return RankLit(index=RANK_LETTERS[word], **span), "rank"
        if word in SUITS:
            return SuitLit(suit=word, **span), "suit"
        if word in COLOURS:  # jokers (J2): red, black
            return SuitLit(suit=word, **span), "colour"
        if word in FUNCTIONS or word in COLLECTION_FUNCTIONS:
            example = f"{word}(a, b)" if word in FUNCTIONS else f"{word}(x)"
            self._report(f"'{word}' must be called, e.g. {example}", (start, end))
            return FAILED
        hint = did_you_mean(word, [*self.env, "true", "false"])
        self._report(f"unknown name '{word}'{hint}; {self._names_here()}", (start, end))
        return FAILED

    def _names_here(self) -> str:
        """The names this expression may use, for an unknown-name message."""
        names = [*self.env, *(["inherited"] if self.parent is not None else [])]
        return "names here: " + ", ".join(names) if names else "no names here"

    def _check_field(self, tree, start, end) -> Typed:
        base_tree, name = tree.children
        base, typ = self.check(base_tree)
        if typ is None:
            return FAILED
        if typ != "card":
            return self._set_field((base, typ), str(name), start, end, self._tok_span(name))
        if name not in CARD_FIELDS:
            fields = ", ".join(sorted(CARD_FIELDS))
            hint = did_you_mean(str(name), CARD_FIELDS)
            self._report(f"card {self._quote(base)} has no field '{name}'{hint} (fields: {fields})",
                         self._tok_span(name))
            return FAILED
        return Field(base=base, field=str(name), start=start, end=end), CARD_FIELDS[name][0]

    def _check_call(self, tree, start, end) -> Typed:
        callee, arglist = tree.children
        args = [self.check(a) for a in (arglist.children if arglist else [])]
        if callee.data == "field":
            return self._method(callee, args, start, end)
        if callee.data != "name":
            self._report(f"only {_CALLABLE} can be called", self._span(callee))
            return FAILED
        func = str(callee.children[0])
        if self.env.get(func, ("",))[0] == FUNCTION_TYPE:
            return self._seat_call(func, args, start, end)
        if func in COLLECTION_FUNCTIONS:
            return self._collection_call(func, args, start, end)
        if func not in FUNCTIONS:
            relations = [n for n, t in self.env.items() if t[0] == FUNCTION_TYPE]
            hint = did_you_mean(func, [*relations, *COLLECTION_FUNCTIONS, *FUNCTIONS])
            self._report(f"'{func}' can not be called{hint} (only {_CALLABLE})",
                         self._span(callee))
            return FAILED
        if len(args) < 2:
            self._report(f"'{func}' needs at least two arguments", (start, end))
            return FAILED
        args = self._unify(args)
        if any(typ is None for _, typ in args):
            return FAILED
        if not self._same_ordered_type(args, f"'{func}'", "arguments"):
            return FAILED
        return Call(func=func, args=tuple(n for n, _ in args), start=start, end=end), args[0][1]

    def _seat_call(self, func: str, args: list[Typed], start: int, end: int) -> Typed:
        """``left_of(s)``, ``right_of(s)``: the seat next to seat s (issue 31)."""
        if any(typ is None for _, typ in args):
            return FAILED
        if len(args) != 1:
            self._report(f"'{func}' needs one argument: a seat, e.g. {func}(me)", (start, end))
            return FAILED
        if not self._require(args[0], "int", f"{func}(s) needs a seat number s, e.g. {func}(me)"):
            return FAILED
        self.names.add(func)
        return SeatCall(func=func, arg=args[0][0], start=start, end=end), "int"

    def _check_neg(self, tree, start, end) -> Typed:
        operand = self.check(tree.children[1])
        if not self._require(operand, "int", "'-' needs an int operand"):
            return FAILED
        return Neg(operand=operand[0], start=start, end=end), "int"

    def _check_arith(self, tree, start, end) -> Typed:
        left_tree, op, right_tree = tree.children
        return self._binary(str(op), left_tree, right_tree, "int", start, end)

    def _check_and_op(self, tree, start, end) -> Typed:
        return self._binary("and", *tree.children, "bool", start, end)

    def _check_or_op(self, tree, start, end) -> Typed:
        return self._binary("or", *tree.children, "bool", start, end)

    def _binary(self, op, left_tree, right_tree, typ, start, end) -> Typed:
        left, right = self.check(left_tree), self.check(right_tree)
        what = f"'{op}' needs {typ} operands"
        ok_left = self._require(left, typ, what)
        ok_right = self._require(right, typ, what)
        if not (ok_left and ok_right):
            return FAILED
        return Binary(op=op, left=left[0], right=right[0], start=start, end=end), typ

    def _check_not_op(self, tree, start, end) -> Typed:
        operand = self.check(tree.children[0])
        if not self._require(operand, "bool", "'not' needs a bool operand"):
            return FAILED
        return Not(operand=operand[0], start=start, end=end), "bool"

    def _check_compare(self, tree, start, end) -> Typed:
        operands = [self.check(t) for t in tree.children[0::2]]
        ops = [_OPS.get(getattr(t, "data", None), str(t)) for t in tree.children[1::2]]
        if any(op in ("in", "not in") for op in ops):
            if len(ops) > 1:
                self._report("'in' can not be chained with another comparison: use 'and'",
                             (start, end))
                return FAILED
            return self._member(operands[0], ops[0], operands[1], start, end)
        operands = self._unify(operands)
        ok = True
        for i, op in enumerate(ops):
            pair = operands[i:i + 2]
            if any(typ is None for _, typ in pair):
                ok = False
            elif op in ("==", "!="):
                ok = self._check_equality(op, pair) and ok
            else:
                ok = self._same_ordered_type(pair, f"'{op}'", "operands") and ok
        if not ok:
            return FAILED
        return Compare(operands=tuple(n for n, _ in operands), ops=tuple(ops),
                       start=start, end=end), "bool"

    def _check_cond(self, tree, start, end) -> Typed:
        then, cond, other = (self.check(t) for t in tree.children)
        ok = self._require(cond, "bool", "'if' needs a bool condition")
        then, other = self._unify([then, other])
        if then[1] is None or other[1] is None:
            return FAILED
        if then[1] != other[1]:
            self._report(f"{self._is(then[0], then[1])} but {self._is(other[0], other[1])}, "
                         "both branches of 'if' need one type", (start, end))
            return FAILED
        if not ok:
            return FAILED
        return Cond(then=then[0], cond=cond[0], other=other[0], start=start, end=end), then[1]


__all__ = ["AND", "ATOM", "BOOL_NAMES", "CMP", "COND", "FUNCTIONS", "NEG", "NOT", "OR",
           "RANK_LETTERS", "SUM", "Binary", "BoolLit", "Call", "Checker", "Compare", "Cond",
           "Field", "Inherited", "Name", "Neg", "Node", "Not", "Num", "Problem", "RankLit",
           "SuitLit", "Typed", "simplify"]
