"""Named property checks: rules about dealing and series that hold for every seed.

A deal depends on how an engine uses its random generator, so these scenarios do not
hard-code any hand; they check what the rules fix for *every* deal (README.md lists them).
"""

from __future__ import annotations

import random

import conformance_scenarios as S
from conformance_choices import CHOICE_PROPERTIES
from conformance_decks import DECK_PROPERTIES
from conformance_opener import OPENER_PROPERTIES
from conformance_runner import Ctx, check_invariants, legal_texts, lowest_trump_holder
from conformance_series import (
    TEAM_COUNTS,
    _play_out,
    _players,
    _seeds,
    ladder_series,
    repeat_series,
    series,
    team_play,
    team_seats,
    team_series,
)

BEATS_DEFAULT = "(d.suit == a.suit and d.rank > a.rank) or (d.is_trump and not a.is_trump)"


def deal_shape(ctx: Ctx, params: dict):
    """T1/T5/P1/P2: every hand has hand_size cards; the rest is the stock, trump card last."""
    size = ctx.rules.get("deal.hand_size", 6)
    for n in _players(ctx, params):
        for seed in _seeds(params):
            for dealer in params.get("dealers", [0]):
                g = ctx.mod.new_game(n, seed, dealer=dealer)
                where = f"new_game({n}, {seed}, dealer={dealer})"
                check_invariants(g, ctx, where)
                assert [len(h) for h in g.hands] == [size] * n, f"{where}: hands {g.hands}"
                assert g.table == [] and list(g.out) == [], f"{where}: table/out not empty"
                assert set(g.discard) == set(), f"{where}: discard not empty"
                rest = len(ctx.deck) - n * size
                if ctx.rules.get("trump.hidden_second") and rest >= 2:
                    # CT1: the card under the face-up trump lies face down, not in the stock
                    assert g.hidden_trump is not None, f"{where}: no hidden trump card"
                    assert g.hidden_trump not in g.stock, f"{where}: the hidden card is listed"
                    rest -= 1
                if rest > 0:
                    assert len(g.stock) == rest, f"{where}: stock {len(g.stock)} != {rest}"
                    assert g.stock[-1][-1] == g.trump, (
                        f"{where}: the face-up trump card must be the stock's last card: "
                        f"trump {g.trump}, stock {g.stock}")
                assert not g.is_over and g.to_move == g.attacker, f"{where}: not started"


def six_player_deal(ctx: Ctx, params: dict):
    """T6/P1: six players - all 36 dealt, no stock, the dealer keeps the trump-showing card."""
    for seed in _seeds(params):
        for dealer in params.get("dealers", [0, 3, 5]):
            g = ctx.mod.new_game(6, seed, dealer=dealer)
            where = f"new_game(6, {seed}, dealer={dealer})"
            check_invariants(g, ctx, where)
            assert [len(h) for h in g.hands] == [6] * 6, f"{where}: hands {g.hands}"
            assert list(g.stock) == [], f"{where}: six players leave no stock: {g.stock}"
            assert g.trump in S.SUITS, f"{where}: trump {g.trump!r}"
            assert any(c[-1] == g.trump for c in g.hands[dealer]), (
                f"{where}: the dealer's last card shows trump and stays in the dealer's hand, "
                f"so the dealer holds a trump; dealer hand {g.hands[dealer]}, trump {g.trump}")


