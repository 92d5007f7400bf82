"""Loading and validating specs: extends chains, cross-key checks, expression diagnostics."""

from __future__ import annotations

import pytest
from spec_support import HEAD, errors, one_error, write

from durakc.diagnostics import SpecError
from durakc.expr import language as expressions
from durakc.spec import load_spec

needs_expressions = pytest.mark.skipif(not hasattr(expressions, "compile_expr"),
                                       reason="expressions not implemented yet")


# ---------------------------------------------------------------------------
# extends
# ---------------------------------------------------------------------------
def test_extends_missing(tmp_path):
    path, diag = one_error(tmp_path, "name: mine\ntitle: M\nextends: trnasfer\n")
    assert diag == (f"{path}:3:10: error: unknown variant 'trnasfer' "
                    "(did you mean 'transfer'?)\n"
                    "    extends: trnasfer\n"
                    "             ^~~~~~~~")


def test_extends_cycle(tmp_path):
    write(tmp_path, "b.yaml", "name: b\ntitle: B\nextends: a\n")
    path = write(tmp_path, "a.yaml", "name: a\ntitle: A\nextends: b\n")
    assert errors(path) == [(f"{tmp_path / 'b.yaml'}:3:10: error: extends cycle: a -> b -> a\n"
                            "    extends: a\n"
                            "             ^")]


def test_extends_self(tmp_path):
    path = write(tmp_path, "a.yaml", "name: a\ntitle: A\nextends: a\n")
    assert errors(path) == [(f"{path}:3:10: error: unknown variant 'a' "
                            "(a spec can not extend itself)\n"
                            "    extends: a\n"
                            "             ^")]


def test_extends_too_deep(tmp_path):
    for i in range(20):
        write(tmp_path, f"v{i}.yaml", f"name: v{i}\ntitle: V\nextends: v{i + 1}\n")
    write(tmp_path, "v20.yaml", "name: v20\ntitle: V\n")
    (diag,) = errors(tmp_path / "v0.yaml")
    assert diag.startswith(f"{tmp_path / 'v16.yaml'}:3:10: error: extends chain is too deep "
                           "(more than 16 levels)")


def test_errors_of_the_whole_chain(tmp_path):
    write(tmp_path, "base.yaml", "name: base\ntitle: B\nrules: {deal.mode: x}\n")
    path = write(tmp_path, "mine.yaml", "name: mine\ntitle: M\nextends: base\n"
                                        "rules: {players.max: 99}\n")
    got = errors(path)
    assert len(got) == 2
    assert got[0].startswith(f"{path}:4:22: error: 'players.max' must be at most 12")
    assert got[1].startswith(f"{tmp_path / 'base.yaml'}:3:20: error: 'deal.mode'")


