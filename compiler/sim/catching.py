"""Out-of-turn play in self-play (HR34's catch): the schedule of docs/engine-api.md ("Out-of-turn
actions") and the bots' one catching rule, through the engine contract only.

The schedule: before each in-turn decision, the seats of `game.actors()` (the seat to move
first, then clockwise) are asked once each; the first whose policy returns an out-of-turn
action has it applied, and the asking starts again.  The bundled bots' policy (`catch_choice`)
catches a play it can *see* broke the rules, judged from the public history of the round by
the T-profile rules (T11: a defence card beats the attack card by suit and rank, or as a trump
over a non-trump; T17: a thrown card's rank lay on the table when it was thrown), never a play
that may have been legal, and never blindly.  An engine without `actors` has no out-of-turn
actions: nothing is asked and the games are exactly as before.
"""

from __future__ import annotations

from collections import Counter

from durakc.cards import is_joker, rank, suit


def beats(attack: str, defence: str, trump) -> bool:
    """T11: `defence` covers `attack`: the same suit and higher, or a trump on a non-trump."""
    if is_joker(attack) or is_joker(defence):
        return True  # J2: not judged here (a bot never calls a joker play a cheat)
    if suit(attack) == suit(defence):
        return rank(defence) > rank(attack)
    return suit(defence) == trump and suit(attack) != trump


def _ranks(pairs) -> set:
    return {rank(c) for pair in pairs for c in pair if c is not None and not is_joker(c)}


def _count(ranks: Counter, card, step: int) -> None:
    """Add `step` to the count of `card`'s rank (no card, a joker: nothing)."""
    if card is not None and not is_joker(card):
        ranks[rank(card)] += step


class FoulTally:
    """The round's plays as `visible_fouls` reads them from a game's history, fed one entry at
    a time (as durakc.rl.infostate.CardTally is), so that a decision late in a long round
    costs what one early does: the pairs on the table, their ranks' counts (T17) and the
    fouls seen (T11 judged with `trump`).  `history` is the game's own list (append-only), so
    the tally serves that game, and a copy of it (another list) gets a tally of its own."""

    __slots__ = ("fed", "fouls", "history", "pairs", "ranks", "trump")

    def __init__(self, history: list, trump) -> None:
        self.history, self.trump, self.fed = history, trump, 0
        self.pairs: list[list] = []
        self.ranks: Counter = Counter()  # the ranks of the cards in `pairs` (T17)
        self.fouls: set[str] = set()

    def catch_up(self) -> None:
        """Read the history entries added since the last call."""
        history = self.history
        for index in range(self.fed, len(history)):
            self._feed(history[index])
        self.fed = len(history)

    def _feed(self, text: str) -> None:
        verb, *cards = text.split()
        pairs, ranks, fouls = self.pairs, self.ranks, self.fouls
        if verb == "attack":  # the round's opening: its plays start afresh
            self.pairs = [[c, None] for c in cards]
            self.ranks = Counter()
            self.fouls = set()
            for card in cards:
                _count(self.ranks, card, 1)
        elif verb == "throw":
            if not is_joker(cards[0]) and not ranks[rank(cards[0])]:
                fouls.add(cards[0])
            pairs.append([cards[0], None])
            _count(ranks, cards[0], 1)
        elif verb == "beat":
            attack, defence = cards
            for pair in pairs:
                if pair[0] == attack and pair[1] is None:
                    pair[1] = defence
                    _count(ranks, defence, 1)
                    break
            if not beats(attack, defence, self.trump):
                fouls.add(defence)
        elif verb == "catch" and cards[1] in fouls:
            fouls.discard(cards[1])
            for pair in pairs:
                if pair[0] == cards[1]:  # a caught attack card leaves with its defence card
                    fouls.discard(pair[1])
                    pairs.remove(pair)
                    for card in pair:
                        _count(ranks, card, -1)
                    break


_TALLIES: dict[int, FoulTally] = {}
"""The tallies of the games played lately, by the id of their history list (which the tally
holds, so the id is not reused while it is here); the oldest go past _KEEP."""
_KEEP = 256


def _tally(game, trump) -> FoulTally:
    """The game's tally, caught up; a new one for a new history list or another trump (the
    defender's, which judges every beat of the round: T11)."""
    history = game.history
    tally = _TALLIES.pop(id(history), None)
    if tally is None or tally.history is not history or tally.trump != trump \
            or tally.fed > len(history):
        tally = FoulTally(history, trump)
    while len(_TALLIES) >= _KEEP:
        del _TALLIES[next(iter(_TALLIES))]
    _TALLIES[id(history)] = tally  # the most recently used last
    tally.catch_up()
    return tally


def visible_fouls(game) -> set[str]:
    """The table cards the round's public history shows broke T11 or T17 (see the module),
    read through the game's FoulTally."""
    if not game.table:
        return set()
    trump = game.trump_of(game.defender) if game.defender is not None else game.trump
    fouls = _tally(game, trump).fouls
    if not fouls:
        return set()
    on_table = {c for pair in game.table for c in pair if c is not None}
    return fouls & on_table


def catch_choice(game, seat, fouls=None):
    """The bots' rule: `seat`'s first catch of a card it can see broke the rules, else None."""
    fouls = visible_fouls(game) if fouls is None else fouls
    for act in game.out_of_turn_actions(seat):
        if str(act).split()[-1] in fouls:
            return act
    return None


def out_of_turn_step(game):
    """The schedule: the first out-of-turn action the seats of `actors()` take, asked in
    order (the seat to move first, then clockwise), or None when every seat declines (and
    for an engine without out-of-turn actions)."""
    actors = getattr(game, "actors", None)
    if actors is None:
        return None
    fouls = visible_fouls(game)
    if not fouls:
        return None
    for seat in actors():
        act = catch_choice(game, seat, fouls)
        if act is not None:
            return act
    return None


def visibly_legal(game, actions):
    """`actions` without the plays every seat could see break the rules (T11, T17), for a
    bot that does not cheat where it would be caught; unchanged without out-of-turn actions."""
    if not hasattr(game, "actors") or not game.table:
        return actions  # an opening breaks no rule of rank or suit
    trump = game.trump_of(game.defender) if game.defender is not None else game.trump
    ranks = _ranks(game.table)
    kept = []
    for act in actions:
        verb, *cards = str(act).split()
        if verb == "beat" and not beats(cards[0], cards[1], trump):
            continue
        if verb == "throw" and not is_joker(cards[0]) and rank(cards[0]) not in ranks:
            continue
        kept.append(act)
    return kept