def first_attacker(ctx: Ctx, params: dict):
    """T7/T9/P3: the lowest trump opens; nobody with trump -> left of dealer (or redeal)."""
    no_trump = ctx.rules.get("first_attacker.no_trump_held", "left_of_dealer")
    for n in _players(ctx, params):
        for seed in _seeds(params, 150):
            for dealer in params.get("dealers", [0, 1]):
                if dealer >= n:
                    continue
                g = ctx.mod.new_game(n, seed, dealer=dealer)
                where = f"new_game({n}, {seed}, dealer={dealer})"
                holder = lowest_trump_holder(g, ctx)
                if holder is None:
                    assert no_trump != "redeal", f"{where}: nobody holds a trump: must redeal"
                    assert g.attacker == (dealer + 1) % n, (
                        f"{where}: nobody holds a trump, the left of the dealer starts")
                else:
                    assert g.attacker == holder, (
                        f"{where}: attacker {g.attacker}, lowest trump held by {holder}: "
                        f"{g.hands} trump {g.trump}")
                assert g.to_move == g.attacker
                assert g.defender == (g.attacker + 1) % n, f"{where}: defender {g.defender}"


def opening_any_card(ctx: Ctx, params: dict):
    """T7/T4/P3: the opener may attack with any card; no exchange or other action exists."""
    single = ctx.rules.get("attack.opening") == "single"
    for n in _players(ctx, params):
        for seed in _seeds(params, 20):
            g = ctx.mod.new_game(n, seed)
            where = f"new_game({n}, {seed})"
            legal = legal_texts(g)
            if ctx.rules.get("swap.per_game"):  # swaps (PK1) are another rule: not T4's concern
                legal = [a for a in legal if not a.startswith("swap ")]
            if ctx.rules.get("play.resign"):  # resigning (HR24) is another rule as well
                legal = [a for a in legal if a != "resign"]
            hand = g.hands[g.attacker]
            # attack.opening as a condition (HR7, HR8) decides which cards open: not T7's any card
            chosen = ctx.rules.get("attack.opening", "same_rank") in ("same_rank", "single")
            for c in hand if chosen else ():
                for p in _played_as(ctx, c):
                    assert f"attack {p}" in legal, f"{where}: 'attack {p}' must be legal: {legal}"
            assert all(a.startswith("attack ") for a in legal), (
                f"{where}: at the start only attacks exist (no exchange of the trump six): {legal}")
            if single:
                assert sorted(legal) == sorted({f"attack {p}" for c in hand  # HR17: once a text
                                                for p in _played_as(ctx, c)}), (
                    f"{where}: the opening is one card: {legal}")


def _played_as(ctx: Ctx, card: str) -> list[str]:
    """W1, W2: a wild card is played naming a suit, its own included ('6S/S' ... '6S/C')."""
    rank = ctx.rules.get("deck.wild_rank")
    if rank is None or card[:-1] != rank or card[-1] not in ctx.rules.get("deck.wild_suits", ""):
        return [card]
    return [f"{card}/{s}" for s in S.SUITS if s in ctx.rules.get("deck.suits", S.SUITS)]


def players_range(ctx: Ctx, params: dict):
    """T1/P1: 2-6 players; other counts are refused with ValueError (PR1: with teams, also
    the counts between that the team mode can not split)."""
    lo, hi = ctx.rules.get("players.min", 2), ctx.rules.get("players.max", 6)
    mode = ctx.rules.get("teams.mode", "none")
    seated = [n for n in range(lo, hi + 1) if mode == "none" or n in TEAM_COUNTS[mode]]
    for n in seated:
        ctx.mod.new_game(n, 1)
    for n in [lo - 1, hi + 1] + [n for n in range(lo, hi + 1) if n not in seated]:
        try:
            ctx.mod.new_game(n, 1)
        except ValueError:
            continue
        raise AssertionError(f"new_game({n}) must raise ValueError (players {lo}-{hi})")


