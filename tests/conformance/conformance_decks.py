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


def _dealt(ctx: Ctx, n: int, seed: int) -> list[str]:
    """The deck the engine deals from: `Random(seed).shuffle`, again while P3 redeals (nobody
    holds a trump of the card after the deal; no trump.never, no jokers here)."""
    size = ctx.rules.get("deal.hand_size", 6)
    rng = random.Random(seed)
    deck = list(ctx.deck)
    rng.shuffle(deck)
    if ctx.rules.get("first_attacker.no_trump_held") == "redeal":
        while n * size < len(deck) and not any(c[-1] == deck[n * size][-1]
                                               for c in deck[:n * size]):
            rng.shuffle(deck)
    return deck


def aside_deal(ctx: Ctx, params: dict):
    """HR12 (trump.card: aside): the card after the deal fixes trump and lies face up out of
    play, never drawn: not in the stock, set aside, seen in every observation, all game long.
    HR13 (deal.stock: aside): that card and the rest are set aside; the stock is empty and
    stays so; only the trump card is seen."""
    size = ctx.rules.get("deal.hand_size", 6)
    no_stock = ctx.rules.get("deal.stock") == "aside"
    for n in _counts(ctx, params):
        for seed in range(params.get("seeds", 20)):
            g = ctx.mod.new_game(n, seed)
            where = f"new_game({n}, {seed})"
            deck = _dealt(ctx, n, seed)
            rest = deck[n * size:]
            if not rest:
                continue  # T6: everything dealt, nothing to set aside
            turned = rest[0]
            want_aside = sorted(rest if no_stock else [turned], key=S.card_key)
            want_stock = [] if no_stock else rest[1:]
            rng = random.Random(seed)
            for step in range(params.get("max_actions", 2000)):
                check_invariants(g, ctx, f"{where} step {step}")
                assert g.trump == turned[-1] and g.trump_card == turned, (
                    f"{where}: the card after the deal, {turned}, fixes trump; got trump "
                    f"{g.trump}, card {g.trump_card}")
                assert list(g.set_aside) == want_aside, (
                    f"{where} step {step}: set aside {g.set_aside}, expected {want_aside}")
                seen = {g.observation(s)["trump_card"] for s in range(n)}
                assert seen == {turned}, f"{where} step {step}: observations show {seen}"
                if step == 0:
                    assert list(g.stock) == want_stock, (
                        f"{where}: stock {g.stock}, expected {want_stock}")
                assert turned not in g.stock and (not no_stock or not g.stock), (
                    f"{where} step {step}: stock {g.stock}")
                if g.is_over:
                    break
                g.apply(rng.choice([str(a) for a in g.legal_actions()]))


DECK_PROPERTIES["aside_deal"] = aside_deal


def lot_deal(ctx: Ctx, params: dict):
    """HR15: after the deal one card is turned for each seat, in deal order (the dealer's left
    first); its suit is that seat's own trump; the turned cards lie face up under the stock in
    the order turned, drawn last (Decision); nobody has a trump for everyone."""
    size = ctx.rules.get("deal.hand_size", 6)
    for n in _counts(ctx, params):
        for seed in range(params.get("seeds", 20)):
            for dealer in params.get("dealers", [0, 1]):
                if dealer >= n:
                    continue
                g = ctx.mod.new_game(n, seed, dealer=dealer)
                where = f"new_game({n}, {seed}, dealer={dealer})"
                check_invariants(g, ctx, where)
                rest = _shuffled(ctx, seed)[n * size:]
                lot = rest[:n]
                assert list(g.stock) == rest[n:] + lot, (
                    f"{where}: the turned cards {lot} lie under the stock, drawn last in the "
                    f"order turned: stock {g.stock}")
                for i, card in enumerate(lot):
                    seat = (dealer + 1 + i) % n
                    assert g.trump_of(seat) == card[-1], (
                        f"{where}: seat {seat} (the {i}-th from the dealer's left) owns the suit "
                        f"of {card}, not {g.trump_of(seat)}")
                assert g.trump is None, f"{where}: no trump for everyone, got {g.trump}"


DECK_PROPERTIES["lot_deal"] = lot_deal


def _longest(hand) -> int:
    suits = [c[-1] for c in hand]
    return max((suits.count(s) for s in set(suits)), default=0)


def redeal_questions(ctx: Ctx, params: dict):
    """HR19: before the first attack each seat in seat order whose dealt hand has
    `longest_suit` (5) or more cards of one suit is asked `redeal` or `keep`; a redeal deals
    everything again with the same dealer and the questions start again; each seat asks at
    most once per game.  Random answers, over several games of a series."""
    want = params.get("longest_suit", 5)
    asked_any = redealt = 0
    for n in _counts(ctx, params):
        for seed in range(params.get("seeds", 30)):
            rng = random.Random(seed)
            g = ctx.mod.new_game(n, seed)
            for k in range(params.get("games", 1)):
                where = f"new_game({n}, {seed}) game {k}"
                asked, kept, dealer = set(), set(), g.dealer
                while True:
                    check_invariants(g, ctx, where)
                    legal = sorted(str(a) for a in g.legal_actions())
                    waiting = [s for s in range(n) if s not in asked and s not in kept
                               and _longest(g.hands[s]) >= want]
                    if not waiting:
                        assert g.to_move == g.attacker and "keep" not in legal, (
                            f"{where}: nobody left to ask, the attacker opens: {legal}")
                        break
                    s = waiting[0]
                    assert g.to_move == s and legal == ["keep", "redeal"], (
                        f"{where}: seat {s} (hand {g.hands[s]}) is the first in seat order to "
                        f"ask; to_move {g.to_move}, legal {legal}")
                    asked_any += 1
                    if rng.random() < 0.5:
                        g.apply("keep")
                        kept.add(s)
                    else:
                        g.apply("redeal")
                        redealt += 1
                        asked.add(s)
                        kept = set()  # the questions start again
                        assert g.dealer == dealer, f"{where}: a redeal keeps the dealer"
                if not _play_random(g, rng, params.get("max_actions", 3000)):
                    break
                g = g.next_game(seed=1000 * seed + k)
    assert asked_any >= params.get("asked", 1) and redealt >= params.get("redealt", 0), (
        f"only {asked_any} question(s) and {redealt} redeal(s): use more seeds")


def _play_random(g, rng, most) -> bool:
    for _ in range(most):
        if g.is_over:
            return True
        g.apply(rng.choice([str(a) for a in g.legal_actions()]))
    return g.is_over


DECK_PROPERTIES["redeal_questions"] = redeal_questions
