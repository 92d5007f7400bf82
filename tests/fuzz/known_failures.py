"""Failure classes of the spec fuzz that are known and being fixed (issue 29, item 4).

TEMPORARY.  Each entry is one class the spec fuzz (tests/fuzz/test_spec_targets.py) finds on
today's main, named by its minimal spec in ../shared/repros/ (or tests/specs/fuzz-found/).
A fuzzed spec that fails in a way an entry matches is reported as an expected failure
(xfail, with the entry's name) instead of failing the suite, so the suite stays green until
the fix merges.  When a fix is merged, delete its entry: the fuzz then holds the fix.
A failure no entry matches fails the test.

An entry matches on the failing stage (`TargetFailure.stage`), a regular expression searched
in the failure's text, and optionally a condition on the spec's effective rule values.
Keep the patterns narrow: an entry that matches too much hides the next bug.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    """A known failure class: its repro's name, where and how it shows."""

    repro: str
    stages: tuple[str, ...]
    pattern: str
    when: Callable[[dict], bool] | None = None

    def matches(self, stage: str, text: str, values: dict) -> bool:
        """Whether a failure at `stage` with `text`, of a spec with rule `values`, is this class."""
        return (stage in self.stages and re.search(self.pattern, text, re.DOTALL) is not None
                and (self.when is None or self.when(values)))


def _opening_condition(values: dict) -> bool:
    return not isinstance(values["attack.opening"], str)


def _offers_redeal(values: dict) -> bool:
    return values["deal.offer_redeal"].text != "false"


_DIVERGE = ("Python vs reference", "native vs Python")
_STRICT = ("strict gcc", "strict clang")
_BUILD = ("Python target", "C target", "native build")

KNOWN: tuple[Known, ...] = (
    # -- ctarget: names with no form in a target ------------------------------------------
    Known("result-name-lost", _BUILD, r"no Python name given for 'lost'"),
    Known("fuzz-found/reference-lost-simplified", ("Python vs reference",),
          r"no value given for 'lost'"),
    Known("capacity-played-show", _BUILD,
          r"no Python name given for '(played|hand_after)'|no emitted form given for the trump"),
    Known("capacity-played-c", ("C target",), r"'(played|hand_after)' has no C form"),
    Known("repeat-reads-points", ("Python vs reference", "native vs Python", "Python target"),
          r"has no attribute '_totals'"),
    # -- ctarget: C helpers emitted for some keys only --------------------------------------
    Known("native-max-points", ("native build",), r"undefined symbol: expr_l?(min|max)"),
    Known("native-max-points", _STRICT, r"implicit declaration of function .expr_l?(min|max)"),
    # -- ctarget: native series plumbing ----------------------------------------------------
    Known("native-series-next-game", ("native vs Python",), r"seed_argument\(\) missing"),
    # -- ctarget: strict C ------------------------------------------------------------------
    Known("c-strict-capacity-true", _STRICT, r"variable .k. set but not used|unused parameter .g."),
    Known("c-strict-longest-suit", _STRICT, r".longest_suit. defined but not used"),
    Known("c-strict-nopen", _STRICT, r".NOPEN. defined but not used|unused variable .NOPEN."),
    Known("c-strict-place-of", _STRICT, r".place_of. defined but not used|unused function .place_of."),
    Known("c-strict-seat-suits", _STRICT, r"excess elements in array initializer"),
    Known("c-strict-unused-hand", _STRICT, r"unused variable .hand.|.set_ranks. defined but not used"),
    Known("fuzz-found/c-strict-unused-expr-suit", _STRICT,
          r".EXPR_(SUIT|RANK|COLOUR). defined but not used|unused variable .EXPR_(SUIT|RANK|COLOUR)."),
    Known("fuzz-found/c-strict-unused-deck-rank", _STRICT,
          r".deck_rank. defined but not used|unused function .deck_rank."),
    Known("fuzz-found/clang-parentheses-equality", ("strict clang",),
          r"equality comparison with extraneous parentheses"),
    # other unused helpers, constants and variables: the strict-C class of the entries above
    Known("c-strict-other", _STRICT, r"defined but not used|set but not used|unused "
                                     r"(parameter|variable|function)"),
    # -- diverge: engine vs reference -------------------------------------------------------
    Known("native-swap-offer-redeal", ("native vs Python",), r"'keep'.*'redeal'",
          _offers_redeal),
    Known("resign-during-redeal-offer", ("Python vs reference",), r"'redeal', 'resign'",
          _offers_redeal),
    Known("copies2-six-exchange", ("Python vs reference",), r"exchange",
          lambda v: v["deck.copies"] == 2 and v["trump.six_exchange"]),
    Known("fuzz-found/copies2-swap-same-card", ("Python vs reference",), r"'swap (\S+) \1'",
          lambda v: v["deck.copies"] == 2 and v["swap.per_game"] > 0),
    Known("opening-mixed-transfer", _DIVERGE, r"transfer",
          lambda v: _opening_condition(v) and v["transfer.enabled"]),
    # the reference lists openings by trying subsets: slow with two decks, and with one deck
    # once a hand is large (treshka with any card thrown in: 1.3 s for one legal_actions())
    Known("reference-slow-copies2-opening", ("time",), r"more than", _opening_condition),
)
"""The known classes, by the helper that fixes them (ctarget, diverge)."""


def known_class(stage: str, text: str, values: dict) -> str | None:
    """The repro name of the known class a failure belongs to, or None (a new failure).  A
    compiler's failure is known only when each of its error lines is."""
    if stage in _STRICT:
        lines = [ln for ln in text.splitlines() if "error:" in ln] or [text]
        names = [_first(stage, line, values) for line in lines]
        return None if None in names else names[0]
    return _first(stage, text, values)


def _first(stage: str, text: str, values: dict) -> str | None:
    for known in KNOWN:
        if known.matches(stage, text, values):
            return known.repro
    return None
