"""Integer ranges: the interval every integer sub-expression can take (issue 19, 1a).

An expression means the same number on every backend only if no backend overflows.  The
rules that make that so, documented in the README's expression section:

- a whole number written in an expression is at most `MAX_LITERAL` (1,000,000);
- every int name has a range (`schema.NAME_RANGES`), and so has every count of cards
  (`len`, `count`, `pairs`, `longest_suit`: 0..CARDS_MAX);
- `interval(node)` follows `+`, `-`, `min`, `max` and `if` from those ranges; an int
  expression whose result may lie outside a 32-bit int (`STORE_RANGE`), where engines store
  it, is refused at its text;
- an expression whose intermediate values may leave the 32-bit range (long sums of large
  counters) is `wide`: the C target then computes it in 64-bit `long long`, which the
  limits on literals, names and expression size (5,000 parts) keep far from overflowing.
  Python's integers never overflow, so both compute the same number.
"""

from __future__ import annotations

from durakc.envs.bounds import SEAT_RANGE
from durakc.expr.nodes import Binary, Call, Cond, Inherited, Name, Neg, Node, Num
from durakc.expr.seats import SeatCall
from durakc.expr.sets import Count, Len, SetField
from durakc.schema.envs import COUNT_RANGE, INT_MAX
from durakc.schema.keys import NAME_RANGES

STORE_RANGE = (-INT_MAX - 1, INT_MAX)
"""What an engine's 32-bit int holds: an int expression's result must lie within it."""

Interval = tuple[int, int]


def interval(node: Node, env: str) -> Interval | None:
    """The values an int-typed `node` can take in environment `env` (None: not an int)."""
    if isinstance(node, Inherited):
        return interval(node.inner, env)
    if isinstance(node, Num):
        return (node.value, node.value)
    if isinstance(node, Name):
        if node.type != "int":
            return None
        bounds = getattr(node, "bounds", None)  # a table setting's range (expr.option_name)
        return bounds if bounds is not None else NAME_RANGES.get(env, {}).get(node.name, STORE_RANGE)
    if isinstance(node, Neg):
        low, high = interval(node.operand, env)
        return (-high, -low)
    if isinstance(node, Binary) and node.op in ("+", "-"):
        (a, b), (c, d) = interval(node.left, env), interval(node.right, env)
        return (a + c, b + d) if node.op == "+" else (a - d, b - c)
    if isinstance(node, Call):
        parts = [interval(arg, env) for arg in node.args]
        if any(p is None for p in parts):
            return None  # min/max of ranks
        pick = min if node.func == "min" else max
        return (pick(p[0] for p in parts), pick(p[1] for p in parts))
    if isinstance(node, Cond):
        then, other = interval(node.then, env), interval(node.other, env)
        if then is None or other is None:
            return None
        return (min(then[0], other[0]), max(then[1], other[1]))
    if isinstance(node, SeatCall):  # a seat (issue 31)
        return SEAT_RANGE
    if isinstance(node, (Len, Count)) or (isinstance(node, SetField)
                                          and node.field in ("pairs", "longest_suit")):
        return COUNT_RANGE
    return None


def is_wide(node: Node, env: str) -> bool:
    """Does some integer sub-expression of `node` possibly leave the 32-bit range?"""
    stack = [node]
    while stack:
        n = stack.pop()
        span = interval(n, env)
        if span is not None and not STORE_RANGE[0] <= span[0] <= span[1] <= STORE_RANGE[1]:
            return True
        stack.extend(n.children())
    return False


def result_problem(node: Node, env: str) -> str | None:
    """Why an int result can not be stored, or None."""
    span = interval(node, env)
    if span is None:
        return None
    low, high = span
    if low < STORE_RANGE[0] or high > STORE_RANGE[1]:
        reach = f"{high:,}" if high > STORE_RANGE[1] else f"{low:,}"
        return (f"this expression can reach {reach}, outside the whole numbers an engine "
                f"stores ({STORE_RANGE[0]:,} to {STORE_RANGE[1]:,})")
    return None
