"""The legal actions of the reference game: openings (T10, P4, HR7, HR8), the trump
exchange (TX1) and swaps (PK1-PK4), defences (T11, T12), transfers and shows (T13-T16,
S1, S2, K1-K3) and throw-ins (T2, T17, P5, HR1-HR4, HR9).

`ActionLists` is a mixin of `durakc.reference.game.Game`: every list is computed from the
state as it is now, each method naming its rule IDs (`shared/rules/profiles.md`).
"""

from __future__ import annotations

from durakc.reference.cards import (
    Action,
    is_joker,
    make_action,
    rank_of,
    suit_of,
)
from durakc.reference.state import ATTACK, DEFEND, THROW


class ActionLists:
    """The action lists of a position (`legal_actions` and the parts it joins)."""

    def legal_actions(self):
        """Every legal action for `to_move`; empty exactly when the game is over (HR34: with
        the cheats a cheating table allows)."""
        return self.with_cheats(self.honest_actions())

    def honest_actions(self):
        """Every action the rules allow `to_move`; empty exactly when the game is over.  HR17:
        the copies of a card are interchangeable, so each action text is listed once."""
        if self.phase == ATTACK:
            if self.asking is not None:  # HR19: the seat asked says redeal or keep, or
                return [Action("redeal"), Action("keep")] + self.resigns()  # HR24: resigns
            acts = self._openings() + self._exchanges() + self._swaps() + self.resigns()
        elif self.phase == DEFEND:
            acts = self._defences() + self._pass_ons() + [Action("take")] + self.resigns()
        elif self.phase == THROW:
            acts = self._throw_ins() + [Action("pass")] + self.resigns()
        else:
            return []
        return list(dict.fromkeys(acts))

    def _openings(self):
        """T10 / P4 (attack.opening): one card, or several of one rank within the limit."""
        deck = self.variant.deck
        hand = self._hands[self._attacker]
        rule = self.variant.value("attack.opening")
        if rule == "single":
            return [make_action(deck, "attack", [p]) for c in hand for p in deck.played_as(c)]
        if not isinstance(rule, str):
            return self._openings_by_rule(rule, hand)
        cap = min(self.limit, len(self._hands[self._defender]))  # T10, T17
        acts = []
        for rank in deck.ranks:
            acts += [make_action(deck, "attack", sub)
                     for sub in _subsets([c for c in hand if rank_of(c) == rank])
                     if len(sub) <= cap]
        acts += [make_action(deck, "attack", [c]) for c in hand if is_joker(c)]  # J4: alone
        return acts

    def _openings_by_rule(self, rule, hand):
        """attack.opening as a condition (HR7, HR8): every subset of the hand of at most room
        = min(limit, the defender's hand, the attacker's hand) cards for which it holds; when
        it holds for none, any one card (decision: the round must go on).

        Only the sizes the condition names (`len(cards) == X`, `<= X`: its size terms, each X
        evaluated now) are tried, and HR17's copies of a card once per subset of texts: the
        subsets of a large hand (two decks, a taker's hand) are otherwise far too many."""
        variant = self.variant
        trump = self.trump_of(self._defender)
        room = min(self.limit, len(self._hands[self._defender]), len(hand))
        env = variant.env(variant.read("opening", self, room=room, hand=hand, trump=trump))
        held = {}  # each card text held, as expressions see it, and how many copies (HR17)
        for text, card in zip(hand, variant.cards(hand, trump)):
            held[text] = (card, held.get(text, (card, 0))[1] + 1)
        acts = [make_action(variant.deck, "attack", texts)
                for n in _sizes(rule, env, room)
                for texts in _multisets(list(held), [k for _, k in held.values()], n)
                if rule.evaluate(dict(env, cards=tuple(held[t][0] for t in texts)))]
        # when the condition allows no opening of this hand, any one card opens
        return acts or [make_action(variant.deck, "attack", [c]) for c in hand]

    # -- before the opening: the trump exchange (TX1) and swaps (PK1-PK4) -----------------
    def lowest_trump(self):
        """TX1: the trump of the deck's lowest rank."""
        return None if self.trump is None else self.variant.deck.ranks[0] + self.trump

    def _exchanges(self):
        """TX1 (trump.six_exchange): the opener holding the lowest trump may exchange it for
        the face-up trump card while that card is in the stock under at least one other card;
        once per game."""
        low = self.lowest_trump()
        if (not self.variant.value("trump.six_exchange") or self.exchanged or low is None
                or low not in self._hands[self._attacker] or len(self._stock) < 2
                or self._stock[-1] != self.trump_card):
            return []
        return [make_action(self.variant.deck, "exchange", [low])]

    def _swaps(self):
        """PK1, PK2, PK4 (swap.per_game): one swap of two hand cards per opening, while the
        attacker has swaps left and the stock holds at least three cards; PK3: the order of
        the two cards counts, so both orders are listed.  Two copies of one card (HR17) are
        two cards: `swap 7H 7H` when the attacker holds both."""
        if self.swapped or not self.swaps[self._attacker] or len(self._stock) < 3:
            return []
        hand = self._hands[self._attacker]
        pairs = dict.fromkeys((a, b) for i, a in enumerate(hand) for j, b in enumerate(hand)
                              if i != j)
        return [make_action(self.variant.deck, "swap", [a, b]) for a, b in pairs]

    def _defences(self):
        """T11, T12: cover an unbeaten attack card with a card that beats it."""
        hand = self._hands[self._defender]
        deck = self.variant.deck
        return [make_action(deck, "beat", [a, d])
                for a in self.unbeaten() for c in hand for d in deck.played_as(c)  # W2
                if self.variant.beats(a, d, self.trump_of(self._defender), self)]  # SK2

    def attacked_rank(self):
        """T13, K1: the one rank every unbeaten card shares, or None."""
        ranks = {rank_of(a) for a in self.unbeaten()}
        if None in ranks:  # J3: a joker has no rank, so nothing can be passed on with it
            return None
        return ranks.pop() if len(ranks) == 1 else None

    def transfer_env(self, played, show=False):
        """The `transfer` environment for a transfer of the cards `played`, or the show of the
        trump `played[0]` (it adds nothing to the table): every count as it would be after it."""
        added = 0 if show else len(played)
        return self.variant.env(self.variant.read("transfer", self, played=played, added=added,
                                                  trump=self.trump_of(self._defender)))

    def _pass_ons(self):
        """T13-T16, S1, S2, K1-K3: transfers (and shows) of the attacked rank."""
        if not self.variant.value("transfer.enabled"):
            return []
        rank = self.attacked_rank()
        if rank is None:
            return []
        variant, deck = self.variant, self.variant.deck
        mine = [c for c in self._hands[self._defender] if rank_of(c) == rank]
        # transfer.when and transfer.capacity, each counted after the transfer (issue 19 2b)
        acts = [make_action(deck, "transfer", sub) for sub in _subsets(mine)
                if variant.transfer_allowed(env := self.transfer_env(sub))
                and variant.transfer_fits(env)]
        if variant.value("transfer.show_trump") and self.trump is not None:
            shown = self.shown if variant.value("transfer.show_once") else []  # S2
            for c in mine:  # S1: a trump shown adds nothing to the table (T14 as it is)
                env = self.transfer_env([c], show=True)
                if (suit_of(c) == self.trump and c not in shown and variant.transfer_allowed(env)
                        and variant.transfer_fits(env)):
                    acts.append(make_action(deck, "show", [c]))
        return acts

    def _throw_ins(self):
        """T2, T17, P5, HR1-HR4, HR9 (throw_in.card): the cards this seat may add."""
        return [make_action(self.variant.deck, "throw", [p]) for p in self.throwable(self.to_move)]

    def throwable(self, seat):
        """throw_in.card (T17, HR1-HR4, HR9): the cards, as played, `seat` may add now, each
        judged with the table, the opening and the round's state."""
        deck, variant = self.variant.deck, self.variant
        trump = self.trump_of(self._defender)  # SK2: is_trump as the defence counts it
        env = variant.env(variant.read("throw", self, seat=seat, trump=trump))
        return [p for c in self._hands[seat] for p in deck.played_as(c)  # W2
                if variant.may_add(dict(env, c=variant.card(p, trump)))]


def _sizes(rule, env, room):
    """The opening sizes 1..room that attack.opening's size terms allow with `env` (a size
    no term names can not satisfy the condition, durakc.expr.sizes); all without terms."""
    terms = rule.size_terms("cards")
    if terms is None:
        return range(1, room + 1)
    sizes = set()
    for op, node in terms:
        x = int(node.evaluate(env))
        sizes.update([x] if op == "==" else range(1, x + (op == "<=")))
    return sorted(n for n in sizes if 1 <= n <= room)


def _multisets(texts, counts, n, start=0):
    """Every way to pick `n` cards from `texts[start:]`, text i at most counts[i] times
    (HR17: the copies of a card are interchangeable), as lists of texts in hand order."""
    if n == 0:
        yield []
        return
    for i in range(start, len(texts)):
        for k in range(min(counts[i], n), 0, -1):
            for rest in _multisets(texts, counts, n - k, i + 1):
                yield [texts[i]] * k + rest


def _subsets(cards):
    """Non-empty subsets of `cards` (cards of one rank), fewest cards first."""
    subsets = [[]]
    for c in cards:
        subsets += [s + [c] for s in subsets]
    return sorted((s for s in subsets if s), key=len)
