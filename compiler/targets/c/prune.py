"""Drop the file-local helpers and tables a rendered C engine never reads.

The C templates define static helpers and constant tables for the capabilities and
expressions that may need them (`longest_suit`, `set_ranks`, `place_of`, `expr_min`,
`NOPEN`, ...).  Which of them a variant's code calls depends on every emitted expression
and every template branch together, so deciding it up front, key by key, misses cases;
and an unused static function or constant fails `-Wall -Wextra -Werror` under gcc or
clang (unused-function, unused-const-variable).  `prune_unused` decides it afterwards, on
the rendered text: a top-level `static` definition whose name occurs nowhere else in the
file is removed together with its comment, until none is left (a helper only an unused
helper called goes in the next pass).  A name that occurs anywhere else in the code, a
macro included, is kept (comments and string literals are not code: an expression's text
quoted in a comment reads no helper); the pass only ever removes what nothing can reach.

The generated layout this reads: a definition starts at column 0 with `static`; a
function's body opens with `{` and closes with `}` at column 0; a table's initialiser
closes with `};` at column 0 or on its own first line; a comment that ends on the line
just above a definition documents it.
"""

from __future__ import annotations

import re
from collections import Counter

_FUNCTION = re.compile(r"static (?:inline )?[A-Za-z_][\w \*]*?\b([A-Za-z_]\w*)\(")
_TABLE = re.compile(r"static const [A-Za-z_][\w \*]*?\b([A-Za-z_]\w*)(?:\[[^=]*\])+ =")


def prune_unused(source: str) -> str:
    """`source` without the top-level static definitions nothing in it refers to."""
    lines = source.split("\n")
    text = _code_only(source)
    code = text.split("\n")
    total = Counter(_WORD.findall(text))
    alive = [(item, _own_words(code, item)) for item in _definitions(code, lines)]
    drop: set[int] = set()
    while True:
        dead = [(item, own) for item, own in alive if total[item[0]] <= own[item[0]]]
        if not dead:
            break
        alive = [entry for entry in alive if entry not in dead]
        for (_name, first, last, prototypes), own in dead:
            total.subtract(own)
            drop.update(range(first, last + 1))
            drop.update(prototypes)
    return "\n".join(_without(lines, drop))


def _own_words(code: list[str], item) -> Counter:
    """How often each identifier occurs in the definition `item` and its prototypes."""
    _name, first, last, prototypes = item
    return Counter(_WORD.findall("\n".join([*code[first:last + 1], *(code[i] for i in prototypes)])))


def _without(lines: list[str], drop: set[int]) -> list[str]:
    """`lines` without the lines in `drop`; where dropped lines stood between two blank
    lines, one blank line stays between their neighbours."""
    out: list[str] = []
    skipped = False
    for i, line in enumerate(lines):
        if i in drop:
            skipped = True
        elif not (skipped and line == "" and out and out[-1] == ""):
            out.append(line)
            skipped = False
    return out


def _definitions(lines: list[str], source: list[str]) -> list[tuple[str, int, int, list[int]]]:
    """(name, first line with its comment, last line, prototype lines) of each static
    function defined or constant table initialised at the top level: `lines` are the code
    (`_code_only`), `source` the same lines with their comments."""
    items = []
    prototypes: dict[str, list[int]] = {}
    i = 0
    while i < len(lines):
        line = lines[i]
        function, table = _FUNCTION.match(line), _TABLE.match(line)
        if function and line.rstrip().endswith(";"):
            prototypes.setdefault(function.group(1), []).append(i)
            i += 1
            continue
        if function:
            last = _closing(lines, i, "}")
        elif table:
            last = i if line.rstrip().endswith(";") else _closing(lines, i, "};")
        else:
            i += 1
            continue
        if last is None:  # not the layout this pass knows: keep it
            i += 1
            continue
        name = (function or table).group(1)
        items.append((name, _comment_start(source, i), last, []))
        i = last + 1
    return [(name, first, last, prototypes.get(name, [])) for name, first, last, _ in items]


def _closing(lines: list[str], start: int, close: str) -> int | None:
    """The line closing the definition that starts at `start` (a column-0 `close`)."""
    for j in range(start, len(lines)):
        if lines[j].rstrip() == close or (j > start and lines[j].startswith("static ")):
            return j if lines[j].rstrip() == close else None
    return None


def _comment_start(lines: list[str], i: int) -> int:
    """The first line of the top-level comment just above line `i`, or `i`."""
    j = i - 1
    if j < 0 or not lines[j].rstrip().endswith("*/"):
        return i
    while j >= 0 and not lines[j].startswith("/*"):
        if not lines[j].startswith(" *"):  # not a comment of its own: code ends there
            return i
        j -= 1
    return j if j >= 0 else i


_WORD = re.compile(r"[A-Za-z_]\w*")
_NOT_CODE = re.compile(r'"(?:\\.|[^"\\\n])*"|/\*.*?\*/', re.DOTALL)


def _code_only(text: str) -> str:
    """`text` with its comments and string literals blanked (line breaks kept)."""
    return _NOT_CODE.sub(lambda m: "\n".join(" " * len(part) for part in m.group(0).split("\n")),
                         text)


def _referenced(code: list[str], total: Counter, item) -> bool:
    """Does the name of `item` occur outside its own definition and prototypes? (`code`: the
    lines without comments, `total`: how often each identifier occurs in all of them)"""
    name, first, last, prototypes = item
    own_lines = [*code[first:last + 1], *(code[i] for i in prototypes)]
    own = len(re.findall(rf"(?<![\w]){name}(?![\w])", "\n".join(own_lines)))
    return total[name] > own
