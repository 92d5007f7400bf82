"""The environments of the cards, the deal and a game's end: `cards`, `deal`, `dealt`,
`outcome`, `result`.  See `durakc.envs.model` for the forms, `durakc.envs.play` for the
names shared with the round's environments.
"""

from __future__ import annotations

from dataclasses import replace

from durakc.envs.acting import CARDS_ACTING
from durakc.envs.bounds import (
    CARDS_MAX,
    COUNT_RANGE,
    COUNTER_MAX,
    PLAYERS_MAX,
    RUNNING_LOSSES_MAX,
)
from durakc.envs.model import Environment, Name
from durakc.envs.play import PLAYERS

# Evaluated at compile time for every pair of cards and every possible trump suit: the
# result is a beat table in the engine.  The reference's caller gives the variant and
# `attack`, `defence`, `trump` and `game`.  Issue 31: the acting seat's names (the defender's
# `me`, `hand`, `hand_size`) are read at run time, over the card ints `a` and `d`, only by a
# spec whose beat rule reads them (durakc.ir.beats.RUNTIME_NAMES).
CARDS = Environment("cards", (
    Name("a", "card", "the attack card", py={"*": "a"}, c={"*": "a"},
         ref=lambda v, x: v.card(x["attack"], x["trump"])),
    Name("d", "card", "the defence card laid on it", py={"*": "d"}, c={"*": "d"},
         ref=lambda v, x: v.card(x["defence"], x["trump"])),
    Name("lowest", "rank", "the lowest rank of the deck", ref=lambda v, x: v.lowest_rank),
    Name("highest", "rank", "the highest rank of the deck", ref=lambda v, x: v.highest_rank),
    *CARDS_ACTING,
))

# A name read from a local of the same name in both engines and from the reference
# caller's local of that name.
_LOCAL_PLAYERS = replace(PLAYERS, py={"*": "players"}, c={"*": "players"},
                         ref=lambda v, x: x["players"])

# series capability: evaluated per seat at the deal (L2); Python over `seat`, C over the
# i-th seat from the dealer's left.  The reference's caller gives `losses` and `players`.
DEAL = Environment("deal", (
    Name("losses", "int", "games this seat has lost so far in the series (L1)",
         (0, RUNNING_LOSSES_MAX), py={"*": "losses[seat]"},
         c={"*": "losses[(dealer + 1 + i) % players]"}, ref=lambda v, x: x["losses"]),
    Name("hand_size", "int", "deal.hand_size", (1, CARDS_MAX), py={"*": "HAND_SIZE"},
         c={"*": "HAND_SIZE"}, ref=lambda v, x: v.hand(x["players"])),
    _LOCAL_PLAYERS,
))


def _longest(suits: list) -> int:
    return max((suits.count(s) for s in set(suits)), default=0)


# series capability: evaluated for every dealt hand (deal.redeal_if H3, deal.offer_redeal
# HR19), over the hand mask `hand` and the trump `trump` (-1: none).  The reference's caller
# gives `hand`, its cards' `suits`, `trump` and `players`.
DEALT = Environment("dealt", (
    Name("hand", "cards", "the dealt hand (HR18: hand.count(red) == len(hand))",
         py={"*": "hand"}, c={"*": "hand"}, ref=lambda v, x: v.cards(x["hand"], x["trump"])),
    Name("$trumps", "", py={"*": "EXPR_TRUMP_IDS[trump]"}, c={"*": "EXPR_TRUMPS(trump)"}),
    Name("longest_suit", "int", "most cards of one suit in the hand", COUNT_RANGE,
         py={"*": "max((hand & m).bit_count() for m in SUIT_CARDS)"},
         c={"*": "longest_suit(hand)"}, ref=lambda v, x: _longest(x["suits"])),
    Name("trumps", "int", "trumps in the hand (0 without a trump suit)", COUNT_RANGE,
         py={"*": "((hand & SUIT_CARDS[trump]).bit_count() if trump >= 0 else 0)"},
         c={"*": "(trump >= 0 ? popcount(hand & SUIT_CARDS(trump)) : 0)"},
         ref=lambda v, x: x["suits"].count(x["trump"]) if x["trump"] is not None else 0),
    Name("cards", "int", "cards in the hand", COUNT_RANGE, py={"*": "hand.bit_count()"},
         c={"*": "popcount(hand)"}, ref=lambda v, x: len(x["hand"])),
    _LOCAL_PLAYERS,
))

LOSER_WAS_DEFENDER = Name("loser_was_defender", "bool",
                          "the durak was the defender of the final round",
                          py={"*": "(self.loser == self._defender)"},
                          c={"*": "(g->loser == g->def)"},
                          ref=lambda g, x: g.loser == g._defender)

