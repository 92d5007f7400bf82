"""Named property checks of the choices made as data (issue 31 item 2): who opens the first
game when nobody holds a trump (HR30) and the hand size by the number of players (HR31).

Like every deal property, these compute what the rule text fixes for every deal (the hands
are read from the game, never hard-coded) and count the cases the rule is about, so that a
run that never met them fails instead of passing vacuously.
"""

from __future__ import annotations

import conformance_scenarios as S
from conformance_runner import Ctx, check_invariants, lowest_trump_holder

TIE_SUITS = "CDHS"
"""HR30: "ties by suit in the order clubs, diamonds, hearts, spades" (clubs lowest)."""


def _counts(ctx, params):
    lo, hi = ctx.rules.get("players.min", 2), ctx.rules.get("players.max", 6)
    return [n for n in params.get("players", range(lo, hi + 1)) if lo <= n <= hi]


def lowest_card_holder(game, ctx):
    """HR30: the seat holding the lowest card, rank first, ties by TIE_SUITS, or None."""
    held = [(ctx.ranks.index(c[:-1]), TIE_SUITS.index(c[-1]), seat)
            for seat, hand in enumerate(game.hands) for c in hand if c not in S.JOKERS]
    return min(held)[2] if held else None


def lowest_card_opens(ctx: Ctx, params: dict):
    """HR30 over T7: the holder of the lowest trump opens the first game; when no seat holds a
    trump, the seat holding the lowest card opens (rank first; ties clubs, diamonds, hearts,
    spades), not the dealer's left. Counts the deals with no trump held (`no_trump` at least),
    those where the lowest card's holder was not the dealer's left (`not_left` at least) and
    those where the lowest trump opened although another seat held a lower card
    (`trump_first` at least)."""
    seen = {"no_trump": 0, "not_left": 0, "trump_first": 0}
    for n in _counts(ctx, params):
        for seed in range(params.get("seeds", 200)):
            for dealer in params.get("dealers", [0, 1]):
                if dealer >= n:
                    continue
                g = ctx.mod.new_game(n, seed, dealer=dealer)
                where = f"new_game({n}, {seed}, dealer={dealer})"
                check_invariants(g, ctx, where)
                trump_holder, low_holder = lowest_trump_holder(g, ctx), lowest_card_holder(g, ctx)
                expected = trump_holder if trump_holder is not None else low_holder
                assert g.attacker == expected, (
                    f"{where}: attacker {g.attacker}, expected {expected} (lowest trump "
                    f"{trump_holder}, lowest card {low_holder}): {g.hands} trump {g.trump}")
                seen["no_trump"] += trump_holder is None
                seen["not_left"] += trump_holder is None and low_holder != (dealer + 1) % n
                seen["trump_first"] += trump_holder is not None and low_holder != trump_holder
                assert g.defender == (g.attacker + 1) % n, f"{where}: defender {g.defender}"
    for what, count in seen.items():
        assert count >= params.get(what, 0), (
            f"only {count} deal(s) of kind {what}: use more seeds ({seen})")


def hand_size_by_players(ctx: Ctx, params: dict):
    """HR31: with each player count in `sizes` ({players: cards}) every hand is dealt that
    many cards and the rest, less nothing, is the stock (P2: the trump turned from it, drawn
    last); after every round each seat that drew holds at least that many cards and no seat
    is refilled beyond it (T22: larger hands are kept)."""
    for n, size in params["sizes"].items():
        for seed in range(params.get("seeds", 20)):
            g = ctx.mod.new_game(int(n), seed, dealer=0)
            where = f"new_game({n}, {seed})"
            check_invariants(g, ctx, where)
            assert [len(h) for h in g.hands] == [size] * int(n), f"{where}: hands {g.hands}"
            assert len(g.stock) == len(ctx.deck) - size * int(n), f"{where}: stock {g.stock}"
            if g.stock:
                assert g.stock[-1][-1] == g.trump, f"{where}: the turned trump is drawn last"
            _play_refills(g, ctx, size, where, seed)


def _play_refills(g, ctx, size, where, seed):
    """Plays the game (a seed-chosen legal action at each step); after every refill that
    leaves cards in the stock, every seat holds at least `size` cards (T22: each draws all
    missing cards, the stock lasting); and a seat never draws past `size`: its hand grows
    beyond `size` only by taking table cards."""
    steps, refills = 0, 0
    while not g.is_over and steps < 2000:
        before, stock = [len(h) for h in g.hands], len(g.stock)
        # what a taker may receive: the table and the card a closing throw adds (one card a
        # throw: the protocol's Decision)
        table = sum(1 + (d is not None) for _, d in g.table) + 1 if g.table else 0
        actions = g.legal_actions()
        g.apply(actions[(seed + steps) % len(actions)])
        steps += 1
        if len(g.stock) < stock and g.stock:
            refills += 1
            sizes = [len(h) for h in g.hands]
            assert min(sizes) >= size, f"{where} step {steps}: a refill left {sizes}"
            for seat, n in enumerate(sizes):
                assert n <= max(size, before[seat] + table), (
                    f"{where} step {steps}: seat {seat} drew past {size}: {before} -> {sizes}")
    return refills


CHOICE_PROPERTIES = {
    "lowest_card_opens": lowest_card_opens,  # HR30
    "hand_size_by_players": hand_size_by_players,  # HR31
}
