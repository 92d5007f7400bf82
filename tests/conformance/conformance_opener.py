"""Named property checks of the list form of first_attacker.first_game and of
series.first_attacker (issue 31 item 2; T7, T8, HR30): who opens the first game, and a later
game of a series, as an ordering of criteria.

Written from the rule text, not the engine: for each deal the hands are read from the game,
and the seat that must open is computed item by item; the run counts the deals each item
decided, so that a run that never met a case fails instead of passing vacuously.
"""

from __future__ import annotations

import random

import conformance_scenarios as S
from conformance_runner import Ctx, check_invariants
from conformance_series import _play_out

TIE_SUITS = "CDHS"
"""HR30: "ties by suit in the order clubs, diamonds, hearts, spades" (clubs lowest)."""


def _fits(card: str, what: str, trump) -> bool:
    """An item's condition in the params: `trump`, `any`, or a suit letter."""
    if what == "trump":
        return card[-1] == trump
    return what == "any" or card[-1] == what


def _measure(hand: list, what: str, trump, ranks: list) -> int:
    """A seat item's measure in the params: how many cards of the hand are `trump`s, `any`
    (every card), of a suit letter, or `above R` (ranked above R)."""
    if what.startswith("above "):
        bar = ranks.index(what.split()[1])
        return sum(1 for c in hand if c not in S.JOKERS and ranks.index(c[:-1]) > bar)
    return sum(1 for c in hand if _fits(c, what, trump))


def expected_opener(game, ctx, items, fallback, dealer):
    """(seat, index of the deciding item, len(items) for the fallback) of the rule text: every
    seat is a candidate at first; a card item ({lowest|highest: what}) gives the candidate
    holding the lowest (highest) such card; a seat item ({most|fewest: what}) keeps the
    candidates of the greatest (least) count, one left opens; after the list `fallback`
    decides among the candidates (lowest_card: the lowest card they hold; left_of_dealer: the
    first of them clockwise from the dealer's left)."""
    seats = list(range(game.players))
    for i, item in enumerate(items):
        (direction, what), = item.items()
        if direction in ("most", "fewest"):
            counts = {s: _measure(game.hands[s], what, game.trump, ctx.ranks) for s in seats}
            best = (max if direction == "most" else min)(counts.values())
            seats = [s for s in seats if counts[s] == best]
            if len(seats) == 1:
                return seats[0], i
            continue
        held = [(ctx.ranks.index(c[:-1]), TIE_SUITS.index(c[-1]), seat, c)
                for seat in seats for c in game.hands[seat] if c not in S.JOKERS]
        fits = [h for h in held if _fits(h[3], what, game.trump)]
        if fits:
            return (min(fits) if direction == "lowest" else max(fits))[2], i
    held = [(ctx.ranks.index(c[:-1]), TIE_SUITS.index(c[-1]), seat)
            for seat in seats for c in game.hands[seat] if c not in S.JOKERS]
    if fallback == "lowest_card" and held:
        return min(held)[2], len(items)
    return min(seats, key=lambda s: (s - dealer - 1) % game.players), len(items)


def opener_criteria(ctx: Ctx, params: dict):
    """The first game's opener is the seat the criteria `items` ([{lowest|highest: trump,
    any or a suit letter}, {most|fewest: the same or `above R`}]) choose, then `fallback`
    (left_of_dealer or lowest_card, among the candidates left; `expected_opener`); the
    defender is the next seat (T9). `met` ({item index: at least}) counts the deals each item
    (index len(items): the fallback) decided, `not_left` those not opened by the dealer's
    left, `narrowed` those a card item decided among seats a seat item left tied, choosing
    another seat than it would over every seat."""
    seen = {"not_left": 0, "narrowed": 0}
    met = {int(k): 0 for k in params.get("met", {})}
    for n in params["players"]:
        for seed in range(params.get("seeds", 100)):
            for dealer in params.get("dealers", [0, 1]):
                g = ctx.mod.new_game(n, seed, dealer=dealer)
                where = f"new_game({n}, {seed}, dealer={dealer})"
                check_invariants(g, ctx, where)
                seat, item = expected_opener(g, ctx, params["items"], params["fallback"], dealer)
                assert g.attacker == seat, (
                    f"{where}: attacker {g.attacker}, expected {seat} (item {item}): "
                    f"{g.hands} trump {g.trump}")
                assert g.defender == (g.attacker + 1) % n, f"{where}: defender {g.defender}"
                if item in met:
                    met[item] += 1
                seen["not_left"] += seat != (dealer + 1) % n
                seen["narrowed"] += _narrowed(g, ctx, params, dealer, seat, item)
    for item, count in met.items():
        assert count >= params["met"][item], (
            f"only {count} deal(s) decided by item {item}: use more seeds ({met})")
    assert seen["not_left"] >= params.get("not_left", 0), f"too few: {seen}"
    assert seen["narrowed"] >= params.get("narrowed", 0), f"too few: {seen}"


def _narrowed(game, ctx, params, dealer, seat, item) -> bool:
    """Was the deal decided by a card item after a seat item tied, and would that card item
    over every seat (the seat items dropped) have chosen another seat?"""
    items = params["items"]
    if item >= len(items) or next(iter(items[item])) in ("most", "fewest"):
        return False
    if not any(next(iter(it)) in ("most", "fewest") for it in items[:item]):
        return False
    cards = [it for it in items if next(iter(it)) not in ("most", "fewest")]
    return expected_opener(game, ctx, cards, params["fallback"], dealer)[0] != seat


def later_opener_criteria(ctx: Ctx, params: dict):
    """T8 as an ordering: each game after the first (next_game, after random play to the
    end) is opened by the seat the criteria `items` choose on its deal, then `fallback`
    (left_of_dealer: the new dealer's left; lowest_card); the defender is the next seat (T9).
    `met` and `not_left` count as in `opener_criteria`, over the later games only."""
    seen = {"not_left": 0}
    met = {int(k): 0 for k in params.get("met", {})}
    for n in params["players"]:
        for seed in range(params.get("seeds", 20)):
            rng = random.Random(seed)
            g = ctx.mod.new_game(n, seed)
            for k in range(params.get("games", 3)):
                assert _play_out(g, rng, 3000), f"n={n} seed={seed} game {k} did not end"
                g = g.next_game(seed=1000 * seed + k)
                where = f"n={n} seed={seed}, game {k + 2}"
                check_invariants(g, ctx, where)
                seat, item = expected_opener(g, ctx, params["items"], params["fallback"],
                                             g.dealer)
                assert g.attacker == seat, (
                    f"{where}: attacker {g.attacker}, expected {seat} (item {item}): "
                    f"{g.hands} trump {g.trump} dealer {g.dealer}")
                assert g.defender == (g.attacker + 1) % n, f"{where}: defender {g.defender}"
                if item in met:
                    met[item] += 1
                seen["not_left"] += seat != (g.dealer + 1) % n
    for item, count in met.items():
        assert count >= params["met"][item], (
            f"only {count} later game(s) decided by item {item}: use more seeds ({met})")
    assert seen["not_left"] >= params.get("not_left", 0), f"too few: {seen}"


OPENER_PROPERTIES = {"opener_criteria": opener_criteria,  # issue 31 item 2 (T7, HR30)
                     "later_opener_criteria": later_opener_criteria}  # T8 as a list
