"""Starting games: the shuffle, the deal, trump, the first attacker, and positions.

The shuffle is `random.Random(seed).shuffle` of the deck in the order
`Deck.cards` lists it (rank by rank, each in the spec's suit order), which is
the order the generated engines shuffle: the same seed deals the same cards in
every backend, so games can be compared decision by decision.
"""

from __future__ import annotations

import random

from durakc.reference.cards import InvalidGame, is_joker, suit_of
from durakc.reference.losses import position_losses
from durakc.reference.opener import criteria_holder
from durakc.reference.options import in_play, options_class
from durakc.reference.redeal import offers_redeal, start_questions
from durakc.reference.results import position_keys, position_results
from durakc.reference.teams import check_team_players

TIE_SUITS = ("C", "D", "H", "S")
"""HR30: between cards of one rank, the lower card's suit comes first here (clubs low)."""

MAX_REDEALS = 1000
"""Redeals tried (first_attacker.no_trump_held: redeal) before the dealer's left starts."""


def check_players(variant, players):
    """T1: the variant's player range; ValueError outside it."""
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidGame(f"players must be an int, not {type(players).__name__}")
    if not variant.players_min <= players <= variant.players_max:
        raise InvalidGame(f"{variant.name} is for {variant.players_min} to "
                         f"{variant.players_max} players, not {players}")
    check_team_players(variant, players)  # PR1: the counts a team mode can split