def redeal_condition(ctx: Ctx, params: dict):
    """H3: no deal, first game or later (next_game), leaves a hand with
    `longest_suit_below` or more cards of one suit; P3 still holds (someone has a trump).
    HR18: with `one_colour: false`, no dealt hand is all red or all black either."""
    below = params.get("longest_suit_below", 5)
    colour_ok = params.get("one_colour", True)
    for n in _players(ctx, params):
        for seed in _seeds(params):
            rng = random.Random(seed)
            g = ctx.mod.new_game(n, seed)
            for k in range(params.get("games", 2)):
                where = f"game {k} (n={n}, seed={seed})"
                check_invariants(g, ctx, where)
                for seat, hand in enumerate(g.hands):
                    most = max(sum(1 for c in hand if c[-1] == s) for s in "SHDC")
                    assert most < below, f"{where}: seat {seat} was dealt {hand}"
                    if not colour_ok:  # HR18: red is hearts and diamonds, black the rest
                        red = sum(1 for c in hand if c[-1] in "HD")
                        assert 0 < red < len(hand), f"{where}: seat {seat} was dealt {hand}"
                if k == 0 and ctx.rules.get("first_attacker.no_trump_held") == "redeal":
                    assert lowest_trump_holder(g, ctx) is not None, f"{where}: no trump held"
                if not _play_out(g, rng, params.get("max_actions", 3000)):
                    break
                g = g.next_game(seed=1000 * seed + k)


def _beats(a, d, trump, ranks):
    # W2: a wild card on the table is a card of its named suit (the text's last letter)
    ra, rd = ranks.index(S.printed(a)[:-1]), ranks.index(S.printed(d)[:-1])
    return (a[-1] == d[-1] and rd > ra) or (d[-1] == trump and a[-1] != trump)


def random_play(ctx: Ctx, params: dict):
    """T2/T3/T11/T15/T17: rule invariants that hold at every point of any game."""
    rules = ctx.rules
    default_beats = S.rule_matches(rules.get("beating.beats"), BEATS_DEFAULT)
    no_late = S.rule_matches(rules.get("transfer.when"), "beaten == 0")
    limit6 = S.rule_matches(rules.get("attack.limit"), "6")
    siege = rules.get("throw_in.timing") == "any_time"  # SG2: throw-ins while unbeaten
    # T17 (throw_in.card's default); a house rule (HR1-HR4, HR9) says which card instead
    rank_rule = S.rule_matches(rules.get("throw_in.card", "c.rank in table.ranks"),
                               "c.rank in table.ranks")
    if rules.get("play.cheating"):  # HR34: beats and throw-ins may break rank and suit
        default_beats = rank_rule = False

    taken = [False]  # the defender declared take in the current round

    def check(g, where):
        if not g.table:
            taken[0] = False
        elif g.history and g.history[-1] == "take":
            taken[0] = True
        check_invariants(g, ctx, where)
        if g.is_over:
            return
        table = [list(p) for p in g.table]
        if limit6:
            assert len(table) <= 6, f"{where}: more than 6 attack cards: {table}"
        if default_beats:
            for a, d in table:
                assert d is None or _beats(a, d, g.trump_of(g.defender), ctx.ranks), (
                    f"{where}: {d} on {a}")
        unbeaten = [a for a, d in table if d is None]
        if table:
            assert len(unbeaten) <= len(g.hands[g.defender]), (
                f"{where}: {len(unbeaten)} unbeaten cards against a hand of "
                f"{len(g.hands[g.defender])}")
        ranks_on_table = {S.printed(c)[:-1] for p in table for c in p if c}  # W3: ranks unchanged
        for a in legal_texts(g):
            verb, cards = a.split()[0], a.split()[1:]
            if verb in ("throw", "pass"):
                assert g.to_move != g.defender, f"{where}: the defender may not {a!r}"
            if verb == "throw":
                assert len(cards) == 1, f"{where}: throws are one card at a time: {a!r}"
                assert not rank_rule or S.printed(cards[0])[:-1] in ranks_on_table, (
                    f"{where}: {a!r} rank not on table")
                assert not unbeaten or taken[0] or siege, (
                    f"{where}: {a!r} while cards are unbeaten and nobody took")
            if verb in ("beat", "transfer", "show", "take"):
                assert g.to_move == g.defender, f"{where}: only the defender may {a!r}"
            if verb in ("transfer", "show") and no_late:
                assert all(d is None for _, d in table), f"{where}: {a!r} after a beat"
            if verb == "beat" and default_beats:
                assert [cards[0], None] in table, f"{where}: {a!r} not on an unbeaten card"
                # SK2: the trump that counts is the defender's (trump_of, `trump` for everyone
                # unless seats own suits)
                trump = g.trump_of(g.defender)
                assert _beats(cards[0], cards[1], trump, ctx.ranks), f"{where}: {a!r}"

    for n in _players(ctx, params, [2, 3, 4, 6]):
        for seed in _seeds(params, 6):
            rng = random.Random(seed * 7 + n)
            taken[0] = False
            g = ctx.mod.new_game(n, seed)
            check(g, f"new_game({n},{seed})")
            count = [0]

            def on_step(game, n=n, seed=seed, count=count):
                count[0] += 1
                check(game, f"new_game({n},{seed}) after {game.history[-1]!r} (#{count[0]})")
            _play_out(g, rng, params.get("max_actions", 3000), on_step)


