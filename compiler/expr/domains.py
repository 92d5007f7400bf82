"""Finite domains of expression names, and an expression's values over one.

The lowest layer of the static checks: it knows nothing of specs, files or rule keys, only
checked expressions and the values its callers pass in (player counts, whether teams play).
`durakc.analysis.checks` (the warnings) and the spec's cross checks (`durakc.spec.cross`, the
siege check SG2) both use it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator

from durakc.envs.acting import ROUND_ACTING, SEAT_ACTING
from durakc.expr.partial import UNKNOWN

MAX_POINTS = 100_000
"""Most distinct points evaluated for one expression; beyond, no warning is given."""

MAX_RAW_POINTS = 2_000_000
"""Most points enumerated (before removing repeats) for one expression."""


def values_over(expr, points: Iterable[dict], stop: set | None = None,
                unknown: Iterable[str] = ()) -> set | None:
    """The values `expr` takes on `points` (dicts of names), or None if there are too many.

    Points are projected on the names the expression uses and each distinct
    projection is evaluated once.  With `stop`, evaluation ends as soon as every
    value in it was seen.  Names in `unknown` (collections, which have no enumerable
    domain) are left unknown: the values may then include `expr_partial.UNKNOWN`.
    """
    unknown = set(unknown)
    names = sorted(expr.names - unknown)
    evaluate = expr.evaluate_partial if unknown else expr.evaluate
    seen: set = set()
    values: set = set()
    for count, point in enumerate(points):
        try:
            key = tuple(point[n] for n in names)
        except KeyError:
            return None  # a name without a domain here
        if key in seen:
            if count > MAX_RAW_POINTS:
                return None
            continue
        seen.add(key)
        if len(seen) > MAX_POINTS:
            return None
        values.add(evaluate(dict(zip(names, key))))
        if stop is not None and stop <= values:
            break
    return values


def seat_points_for(player_counts: range, teams: bool) -> Iterator[dict]:
    """Every seat other than the defender, as `throw_in.who` sees it, for the given player
    counts (`teams`: partner_of_defender varies).

    Active seats are 0..active-1 in clockwise order with the defender at 1:
    its left neighbour is seat 2 (seat 0 with two players), its right seat 0.  The seat's
    hand, its number and the round's seats (`SEAT_UNKNOWN`, issue 31: these seats are
    renumbered) are left unknown (`durakc.expr.partial.UNKNOWN`).
    """
    for n in player_counts:
        for active in range(2, n + 1):
            left = 2 % active
            others = [s for s in range(active) if s != 1]
            for attacker, original, seat in itertools.product(others, range(active), others):
                point = {"is_attacker": seat == attacker,
                         "is_original_attacker": seat == original, "is_defender": False,
                         "left_of_defender": seat == left, "right_of_defender": seat == 0,
                         "players": n, "active_players": active,
                         **dict.fromkeys(SEAT_UNKNOWN, UNKNOWN)}
                # teams.mode (PR2): any other seat may be the defender's partner; never
                # without teams (a point per value, so both are seen).
                for partner in (False, True) if teams else (False,):
                    yield dict(point, partner_of_defender=partner)


def throw_in_possible(who, player_counts: range, teams: bool) -> bool | None:
    """Can the condition `who` (throw_in.who) hold for some seat at the `player_counts`
    (`teams`: teams.mode is on)?  None when the domain is too large to tell (the spec's siege
    check, SG2, errs only on False); the spec layer passes the rule values in."""
    if not hasattr(who, "evaluate"):
        return None  # the key itself is in error
    if not player_counts:
        return None  # players.min > players.max is reported on its own
    found = values_over(who, seat_points_for(player_counts, teams), {True},
                        unknown=who.names & SEAT_UNKNOWN)
    return None if found is None or (True not in found and UNKNOWN in found) else True in found


SEAT_UNKNOWN = frozenset(n.name for n in SEAT_ACTING)
"""Names of the seat environment without an enumerable domain (left unknown, issue 31)."""
ROUND_UNKNOWN = frozenset(n.name for n in ROUND_ACTING)
"""The round environment's acting seat (attack.limit, issue 31): no enumerable domain."""