# Evaluated once when the game ends with a loser (outcome.annotations); the engines hold
# `final_attack` (C: `lowest_cards`) and `took` as locals, as does the reference's caller.
OUTCOME = Environment("outcome", (
    Name("loser_hand", "int", "cards held by the durak at the end", COUNT_RANGE,
         py={"*": "self._hands[self.loser].bit_count()"}, c={"*": "popcount(g->hands[g->loser])"},
         ref=lambda g, x: len(g._hands[g.loser])),
    Name("final_attack_cards", "int", "attack cards of the final round", COUNT_RANGE,
         py={"*": "len(final_attack)"}, c={"*": "g->natt"},
         ref=lambda g, x: len(x["final_attack"])),
    # the deck's lowest rank is rank 0 of the deck's order (a joker's is past every rank)
    Name("final_attack_lowest", "int", "attack cards of the final round of the deck's lowest "
         "rank", COUNT_RANGE, py={"*": "sum(1 for c in final_attack if RANK_OF[c] == 0)"},
         c={"*": "lowest_cards"},
         ref=lambda g, x: sum(1 for c in x["final_attack"] if g.variant.deck.key(c)[0] == 0)),
    Name("final_took", "bool", "the durak took the cards in the final round",
         py={"*": "took"}, c={"*": "took"}, ref=lambda g, x: x["took"]),
    LOSER_WAS_DEFENDER,
    PLAYERS,
))


def _place(g, seat: int) -> int:
    """HR20: the seat's place in the finishing order; seats still in come after the others."""
    return g.out.index(seat) + 1 if seat in g.out else len(g.out) + 1


# Evaluated per seat when a game ends (outcome.points, HR22, EP2) and for the durak
# (series.repeat_loser_if, HR23), inside Python `_score` and C `score` (locals `seat`,
# `final`, `took`; Python `out`).  Places: "teams" (teams.mode), "first_out"
# (outcome.winner: first_out).  The reference's caller gives `seat`, `final_attack`, `took`.
RESULT = Environment("result", (
    Name("is_loser", "bool", "the seat is the durak (with teams: PR6's loser)",
         py={"*": "(seat == self.loser)"}, c={"*": "(seat == g->loser)"},
         ref=lambda g, x: x["seat"] == g.loser),
    Name("lost", "bool", "the seat lost the game (with teams: every seat of the losing team)",
         py={"*": "(seat == self.loser)",
             "teams": "(self.loser is not None and self._team[seat] == self._team[self.loser])"},
         c={"*": "(seat == g->loser)", "teams": "(g->loser >= 0 && TEAM_OF[g->players][seat] "
                                                "== TEAM_OF[g->players][g->loser])"},
         ref=lambda g, x: g.loser is not None and g.team(x["seat"]) == g.team(g.loser)),
    Name("is_winner", "bool", "the seat is the game's winner (outcome.winner)",
         py={"*": "False", "first_out": "(bool(out) and seat == out[0])"},
         c={"*": "0", "first_out": "(g->nout > 0 && seat == g->out[0])"},
         ref=lambda g, x: g.winner == x["seat"]),
    Name("is_draw", "bool", "the game is a draw", py={"*": "self.is_draw"},
         c={"*": "g->is_draw"}, ref=lambda g, x: g.is_draw),
    Name("hand", "cards", "the seat's cards at the end", py={"*": "self._hands[seat]"},
         c={"*": "g->hands[seat]"}, ref=lambda g, x: g.variant.cards(g._hands[x["seat"]], g.trump)),
    Name("place", "int", "the seat's place in the finishing order from 1; seats still holding "
         "cards at the end come after every seat that went out (HR20)", (1, PLAYERS_MAX),
         py={"*": "(out.index(seat) + 1 if seat in out else len(out) + 1)"},
         c={"*": "place_of(g, seat)"}, ref=lambda g, x: _place(g, x["seat"])),
    PLAYERS,
    Name("points", "int", "the seat's points in the series before this game (EP1)",
         (-COUNTER_MAX, COUNTER_MAX), py={"*": "self._points_before[seat]"}, c={"*": "g->points_before[seat]"},
         ref=lambda g, x: g._totals[x["seat"]]),
    Name("game", "int", "the number of this game in the series, 1 for the first",
         (1, COUNTER_MAX), py={"*": "self._game"}, c={"*": "g->game"},
         ref=lambda g, x: g._game),
    Name("final_attack", "cards", "the attack cards of the game's final round",
         py={"*": "final"}, c={"*": "final"},
         ref=lambda g, x: g.variant.cards(x["final_attack"], g.trump)),
    Name("$trumps", "", py={"*": "EXPR_TRUMP_IDS[self._trump]"}, c={"*": "EXPR_TRUMPS(g->trump)"}),
    LOSER_WAS_DEFENDER,
    Name("loser_hand", "int", "cards held by the durak at the end (0 after a draw)", COUNT_RANGE,
         py={"*": "(self._hands[self.loser].bit_count() if self.loser is not None else 0)"},
         c={"*": "(g->loser >= 0 ? popcount(g->hands[g->loser]) : 0)"},
         ref=lambda g, x: len(g._hands[g.loser]) if g.loser is not None else 0),
    Name("final_took", "bool", "the final round's defender took the cards",
         py={"*": "took"}, c={"*": "took"}, ref=lambda g, x: x["took"]),
))