def joker_deal(ctx: Ctx, params: dict):
    """J1: a joker never fixes trump; one that would be turned stays on top of the stock
    (drawn first) and the next card is turned.

    Which card is "the next card" depends on the shuffle, so this one property rebuilds it:
    the contract shuffles with `random.Random(seed)` (same seed, same deck: same deal), here
    taken as `Random(seed).shuffle` of the deck listed rank by rank (suits S H D C), the
    jokers last (RJ, BJ).  Deals that P3 redeals (nobody holds a trump) are skipped.
    """
    size = ctx.rules.get("deal.hand_size", 6)
    passed_over = 0
    for n in _players(ctx, params):
        for seed in _seeds(params, 100):
            g = ctx.mod.new_game(n, seed)
            where = f"new_game({n}, {seed})"
            check_invariants(g, ctx, where)
            assert g.trump_card not in S.JOKERS and g.trump in S.SUITS, (
                f"{where}: a joker never fixes trump: trump {g.trump}, card {g.trump_card}")
            deck = list(ctx.deck)
            random.Random(seed).shuffle(deck)
            dealt, rest = deck[:n * size], deck[n * size:]
            turned = next(c for c in rest if c not in S.JOKERS)
            if not any(c[-1] == turned[-1] for c in dealt if c not in S.JOKERS):
                continue  # P3: a redeal, dealt from the generator's next shuffle
            at = rest.index(turned)
            expected = rest[:at] + rest[at + 1:] + [turned]  # next card first
            assert g.trump_card == turned and list(g.stock) == expected, (
                f"{where}: the turned card is the first one after the deal that is not a "
                f"joker ({turned}), jokers before it drawn first: expected stock {expected}, "
                f"got {g.stock} (trump card {g.trump_card})")
            passed_over += at > 0
    assert passed_over >= params.get("passed_over", 1), (
        f"only {passed_over} deal(s) turned up a joker first: use more seeds")


PROPERTY_FUNCS = {
    "joker_deal": joker_deal,
    "deal_shape": deal_shape,
    "six_player_deal": six_player_deal,
    "first_attacker": first_attacker,
    "opening_any_card": opening_any_card,
    "players_range": players_range,
    "series": series,
    "repeat_series": repeat_series,  # HR23
    "random_play": random_play,
    "team_seats": team_seats,
    "team_play": team_play,
    "team_series": team_series,
    "ladder_series": ladder_series,
    "redeal_condition": redeal_condition,
    **DECK_PROPERTIES,  # house rules on decks, deals and trumps (HR12-HR16, HR19)
    **CHOICE_PROPERTIES,  # choices as data (HR30, HR31)
    **OPENER_PROPERTIES,  # who opens as an ordering (issue 31 item 2)
}


def run_property(sc: dict, mod, name: str):
    ctx = Ctx(mod, name)
    PROPERTY_FUNCS[sc["property"]](ctx, sc.get("params", {}) or {})
