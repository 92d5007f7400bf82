"""Named property checks of the house rules on decks, deals and trumps (HR12-HR16, HR19).

The engines shuffle `random.Random(seed).shuffle` over the deck in its canonical order (the
contract), so a deal's cards are known from the seed: these checks compute, from the rule
text, which card must show trump and where the other cards must be.
"""

from __future__ import annotations

import random

import conformance_scenarios as S
from conformance_runner import Ctx, check_invariants


def _shuffled(ctx: Ctx, seed: int) -> list[str]:
    deck = list(ctx.deck)
    random.Random(seed).shuffle(deck)
    return deck


def _counts(ctx, params):
    lo, hi = ctx.rules.get("players.min", 2), ctx.rules.get("players.max", 6)
    return [n for n in params.get("players", range(lo, hi + 1)) if lo <= n <= hi]


def whole_deck_deal(ctx: Ctx, params: dict):
    """HR14, T6: at every player count the whole deck is dealt one card at a time from the
    dealer's left (hands differ by at most one, the first seats from the dealer's left holding
    the extra cards); the dealer's last card shows trump and stays in the dealer's hand; no
    stock."""
    for n in _counts(ctx, params):
        for seed in range(params.get("seeds", 20)):
            for dealer in params.get("dealers", [0, 1]):
                if dealer >= n:
                    continue
                g = ctx.mod.new_game(n, seed, dealer=dealer)
                where = f"new_game({n}, {seed}, dealer={dealer})"
                check_invariants(g, ctx, where)
                deck = _shuffled(ctx, seed)
                want = [sorted(deck[i::n], key=S.card_key) for i in range(n)]
                for i in range(n):  # the i-th seat from the dealer's left: cards i, i + n, ...
                    seat = (dealer + 1 + i) % n
                    assert g.hands[seat] == want[i], (
                        f"{where}: seat {seat} (the {i}-th from the dealer's left) should hold "
                        f"{want[i]}, holds {g.hands[seat]}")
                assert list(g.stock) == [], f"{where}: no stock, got {g.stock}"
                last = deck[n - 1::n][-1]  # the dealer's last card
                assert g.trump_card == last and g.trump == last[-1], (
                    f"{where}: the dealer's last card {last} shows trump; got trump {g.trump}, "
                    f"card {g.trump_card}")


DECK_PROPERTIES = {
    "whole_deck_deal": whole_deck_deal,
}
"""The properties of this module, by name (joined into conformance_properties' table)."""
