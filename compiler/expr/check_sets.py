"""The checker's rules for collections: `in`, `len`, list literals, fields and `count` of a
`cards` value, `deck_rank(n)` (the nodes are in `durakc.expr.sets`).

`SetRules` is a mixin of `durakc.expr.check.Checker`: its methods are called from the
checker's own `_check_compare`, `_check_field` and `_check_call`, and `_check_list_lit` is
the grammar rule of list literals.
"""

from __future__ import annotations

from durakc.diagnostics import did_you_mean
from durakc.expr.nodes import Num, RankLit, SuitLit
from durakc.expr.sets import Count, DeckRank, Filter, Len, ListLit, Member, SetField
from durakc.expr.type_rules import FAILED, Typed, TypeRules
from durakc.schema.keys import SET_FIELDS, SET_METHODS, SET_TYPES

_COUNTABLE = ("rank", "suit", "colour")


class SetRules(TypeRules):
    """Type rules of the collection constructs (a mixin of the checker)."""

    names: set[str]  # the names used, kept by the checker

    def check(self, tree) -> Typed:  # pragma: no cover - the checker defines it
        raise NotImplementedError

    def _member(self, item: Typed, op: str, coll: Typed, start: int, end: int) -> Typed:
        """``item in coll`` / ``item not in coll``."""
        (inode, itype), (cnode, ctype) = item, coll
        if itype is None or ctype is None:
            return FAILED
        if ctype not in SET_TYPES:
            self._report(f"{self._is(cnode, ctype)}, '{op}' needs a collection on its right "
                         "(cards, ranks or suits)", (cnode.start, cnode.end))
            return FAILED
        element = SET_TYPES[ctype]
        if element == "rank" and itype == "int" and isinstance(inode, Num):
            item = self._to_rank(inode)
            inode, itype = item
            if itype is None:
                return FAILED
        if itype != element:
            self._report(f"{self._is(inode, itype)} but {self._is(cnode, ctype)}, '{op}' needs "
                         f"{_ARTICLE_OF[element]} on its left", (inode.start, cnode.end))
            return FAILED
        return Member(item=inode, collection=cnode, kind=ctype, negated=op == "not in",
                      start=start, end=end), "bool"

    def _check_list_lit(self, tree, start, end) -> Typed:
        arglist = tree.children[0]
        items = [self.check(a) for a in (arglist.children if arglist else [])]
        if not items:
            self._report("an empty list has no type: write at least one rank or suit",
                         (start, end))
            return FAILED
        if any(typ is None for _, typ in items):
            return FAILED
        items = [self._to_rank(n) if typ == "int" and isinstance(n, Num) else (n, typ)
                 for n, typ in items]
        if any(typ is None for _, typ in items):
            return FAILED
        for node, typ in items:
            if not isinstance(node, (RankLit, SuitLit)) or typ not in ("rank", "suit"):
                self._report(f"{self._quote(node)} in a list: only rank and suit literals "
                             "may be listed, e.g. [K, A] or [H, D]", (node.start, node.end))
                return FAILED
        kinds = {typ for _, typ in items}
        if len(kinds) > 1:
            self._report("a list holds ranks or suits, not both", (start, end))
            return FAILED
        kind = kinds.pop() + "s"
        return ListLit(items=tuple(n for n, _ in items), kind=kind, start=start, end=end), kind

    def _set_field(self, base: Typed, name, start: int, end: int, name_span) -> Typed:
        """A field of a `cards` value."""
        node, typ = base
        if typ != "cards":
            self._report(f"{self._is(node, typ)}, only cards have fields", (start, end))
            return FAILED
        if name in SET_METHODS:
            self._report(f"'{name}' must be called, e.g. {self._quote(node)[1:-1]}.{name}(A)",
                         name_span)
            return FAILED
        if name not in SET_FIELDS:
            fields = ", ".join([*sorted(SET_FIELDS), *(m + "(x)" for m in SET_METHODS)])
            hint = did_you_mean(str(name), [*SET_FIELDS, *SET_METHODS])
            self._report(f"cards {self._quote(node)} have no field '{name}'{hint} "
                         f"(fields: {fields})", name_span)
            return FAILED
        return SetField(base=node, field=str(name), start=start, end=end), SET_FIELDS[name][0]

    def _method(self, callee, args: list[Typed], start: int, end: int) -> Typed:
        """``cards.count(x)``, ``cards.of(x)`` and ``cards.above(r)``."""
        base_tree, name = callee.children
        base = self.check(base_tree)
        if base[1] is None or any(typ is None for _, typ in args):
            return FAILED
        node, typ = base
        if typ != "cards" or name not in SET_METHODS:
            callee_text = self._quote(callee_node(callee, node, name))
            hint = did_you_mean(str(name), list(SET_METHODS)) if typ == "cards" else ""
            self._report(f"{callee_text} can not be called{hint} (only {CALLABLE})",
                         self._span(callee))
            return FAILED
        wanted = _WANTED[str(name)]
        if len(args) != 1:
            self._report(f"{name} needs one argument: {wanted}", (start, end))
            return FAILED
        arg, atype = args[0]
        if atype == "int" and isinstance(arg, Num):
            arg, atype = self._to_rank(arg)
            if atype is None:
                return FAILED
        allowed = ("rank",) if name == "above" else _COUNTABLE
        if atype not in allowed:
            self._report(f"{self._is(arg, atype)}, {name}(x) needs {wanted}",
                         (arg.start, arg.end))
            return FAILED
        if name == "count":
            return Count(base=node, arg=arg, kind=atype, start=start, end=end), "int"
        kind = "above" if name == "above" else atype
        return Filter(base=node, arg=arg, kind=kind, start=start, end=end), "cards"

    def _collection_call(self, func: str, args: list[Typed], start: int, end: int) -> Typed:
        """``len(x)`` of a collection, ``deck_rank(n)`` of an int."""
        if any(typ is None for _, typ in args):
            return FAILED
        if len(args) != 1:
            self._report(f"'{func}' needs one argument", (start, end))
            return FAILED
        node, typ = args[0]
        if func == "len":
            if typ not in SET_TYPES:
                self._report(f"{self._is(node, typ)}, len() needs a collection (cards, ranks "
                             "or suits)", (node.start, node.end))
                return FAILED
            return Len(arg=node, start=start, end=end), "int"
        if not self._require(args[0], "int", "deck_rank(n) needs an int n (0: the lowest rank)"):
            return FAILED
        self.names.add("$deck_ranks")  # the value depends on the deck: never a constant
        return DeckRank(arg=node, start=start, end=end), "rank"


def callee_node(callee, base, name):
    """A stand-in node spanning `base.name`, for quoting a callee in a message."""
    return SetField(base=base, field=str(name), start=callee.meta.start_pos,
                    end=callee.meta.end_pos)


CALLABLE = "min, max, len, deck_rank, count, of and above"
"""What may be called, for messages."""

COLLECTION_FUNCTIONS = ("len", "deck_rank")
"""Functions of the collection rules, beside min and max."""

_WANTED = {"count": "a rank, a suit or a colour", "of": "a rank, a suit or a colour",
           "above": "a rank"}

_ARTICLE_OF = {"card": "a card", "rank": "a rank", "suit": "a suit"}