# ---------------------------------------------------------------------------
# Cross-key checks
# ---------------------------------------------------------------------------
def test_players_min_above_max(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  players: {min: 5, max: 4}\n")
    assert diag == (f"{path}:5:18: error: players.min (5) is greater than players.max (4)\n"
                    "      players: {min: 5, max: 4}\n"
                    "                     ^")


def test_deal_must_fit(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  deal.hand_size: 8\n")
    assert diag == (f"{path}:5:19: error: the deal does not fit: 8 cards for each of 6 players "
                    "is 48, but the deck has 36 cards\n"
                    "      deal.hand_size: 8\n"
                    "                      ^")
    load_spec(write(tmp_path, "ok.yaml", HEAD + "rules:\n  deal.hand_size: 8\n"
                                                "  deal.mode: all_but_one\n"))


def test_trump_checks(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  trump.mode: fixed\n")
    assert diag.startswith(f"{path}:5:15: error: trump.mode fixed needs trump.suit")
    path, diag = one_error(tmp_path, HEAD + "rules:\n  trump.suit: H\n")
    assert diag.startswith(f"{path}:5:15: error: trump.suit is only used when trump.mode is "
                           "fixed (it is turned_bottom)")
    path, diag = one_error(tmp_path, HEAD + "rules:\n  trump: {mode: fixed, suit: H}\n"
                                            "  deck.suits: [S, D]\n  deal.mode: all_but_one\n")
    assert diag.startswith(f"{path}:5:30: error: trump.suit H is not a suit of the deck")
    path, diag = one_error(tmp_path, HEAD + "rules:\n  trump.never: [S, H, D, C]\n")
    assert diag.startswith(f"{path}:5:16: error: trump.never excludes every suit of the deck")
    load_spec(write(tmp_path, "ok.yaml", HEAD + "rules:\n  trump: {mode: fixed, suit: H}\n"))


def test_deck_needs_two_ranks(tmp_path):
    path, diag = one_error(tmp_path, HEAD + "rules:\n  deck.ranks: [A]\n  deal.hand_size: 1\n"
                                            "  players.max: 2\n")
    assert diag.startswith(f"{path}:5:15: error: the deck needs at least 2 ranks")


# ---------------------------------------------------------------------------
# Expressions
# ---------------------------------------------------------------------------
def _expr_diag(tmp_path, text):
    path = write(tmp_path, "x.yaml", text)
    with pytest.raises(SpecError) as info:
        load_spec(path)
    (diag,) = info.value.diagnostics
    return path, diag


@needs_expressions
def test_expression_error_in_quoted_string(tmp_path):
    path, diag = _expr_diag(tmp_path, HEAD + "rules:\n  transfer:\n"
                                             '    capacity: "atack_cards <= 6"\n')
    assert (diag.line, diag.col, diag.width) == (6, 16, 11)
    assert diag.format() == (f"{path}:6:16: error: {diag.message}\n"
                             '        capacity: "atack_cards <= 6"\n'
                             "                   ^~~~~~~~~~~")
    assert "atack_cards" in diag.message


@needs_expressions
def test_expression_error_mid_string(tmp_path):
    _path, diag = _expr_diag(tmp_path, HEAD + "rules:\n"
                                             "  transfer.when: 'beaten == 0 and trnsfers < 2'\n")
    assert (diag.line, diag.col) == (5, 35)
    assert "trnsfers" in diag.message


@needs_expressions
def test_expression_error_in_block_scalar(tmp_path):
    _path, diag = _expr_diag(tmp_path, HEAD + "rules:\n  transfer:\n    capacity: |\n"
                                             "      unbeaten <= next_hand\n"
                                             "        and atack_cards <= limit\n")
    assert (diag.line, diag.col) == (8, 13)
    assert diag.format().endswith("\n            and atack_cards <= limit\n"
                                  "                ^~~~~~~~~~~")


@needs_expressions
def test_expression_type_of_plain_number(tmp_path):
    spec = load_spec(write(tmp_path, "x.yaml", HEAD + "rules:\n  attack.limit: 5\n"))
    assert spec.values["attack.limit"].text == "5"
    _path, diag = _expr_diag(tmp_path, HEAD + "rules:\n  transfer.when: 5\n")
    assert (diag.line, diag.col) == (5, 18)


@needs_expressions
def test_inherited_refers_to_the_parent(tmp_path):
    spec = load_spec(write(tmp_path, "x.yaml", "name: x\ntitle: X\nextends: kyiv\nrules:\n"
                                               "  transfer.when: 'inherited and first_round'\n"))
    assert spec.values["transfer.when"].text == "inherited and first_round"
    # kyiv's when: a late transfer of the one newly added unbeaten card
    values = {"first_round": True, "limit": 6, "attack_cards": 1, "unbeaten": 1, "beaten": 3,
              "next_hand": 6, "transfers": 0, "unbeaten_late": 1}
    assert spec.values["transfer.when"].evaluate(values) is True
    base = load_spec(write(tmp_path, "y.yaml", HEAD + "rules:\n"
                                                   "  transfer.when: 'inherited and first_round'\n"))
    assert base.values["transfer.when"].evaluate(values) is False


@needs_expressions
def test_inherited_without_parent_is_an_error(tmp_path):
    _path, diag = _expr_diag(tmp_path, "name: x\ntitle: X\nrules:\n"
                                      "  transfer.when: 'inherited'\n")
    assert (diag.line, diag.col) == (4, 19)


@needs_expressions
def test_annotations(tmp_path):
    spec = load_spec(write(tmp_path, "x.yaml", HEAD + "rules:\n  outcome:\n    annotations:\n"
                                                   "      pogony: 'final_attack_cards >= 2'\n"))
    assert spec.rules_json()["outcome.annotations"] == {"pogony": "final_attack_cards >= 2"}
    path = write(tmp_path, "y.yaml", HEAD + "rules:\n  outcome.annotations:\n"
                                            "    Bad: 'true'\n    ok: 'players + 1'\n")
    got = errors(path)
    assert len(got) == 2
    assert got[0].startswith(f"{path}:6:5: error: annotation name 'Bad' must be lowercase")
    assert got[1].startswith(f"{path}:7:10: error: ")
