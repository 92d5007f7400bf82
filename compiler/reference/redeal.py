"""HR19 (deal.offer_redeal) in the reference: the questions before the first attack.

Before the first attack of a game each seat, in seat order, whose dealt hand meets the
condition and that has not asked yet is asked: `redeal` deals everything again (same dealer;
the questions start again; that seat may not ask again this game) or `keep` (the next seat is
asked).  A redeal deals a new game from the seed the deal drew last (`redeal_seed`), as the
engines do, so the cards agree.
"""

from __future__ import annotations


def offers_redeal(variant) -> bool:
    """HR19: the variant asks the seats before the first attack (deal.offer_redeal)."""
    return variant.rules["deal.offer_redeal"].constant() is not False


def start_questions(game, rng, first_rule):
    """After a deal: draw the seed a redeal deals from, then ask the first seat."""
    game.redeal_seed = rng.getrandbits(32)
    game.first_rule = first_rule
    ask_from(game, 0)


def ask_from(game, seat):
    """Ask the first seat from `seat` on (seat order) whose dealt hand meets deal.offer_redeal
    and that has not asked for a redeal; none left: the attacker opens."""
    for s in range(seat, game.players):
        if s not in game.asked and game.variant.dealt_holds(
                "deal.offer_redeal", game._hands[s], game.trump, game.players):
            game.asking = game.to_move = s
            return
    game.asking = None
    game.to_move = game._attacker


def redeal(game, deal_game):
    """`redeal`: everything dealt again by the same dealer (`deal_game` of
    durakc.reference.deal); the questions start again."""
    asked = sorted(set(game.asked) | {game.asking})
    history = game.history
    fresh = deal_game(type(game), game.players, game.redeal_seed, game.dealer, game.first_rule)
    game.__dict__.update(fresh.__dict__)
    game.history = history
    game.asked = asked
    ask_from(game, 0)