def deal(variant, deck, players, dealer, losses=None):
    """T5, T6, L2, CT1 (deal.mode, deal.initial_hand, trump.*): (hands, stock next first,
    trump suit, turned card, hidden card or None); `losses` per seat is the series so far.

    Cards go one at a time clockwise from the dealer's left: with equal hands the i-th seat
    from the dealer's left gets cards i, i + players, ... of the shuffled deck.  With
    unequal hands (L2) a seat whose hand is complete is skipped in later passes.
    """
    if variant.value("deal.mode") in ("all_but_one", "everything"):
        # the whole deck but one card (railroad), or the whole deck (HR14): hands may differ
        # by one card, the first seats from the dealer's left holding one more
        count = len(deck) - (1 if variant.value("deal.mode") == "all_but_one" else 0)
        sizes = [count // players + (1 if i < count % players else 0) for i in range(players)]
    else:
        losses = losses or [0] * players
        sizes = [variant.initial_hand(losses[(dealer + 1 + i) % players], players)
                 for i in range(players)]  # L2: per seat, from the dealer's left
        count = sum(sizes)
        if count > len(deck):
            raise InvalidGame(f"{players} hands of {'/'.join(map(str, sizes))} need more "
                             f"than {len(deck)} cards")
    hands = [[] for _ in range(players)]
    order = [i for rnd in range(max(sizes)) for i in range(players) if rnd < sizes[i]]
    for card, i in zip(deck[:count], order):
        hands[(dealer + 1 + i) % players].append(card)
    rest = list(deck[count:])
    if variant.value("trump.mode") == "per_seat_by_lot":
        # HR15: a card turned per seat in deal order, face up under the stock in that order
        return hands, rest[players:] + rest[:players], None, None, None
    hidden = None
    if variant.value("trump.hidden_second"):
        # CT1: the card after the turned one lies face down under it, drawn after it.
        # (The spec checks guarantee turned_bottom, no trump.never and two cards left, CT3.)
        hidden = rest.pop(1)
    dealt = deck[:count]
    if variant.value("deal.mode") == "everything":
        # HR14, T6: the dealer's last card shows trump: the dealt cards up to that one
        # (the dealer is the (players - 1)-th seat from the dealer's left)
        dealt = deck[:max(k for k, i in enumerate(order) if i == players - 1) + 1]
    trump, turned, stock = _fix_trump(variant, dealt, rest)
    if variant.value("deal.stock") == "aside":
        stock = []  # HR13: the rest lies aside unseen with the trump card; nothing is drawn
    return hands, stock, trump, turned, hidden


def _fix_trump(variant, dealt, rest):
    """T5, T6, P2, trump.mode and trump.never: (trump suit, turned card, stock)."""
    mode = variant.value("trump.mode")
    if mode in ("none", "per_seat"):
        return None, None, rest  # SK1: with personal trumps no card is turned
    if mode == "fixed":
        return variant.value("trump.suit"), None, rest
    never = variant.value("trump.never")
    if not rest:
        # T6: the whole deck is dealt; the dealer's last card (the last one dealt) shows trump
        # and stays in the dealer's hand; with trump.never, the latest card dealt that may be.
        turned = next((c for c in reversed(dealt) if _may_turn(c, never)), None)
        return (suit_of(turned) if turned else None), turned, []
    # T5: the next card is turned (trump.never: the first one of a suit that may be trump).
    turned = next((c for c in rest if _may_turn(c, never)), None)
    if turned is None:
        return None, None, rest
    others = list(rest)  # J1: a joker passed over stays on top
    others.remove(turned)  # HR17: this copy only
    if variant.value("trump.card") == "aside":
        return suit_of(turned), turned, others  # HR12: face up out of play, never drawn
    if mode == "turned_top":
        return suit_of(turned), turned, [turned] + others  # drawn first (Albanian)
    return suit_of(turned), turned, others + [turned]  # T5, P2: under the stock, drawn last


def _may_turn(card, never) -> bool:
    """trump.never, J1: the card may fix trump (its suit may be trump; a joker never does)."""
    return not is_joker(card) and suit_of(card) not in never


def lowest_trump_holder(variant, hands, trump):
    """T7, P3: the seat holding the lowest trump, or None."""
    if trump is None:
        return None
    best = None
    for seat, hand in enumerate(hands):
        for c in hand:
            if suit_of(c) == trump:
                key = variant.deck.key(c)
                if best is None or key < best[0]:
                    best = (key, seat)
    return None if best is None else best[1]


def lowest_card_holder(variant, hands):
    """HR30: the seat holding the lowest card (rank first; ties by suit clubs, diamonds,
    hearts, spades; jokers after every ranked card)."""
    held = [(variant.deck.key(c)[0], TIE_SUITS.index(suit_of(c)) if not is_joker(c) else 0,
             variant.deck.key(c), seat) for seat, hand in enumerate(hands) for c in hand]
    return min(held)[3] if held else None


def _needs_redeal(variant, hands, trump, first_rule):
    """H3 (deal.redeal_if) for any dealt hand, or P3: nobody holds a trump."""
    players = len(hands)
    if any(variant.redeal(hand, trump, players) for hand in hands):
        return True  # H3: a lopsided hand
    return (first_rule == "lowest_trump" and trump is not None
            and variant.value("first_attacker.no_trump_held") == "redeal"
            and lowest_trump_holder(variant, hands, trump) is None)  # P3


def deal_game(game_class, players, seed, dealer, first_rule, losses=None, loser=None):
    """Shuffle, deal and choose the first attacker by `first_rule` (T7, T8, P3, H2); `losses`
    per seat is the series so far (L1, L2) and `loser` the last game's durak (H2)."""
    variant = game_class.variant
    check_players(variant, players)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise InvalidGame(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")
    losses = list(losses) if losses is not None else [0] * players
    rng = random.Random(seed)
    deck = in_play(variant, game_class.options)  # all of it, unless an option sets deck.size
    if len(deck) < len(variant.deck.cards) and players * variant.hand(players) > len(deck):
        raise InvalidGame(f"{players} hands of {variant.hand(players)} need more than the "
                          f"{len(deck)} cards of this deck")
    rng.shuffle(deck)
    hands, stock, trump, turned, hidden = deal(variant, deck, players, dealer, losses)
    tries = 0
    while tries < MAX_REDEALS and _needs_redeal(variant, hands, trump, first_rule):
        rng.shuffle(deck)  # H3, P3: shuffle and deal again
        hands, stock, trump, turned, hidden = deal(variant, deck, players, dealer, losses)
        tries += 1
    attacker = (dealer + 1) % players  # T7: nobody holds a trump -> the dealer's left starts
    if isinstance(first_rule, tuple):  # the list form (issue 31 item 2)
        seats = list(range(players))  # the candidates; seat items narrow them
        holder = criteria_holder(variant, hands, trump, first_rule, seats)
        if holder is None and variant.value("first_attacker.no_trump_held") == "lowest_card":
            holder = lowest_card_holder(variant, [h if s in seats else [] for s, h in
                                                  enumerate(hands)])  # HR30, among them
        if holder is None:  # still tied: the first candidate clockwise from the dealer's left
            holder = min(seats, key=lambda s: (s - dealer - 1) % players)
        attacker = holder
    elif first_rule == "lowest_trump":
        holder = lowest_trump_holder(variant, hands, trump)
        if holder is None and variant.value("first_attacker.no_trump_held") == "lowest_card":
            holder = lowest_card_holder(variant, hands)  # HR30
        if holder is not None:
            attacker = holder
    elif first_rule == "right_of_loser" and loser is not None:
        attacker = (loser - 1) % players  # H2: the loser's right attacks, the loser defends
    # CT3: the first attacker is chosen with the first trump (the face-up card's suit).
    game = game_class.start(players, hands, stock, trump, turned, [], attacker, dealer, True,
                            hidden)
    if variant.value("trump.mode") == "per_seat_by_lot":
        # HR15: the i-th seat from the dealer's left owns the suit of the i-th card turned
        lot = stock[-players:]
        order = [(dealer + 1 + i) % players for i in range(players)]
        game.lot_cards = [lot[order.index(s)] for s in range(players)]
        game.seat_trumps = [suit_of(c) for c in game.lot_cards]
    if offers_redeal(variant):
        start_questions(game, rng, first_rule)  # HR19: the seats may ask for a redeal
    if uses_aside(variant):  # HR12, HR13: the cards neither dealt nor in the stock
        aside = list(deck)  # HR17: copy by copy
        for c in [c for h in hands for c in h] + list(stock) + [hidden]:
            if c in aside:
                aside.remove(c)
        game.set_aside = variant.deck.sort(aside)
    return game


def uses_aside(variant) -> bool:
    """HR12, HR13: the variant sets cards aside (trump.card or deal.stock: aside)."""
    turned = variant.value("trump.mode") in ("turned_bottom", "turned_top")
    return (variant.value("trump.card") == "aside" and turned
            or variant.value("deal.stock") == "aside")


def from_position(game_class, position):
    """A game at the start of a round (empty table), from a contract position dict."""
    variant = game_class.variant
    if not isinstance(position, dict):
        raise InvalidGame("a position is a dict")
    known = {"players", "trump", "stock", "hands", "attacker", "discard", "dealer",
             "first_round", "defender", "hidden_trump"}
    if variant.counts_losses:
        known.add("losses")  # L1, PR6: the series' loss counts so far
    if variant.value("swap.per_game"):
        known.add("swaps_left")  # PK4
    known |= position_keys(variant)  # HR21, HR22: game, match_points
    if variant.value("trump.six_exchange"):
        known.add("exchanged")  # TX1
    if uses_aside(variant):
        known.add("set_aside")  # HR12, HR13: the cards out of play
    if variant.value("trump.mode") == "per_seat_by_lot":
        known.add("seat_trumps")  # HR15: each seat's own suit
    if variant.spec.options:
        known.add("options")  # the table settings the position plays with
        game_class = options_class(game_class, position.get("options"))
    unknown = set(position) - known
    if unknown:
        raise InvalidGame(f"unknown position keys: {', '.join(sorted(unknown))}")
    for key in ("players", "hands", "attacker"):
        if key not in position:
            raise InvalidGame(f"a position needs {key!r}")
    players = position["players"]
    check_players(variant, players)
    hands_in = position["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != players:
        raise InvalidGame(f"hands must be a list of {players} lists of cards")
    deck = variant.deck
    try:
        hands = [[deck.card(c) for c in h] for h in hands_in]
        stock = [deck.card(c) for c in position.get("stock") or []]
        discard = [deck.card(c) for c in position.get("discard") or []]
        aside = [deck.card(c) for c in position.get("set_aside") or []]
    except TypeError:
        raise InvalidGame("hands, stock and discard are lists of card texts") from None
    hidden = _position_hidden(variant, position.get("hidden_trump"), stock)
    if stock and variant.value("deal.stock") == "aside":
        raise InvalidGame("this variant has no stock (deal.stock: aside): nothing is ever drawn")
    placed = ([c for h in hands for c in h] + stock + discard + ([hidden] if hidden else [])
              + aside)
    twice = sorted({c for c in placed if placed.count(c) > deck.copies}, key=deck.key)  # HR17
    if twice:
        raise InvalidGame(f"card {twice[0]} appears twice")
    unseen = in_play(variant, game_class.options)  # unseen cards count as discarded (HR17)
    outside = [c for c in placed if c not in unseen]  # an option's smaller deck (deck.size)
    if outside:
        raise InvalidGame(f"{outside[0]} is not in this game's deck")
    for c in placed:
        if c in unseen:
            unseen.remove(c)
    discard += unseen
    trump, turned = _position_trump(variant, position.get("trump"), stock)
    if uses_aside(variant):  # HR12, HR13: the trump card is the first card aside of its suit
        turned = next((c for c in aside if suit_of(c) == trump), None) if trump else None
    dealer = position.get("dealer", 0)
    attacker = position["attacker"]
    for name, seat in (("dealer", dealer), ("attacker", attacker)):
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < players:
            raise InvalidGame(f"{name} must be a seat from 0 to {players - 1}")
    if not hands[attacker]:
        raise InvalidGame(f"the attacker, seat {attacker}, holds no cards")
    if sum(1 for h in hands if h) < 2 and not stock:
        raise InvalidGame("a position needs at least two players holding cards")
    g = game_class.start(players, hands, stock, trump, turned, discard, attacker, dealer,
                         bool(position.get("first_round", False)), hidden)
    g.set_aside = deck.sort(aside)
    if variant.value("trump.mode") == "per_seat_by_lot":  # HR15: each seat's own suit
        suits = position.get("seat_trumps", [None] * players)  # none given: no seat has one
        if (not isinstance(suits, list) or len(suits) != players
                or any(x is not None and x not in variant.deck.suits for x in suits)):
            raise InvalidGame(f"seat_trumps must list a suit or null per seat, not {suits!r}")
        g.seat_trumps, g.lot_cards = list(suits), [None] * players
    if "losses" in position:
        g._losses = position_losses(position["losses"], players)  # L1, PR6: the series so far
    position_results(g, position)  # HR21, HR22
    if "defender" in position and position["defender"] != g.defender:
        raise InvalidGame(f"the defender is seat {g.defender}, the next player after the attacker")
    _position_swaps(g, position)
    return g


def _position_hidden(variant, hidden, stock):
    """CT1: the face-down card a position gives under the face-up trump, or None."""
    if hidden is None:
        return None
    if not variant.value("trump.hidden_second"):
        raise InvalidGame("this variant has no hidden trump card (trump.hidden_second: false)")
    if not isinstance(hidden, str):
        raise InvalidGame(f"hidden_trump must be a card text, not {hidden!r}")
    card = variant.deck.card(hidden)
    if not stock:
        raise InvalidGame("a hidden_trump lies under the face-up trump card: the stock can not "
                          "be empty")
    return card


def _position_swaps(g, position):
    """PK4, TX1: a position may give `swaps_left` (per seat) and `exchanged`."""
    most = g.variant.value("swap.per_game")
    if "swaps_left" in position:
        value = position["swaps_left"]
        if (not isinstance(value, list) or len(value) != g.players
                or any(not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= most
                       for n in value)):
            raise InvalidGame(f"swaps_left must list, per seat, a whole number from 0 to {most}, "
                              f"not {value!r}")
        g.swaps = list(value)
    g.exchanged = bool(position.get("exchanged", False))


def _position_trump(variant, trump, stock):
    """The trump suit and the face-up card a position implies (trump.mode, trump.never)."""
    if trump is not None and trump not in variant.deck.suits:
        raise InvalidGame(f"trump must be one of {', '.join(variant.deck.suits)} or null, "
                         f"not {trump!r}")
    mode = variant.value("trump.mode")
    if mode in ("none", "per_seat", "per_seat_by_lot"):
        if trump is not None:
            raise InvalidGame(f"this variant has no trump (trump.mode: {mode})")
        return None, None
    if mode == "fixed":
        if trump != variant.value("trump.suit"):
            raise InvalidGame(f"trump is always {variant.value('trump.suit')} in this variant "
                             f"(trump.mode: fixed)")
        return trump, None
    if trump is None:
        raise InvalidGame("this variant needs a trump suit")
    if trump in variant.value("trump.never"):
        raise InvalidGame(f"{trump} can never be trump here (trump.never)")
    if not stock or uses_aside(variant):
        return trump, None  # HR12, HR13: the turned card is never in the stock
    turned = stock[0] if mode == "turned_top" else stock[-1]
    if suit_of(turned) != trump:
        raise InvalidGame(f"trump {trump} contradicts the face-up card {turned}")
    return trump, turned
