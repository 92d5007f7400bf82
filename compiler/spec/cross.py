"""Checks between keys, on the merged values of a complete chain.

`CROSS_CHECKS` lists them in the order their diagnostics are reported.  Each is a function
``check(values) -> iterator of (paths, message)``: `values` holds every key's effective
value, `paths` the keys the problem is about; the diagnostic is placed at the first of them
the root file sets (else any file), and dropped when one of them is already in error.  A new
cross check is a function in the module of its topic (`cross_deck`, `cross_trumps`,
`cross_play`, `cross_series`, or a new one) and an entry in `CROSS_CHECKS`.
"""

from __future__ import annotations

from durakc.diagnostics import Diagnostic
from durakc.spec.cross_cheating import check_cheating
from durakc.spec.cross_choices import check_hand_size, check_lowest_card
from durakc.spec.cross_deck import (
    check_copies,
    check_deal,
    check_deck,
    check_players,
    check_teams,
    check_wild,
)
from durakc.spec.cross_decks import check_lot_trumps, check_offer_redeal, check_set_aside
from durakc.spec.cross_opener import check_first_game_list
from durakc.spec.cross_play import check_acting_beats, check_opening, check_siege
from durakc.spec.cross_relations import (
    check_acting_points,
    check_limit_series,
    check_partner_of,
)
from durakc.spec.cross_results import check_match_points
from durakc.spec.cross_series import check_initial_hand, check_redeal
from durakc.spec.cross_trumps import (
    check_hidden_trump,
    check_seat_trumps,
    check_swaps,
    check_trump_never,
    check_trump_suit,
)
from durakc.spec.files import SpecFile

CROSS_CHECKS = (check_players, check_deck, check_hand_size, check_deal, check_trump_suit, check_trump_never,
                check_teams, check_wild, check_siege, check_opening, check_seat_trumps,
                check_hidden_trump, check_swaps, check_initial_hand, check_redeal,
                check_match_points,  # matches and results (HR21, EP3)
                check_set_aside, check_lot_trumps, check_offer_redeal,  # decks, deals and trumps (HR12-HR19)
                check_copies,  # two decks (HR17)
                check_acting_beats,  # a beat rule reading the defender (issue 31)
                check_partner_of,  # partner_of(s) needs teams (issue 31)
                check_acting_points,  # the acting seat's points need outcome.points (issue 31)
                check_limit_series,  # attack.limit may not read the series (issue 31)
                check_lowest_card,  # choices as data (HR30, HR31)
                check_first_game_list,  # who opens as an ordering (issue 31 item 2)
                check_cheating)  # the cheating table (HR34)
"""Every cross check, in report order."""


def _at(paths: tuple[str, ...], nodes: dict, root: SpecFile, message: str) -> Diagnostic:
    """A diagnostic at the first of `paths` set by the root file, else by any file."""
    for wanted in (lambda f: f is root, lambda f: True):
        for path in paths:
            if path in nodes and wanted(nodes[path][1]):
                return nodes[path][0].diag(message, width=None)
    tree = root.tree
    assert tree is not None, "cross checks run on a chain whose files all loaded"
    rules = tree.get("rules")
    where = rules.key_node if rules is not None else tree
    return where.diag(message, width=1)


def cross_checks(values: dict, nodes: dict, failed: set, root: SpecFile,
                 diags: list[Diagnostic]) -> None:
    """Checks between keys, on the effective values; skipped for keys already in error."""
    for check in CROSS_CHECKS:
        for paths, message in check(values):
            if not failed.intersection(paths):
                diags.append(_at(paths, nodes, root, message))
