"""durakc.targets.c.prune: a rendered C engine keeps exactly the static helpers and tables its
code reads (strict C refuses unused ones: issue 29 item 4)."""

from __future__ import annotations

from durakc.targets.c.prune import prune_unused

SOURCE = """#include <stdint.h>

static int used(int x);

/* Only `unused_caller` calls it. */
static int helper(int x)
{
    return x + 1;
}

/* Nothing calls it: "helper(" in this comment and the string below are not calls. */
static int unused_caller(int x)
{
    return helper(x);
}

static const int TABLE[3] = { 1, 2, 3 };  /* read by used */
static const int SPARE[2] = { 4, 5 };
/* a table nobody reads,
 * over two comment lines */
static const unsigned char LONG[2][2] = {
    { 1, 2 },
    { 3, 4 },
};

static int used(int x)
{
    const char *text = "SPARE LONG";
    (void)text;
    return TABLE[x];
}

int api(int x)
{
    return used(x);
}
"""


def test_unread_helpers_and_tables_go_with_their_comments():
    pruned = prune_unused(SOURCE)
    for gone in ("helper", "unused_caller", "SPARE", "LONG", "Nothing calls it", "over two"):
        assert gone not in pruned.replace('"SPARE LONG"', ""), gone
    for kept in ("static int used(int x);", "TABLE[3]", "return TABLE[x];", "int api(int x)"):
        assert kept in pruned, kept


def test_a_helper_an_unread_helper_calls_goes_too_and_no_blank_lines_pile_up():
    pruned = prune_unused(SOURCE)
    assert "\n\n\n" not in pruned
    assert prune_unused(pruned) == pruned  # nothing left to remove


def test_a_file_that_reads_everything_is_unchanged():
    source = SOURCE.replace("int api(int x)\n{\n    return used(x);",
                            "int api(int x)\n{\n    return used(x) + unused_caller(x) + SPARE[0] + LONG[0][0];")
    assert prune_unused(source) == source


def test_unwrapped_drops_only_parentheses_around_the_whole_condition():
    """`if ((s == atk))` is an error under clang -Werror (-Wparentheses-equality): the C
    templates write conditions through `unwrapped`, which keeps inner groups intact."""
    from durakc.expr.emit_c import unwrapped

    assert unwrapped("(s == atk)") == "s == atk"
    assert unwrapped("((s == atk) || (n > 3))") == "(s == atk) || (n > 3)"
    assert unwrapped("(a) && (b)") == "(a) && (b)"
    assert unwrapped("f(x)") == "f(x)"
    assert unwrapped("1") == "1"
