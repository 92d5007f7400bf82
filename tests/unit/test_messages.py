"""Error messages in plain words: YAML syntax errors, empty files, unknown names, prefixes."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from durakc.diagnostics import SpecError
from durakc.expr.language import compile_expr
from durakc.yamltree import errors as yamlerrors
from durakc.yamltree.read import parse_text

REPO = Path(__file__).resolve().parents[2]


def problems(text, name="s.yaml") -> list[str]:
    with pytest.raises(SpecError) as info:
        parse_text(text, name)
    return [d.format() for d in info.value.diagnostics]


# ---------------------------------------------------------------------------
# YAML syntax errors
# ---------------------------------------------------------------------------
@pytest.mark.parametrize("message,where,example", [
    (message, where, example) for message, where, examples in yamlerrors.EXAMPLES
    for example in examples])
def test_every_example_gets_its_own_message(message, where, example):
    (diag,) = problems(example)
    head = diag.split("\n", 1)[0]
    expected = message.format(char="", quote="", open="", found="")
    if "{" not in message:
        assert head.endswith(f": error: {expected}")
    assert "<block" not in diag and "<scalar>" not in diag and "invalid YAML" not in diag


def test_indentation_differs_from_the_lines_above():
    assert problems("name: x\nrules:\n  attack:\n    limit: 4\n   transfer: {}\n") == [
        ("s.yaml:5:4: error: this line is indented differently from the lines above it "
         "(the keys of one mapping must start in the same column)\n"
         "       transfer: {}\n"
         "       ^")]


def test_indented_under_a_key_that_has_a_value():
    assert problems("name: x\ntitle: y\n  extra: 1\n") == [
        ("s.yaml:3:8: error: this line is indented more than the line above it, but that "
         "line already has a value (indent a key only under a key with nothing after its ':')\n"
         "      extra: 1\n"
         "           ^")]


def test_key_missing_its_colon_points_at_that_key():
    assert problems("name: x\ntitle y\nrules: {}\n") == [
        ("s.yaml:2:1: error: a key is missing its ':'\n"
         "    title y\n"
         "    ^")]
    assert problems("rules:\n  attack\n  limit: 3\n") == [
        ("s.yaml:2:3: error: a key is missing its ':'\n"
         "      attack\n"
         "      ^~~~~~")]


def test_unclosed_quote_points_at_the_opening_quote():
    assert problems('name: x\ntitle: "abc\nrules: {}\n') == [
        ("s.yaml:2:8: error: unclosed quote: this string has no closing \"\n"
         "    title: \"abc\n"
         "           ^")]


def test_tab_indentation_and_value_with_colon():
    assert problems("name: x\nrules:\n\tattack: 1\n") == [
        ("s.yaml:3:1: error: a tab is used for indentation: indent with spaces only\n"
         "     attack: 1\n"  # the tab shows as one space
         "    ^")]
    assert problems("a: b: c\n") == [
        ("s.yaml:1:5: error: a value contains ': ' (put the value in quotes)\n"
         "    a: b: c\n"
         "        ^")]


def test_unclosed_list_names_where_it_opens():
    (diag,) = problems("sources: [a, b\nname: x\n")
    assert diag.startswith("s.yaml:2:5: error: the list opened at line 1, column 10 is not "
                           "closed, or a ',' is missing between its items")


def test_unknown_kind_of_yaml_error_keeps_pyyaml_words_without_jargon():
    class Mark:
        def __init__(self, index):
            self.index, self.line, self.column = index, 0, index

    exc = __import__("yaml").parser.ParserError(
        "while parsing something new", Mark(0), "expected <block end>, but found '<scalar>'",
        Mark(3))
    explained = yamlerrors.explain("abc def\n", exc)
    assert explained.message == ("invalid YAML: expected the end of the indented block, but "
                                 "found a value (while parsing something new)")
    assert explained.index == 3


# ---------------------------------------------------------------------------
# Empty files and unknown names
# ---------------------------------------------------------------------------
def test_empty_file_is_reported_at_line_1():
    for text in ("", "# only a comment\n"):
        (diag,) = problems(text)
        assert diag.startswith("s.yaml:1:1: error: spec is empty")


def test_unknown_name_lists_the_names_of_its_environment():
    (problem,) = compile_expr("min(4, player)", "round", "int")
    assert problem.message == ("unknown name 'player' (did you mean 'players'?); names here: "
                               "first_round, players, active_players, stock, discard, me, "
                               "hand, hand_size, losses, points, attacker, defender, original_attacker, dealer, "
                               "left_of, right_of, partner_of")
    (problem,) = compile_expr("zzz", "cards", "bool")
    assert problem.message == ("unknown name 'zzz'; names here: a, d, lowest, highest, me, hand, "
                               "hand_size, losses, points, attacker, defender, original_attacker, dealer, "
                               "left_of, right_of, partner_of")


# ---------------------------------------------------------------------------
# Every message a command prints about a failure says "error:"
# ---------------------------------------------------------------------------
def _durakc(*args, cwd=REPO):
    return subprocess.run([sys.executable, "-m", "durakc", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_simulate_bad_counts_says_error():
    result = _durakc("simulate", "mini", "--games", "0")
    assert result.returncode == 2
    assert result.stderr.startswith("durakc: error: --games and --players must be positive")


def test_reference_write_without_markers_is_an_error_on_stderr(tmp_path):
    readme = tmp_path / "R.md"
    readme.write_text("no markers\n", encoding="utf-8")
    result = _durakc("reference", "--write", readme)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith("durakc: error: ")
    result = _durakc("reference", "--write", tmp_path / "missing.md")
    assert result.returncode == 2
    assert result.stderr.startswith("durakc: error: can not read ")
    assert "Traceback" not in result.stderr


def test_quoted_number_or_boolean_says_to_drop_the_quotes(tmp_path):
    from durakc.spec import load_spec

    path = tmp_path / "q.yaml"
    path.write_text('name: q\ntitle: Q\nrules:\n  deal.hand_size: "6"\n'
                    "  transfer.enabled: 'false'\n", encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    assert [d.message for d in info.value.diagnostics] == [
        "'deal.hand_size' must be an integer, not '6' (write it without quotes)",
        "'transfer.enabled' must be true or false, not 'false' (write it without quotes)"]


def _load_errors(tmp_path, text) -> list[str]:
    from durakc.spec import load_spec

    path = tmp_path / "s.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(path)
    return [d.message for d in info.value.diagnostics]


def test_colon_without_a_space(tmp_path):
    head = "name: x\ntitle: y\nrules:\n"
    assert _load_errors(tmp_path, head + "  attack:\n    limit:4\n") == [
        ("'attack' is a section: give its keys as a mapping (opening, limit); "
        "'limit:4' needs a space after its ':'")]
    assert _load_errors(tmp_path, head + "  attack.limit:4\n") == [
        ("'rules' must be a mapping of rule keys, not 'attack.limit:4'; "
        "'attack.limit:4' needs a space after its ':'")]
    assert problems("name:x\ntitle: y\n") == [
        ("s.yaml:1:1: error: a ':' needs a space after it (write 'key: value')\n"
        "    name:x\n"
        "    ^~~~~~")]


def test_key_outside_its_section_suggests_the_full_key(tmp_path):
    head = "name: x\ntitle: y\nrules:\n"
    assert _load_errors(tmp_path, head + "  attack:\n  limit: 4\n") == [
        ("unknown rule key 'limit' (did you mean 'attack.limit'? rule keys sit under their "
        "section)")]


def test_any_text_gives_a_tree_or_positioned_diagnostics():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    alphabet = st.sampled_from(list("ab: -\n\t'\"[]{},#|>?%@`*&!\\") + ["  ", ": ", "\n  "])

    @settings(max_examples=400, deadline=None)
    @given(st.lists(alphabet, max_size=40).map("".join))
    def check(text):
        try:
            parse_text(text, "s.yaml")
        except SpecError as err:
            for diag in err.diagnostics:
                assert diag.line >= 1 and diag.col >= 1, diag
                assert diag.format().startswith(f"s.yaml:{diag.line}:{diag.col}: error: ")

    check()


# ---------------------------------------------------------------------------
# Issue 19 3d: what YAML made of a value, and what a value may be
# ---------------------------------------------------------------------------
def _spec_errors(tmp_path, rules: str, title: str = "T") -> list[str]:
    from durakc.spec import load_spec
    path = tmp_path / "y.yaml"
    path.write_text(f"name: y\ntitle: {title}\nextends: transfer\nrules:\n{rules}",
                    encoding="utf-8")
    with pytest.raises(SpecError) as info:
        load_spec(str(path))
    return [d.message for d in info.value.diagnostics]


@pytest.mark.parametrize("rules, message", [
    ("  deck:\n    suits: [S, H, D, NO]\n",
     ("'deck.suits': NO (which YAML reads as false: put it in quotes, 'NO', for the text) is "
     "not a suit letter (S, H, D or C)")),
    ("  trump:\n    suit: off\n",
     ("'trump.suit' must be a suit letter (S, H, D or C) or null, not off (which YAML reads as "
     "false: put it in quotes, 'off', for the text)")),
    ("  trump:\n    mode: no\n",
     ("'trump.mode' must be one of turned_bottom, turned_top, fixed, none, per_seat, per_seat_by_lot, not no "
     "(which YAML reads as false: put it in quotes, 'no', for the text) (did you mean 'none'?)")),
    ("  deck:\n    wild_rank: Yes\n",
     ("'deck.wild_rank' must be a rank (2 3 4 5 6 7 8 9 10 J Q K A) or null, not Yes (which "
     "YAML reads as true: put it in quotes, 'Yes', for the text)")),
])
def test_a_yaml_boolean_word_where_text_is_meant_is_explained(tmp_path, rules, message):
    """`NO` was reported as "false is not a suit letter": say what YAML made of it."""
    assert _spec_errors(tmp_path, rules) == [message]


def test_a_yaml_boolean_title_is_explained(tmp_path):
    assert _spec_errors(tmp_path, "  attack:\n    limit: 4\n", title="Yes") == [
        ("'title' must be a non-empty string, not Yes (which YAML reads as true: put it in "
        "quotes, 'Yes', for the text)")]


def test_true_and_false_are_not_explained(tmp_path):
    assert _spec_errors(tmp_path, "  deck:\n    suits: [S, H, D, false]\n") == [
        "'deck.suits': false is not a suit letter (S, H, D or C)"]


@pytest.mark.parametrize("key, value, expected", [
    ("attack:\n    limit", "4.5", ("'attack.limit' must be a whole number or an expression "
                                   "(a string), not the number 4.5")),
    ("transfer:\n    when", "[1]", ("'transfer.when' must be true, false or an expression "
                                   "(a string), not a list")),
])
def test_an_expression_key_says_a_plain_value_is_accepted_too(tmp_path, key, value, expected):
    """`attack.limit: 4` is accepted, so "must be an expression (a string)" misled for 4.5."""
    assert _spec_errors(tmp_path, f"  {key}: {value}\n") == [expected]
