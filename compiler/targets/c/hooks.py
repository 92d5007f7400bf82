"""Named hook points of the C templates, filled by the C modules of capabilities.

The C core (`compiler/templates/c/*.c.j2`) holds the round protocol every variant shares;
the capabilities of the T, P, S and K profiles are `{% if %}` flags of it (`context.py`).
A capability ported later (seat trumps, a hidden trump, teams, ...) lives in its own
module `compiler/templates/c/cap_<name>.c.j2`, whose macros fill named points of the core,
exactly like the Python templates' hooks (`durakc.ir.hooks`, same semantics): a macro with a
`default` argument receives the text so far, one without replaces it.  A variant without
the capability gets the default alone, so the C of every other variant is unchanged.
"""

from __future__ import annotations

from pathlib import Path

from durakc.ir.hooks import Hooks
from durakc.targets.templating import TEMPLATES

C_HOOK_POINTS = {
    # the header
    "macros": "header, after the size macros: further macros (`<P>CAP_<NAME>` names a capability for the binding)",
    "view": "header, struct view: further fields of the state as plain data",
    # the engine
    "state": "struct game: further fields of the state",
    "tables": "module level, after the beat tables: the capability's constant tables",
    "beat_table": "the declaration of BEATEN_BY (one row per card int)",
    "card_text": "card_text: return the text of card int `card`, NULL outside the deck",
    "opening_hand": "opening_actions: `hand`, the cards the attacker may open with",
    "openings": "opening_actions: put the openings of `hand` at `out` (default: T10's, or one card)",
    "defence_hand": "defence_hand: `hand`, the cards the defender may play",
    "holding": "holding_table_ranks: set bit `seat` of `seats` when that seat holds a card it may add",
    "throw_hand": "legal and simple_count, throw phase: `m`, the cards `to_move` may throw in",
    "beat_played": "beat: the defence card `d` leaves the defender's hand for the table",
    "attack_played": "open_attack: the opening cards `mask` leave the attacker's hand for the table",
    "throw_played": "throw_in: the thrown card `mask` leaves the hand of `to_move` for the table",
    "set_table_check": "set, see_table_card: `return 0` for a table card int `c` outside the card ints",
    "helpers": "module level, after seats_changed: static functions of the capability",
    "check_players": "deal_with: refuse a `players` count within the range (return E_PLAYERS)",
    "next_game": "next_game: deal the next game of the series into `next` and return the result",
    "defender": "start_round: who defends against `attacker`: set g->def",
    "next_hand": "defence_others (transfer): `next_hand`, the cards of who would defend next",
    "pass_on_target": "pass_on (transfer): who defends after a transfer: set g->def",
    "opened": "open_attack: who moves after the opening attack",
    "beat_next": "beat: who moves after a beat (g->nunb: the cards still unbeaten)",
    "throw_next": "throw_in: who moves after a throw-in",
    "throwers_done": "ask_throwers: nobody (more) may throw now: close the round",
    "asking": "ask_throwers, first: before the entitled seats are asked (issue 31: judge them again)",
    "game_over": "end_round, after seats left: `finish` and return when the game is over",
    "finished": "finish, first: clear the round state a finished game no longer has",
    "game_end": "finish: set the loser (the draw case is set already)",
    "draw_end": "finish, a draw: after is_draw is set (HR22: a draw scores too)",
    "count_loss": "losses, in game_end: count the loss of `g->loser` (L1; teams: the whole team, PR6)",
    "beating": "defence_beating: `beaten_by`, the beat table the defender answers with",
    "series_params": "deal_with: further parameters (series_state: the finished game `last`)",
    "deal_params": "deal_deck: further parameters (deal_sizes with losses: the finished game `last`)",
    "deal_pass": "deal_with's calls of deal_deck: the further arguments of `deal_params`",
    "series_first": "deal and deal_state: deal_with's further arguments for a game without a finished one",
    "deal": "deal_deck: `count`, the cards dealt, and `hands` from the shuffled `deck` (T5)",
    "deal_helpers": "module level, before deal_with: static functions of the capability that deal",
    "dealt": "deal_with: after the deal, before the first attacker is chosen (a redeal, H3)",
    "no_trump_redeal": "deal_with: first_attacker.no_trump_held: redeal (P3), nobody holds a trump",
    "first_attacker": "deal_with: the first attacker when the lowest trump does not choose (T8)",
    "series_deal": "module level, before next_game: functions that deal a later game of a series",
    "action_kinds": "header, the action kinds' enum: further kinds after PASS, in the order of VERBS",
    "last_kind": "bots: the last action kind (NKINDS is one more)",
    "opening_legal": "opening_actions: further actions after the openings (`out`, the list's end)",
    "simple_opening": "simple_count, opening: `s->cards` and `s->n`, how many openings (0: the list is not simple)",
    "apply_kinds": "apply_legal: further `case`s of the action kinds",
    "before_opening": "greedy_bot, an opening: return an action before attacking (`k`, the kinds)",
    "round_start": "start_round: reset the capability's per-round state",
    "new_game": "deal_with: start the dealt game `g` (`start(...)`)",
    "picked_up": "end_round, a take: the table cards the defender picks up, the rest to the discard (T21, HR32)",
    "refilled": "end_round: after the hands were drawn up from the stock (T22)",
    "get": "get: copy the capability's state into the view `v`",
    "set_check": "set: refuse a view `v` of the capability's state (return E_STATE), before `g` changes",
    "set": "set: read the capability's state from the view `v` into `g`",
    # the order of a round and the table (issue 20: HR10, HR11, HR24, HR25)
    "refill_order": "end_round: `n = draw_order(g, order)`, the refill order (T22, HR10); `took` is known",
    "throw_first": "ask_throwers, inline: the seat the throw-in priority starts from (`g->atk`, T2; HR11)",
    "applied": "apply_action, first: the action `a` is about to be applied (HR25 counts them)",
    "legal_end": "legal_actions, after every phase: further actions at `end` (HR24: resign)",
    "simple_lists": "simple_count, last: `s->n = 0` when the opening or throw list is not simple",
    "bench_others": "random_defence, inline: the end of the defence's actions after the beats at `others`",
    "bot_count": "play_games, inline: how many of `acts` the bots choose from (`count`; HR24: not resign)",
    # the bots (bots.c.j2)
    "turn_card": "first_allowed: `continue` past card `c` when it may not fix trump",
    "opening_done": "opening_actions, before the return: further openings put at `out`",
    "bot_precious": "bots, greedy_defend: the plan's trumps (`plan_trumps`) and `high` from `plan_d[i]`",
    "bot_ranks": "bots: RANK_VALUE, the numeric rank the bots read off every card int",
    "bot_trumps": "bots, trump_cards: return the card ints of the trump suit",
    "bot_stock": "bots: (an expression) how many cards the stock shows, len(game.stock)",
    "bot_cost": "bots, card_cost: return the cost (_cost) of card int `c`",
    "bot_plan_used": "bots, beat_plan: mark the defence card `best` used in `used`",
    "bot_kept": "bots, greedy_open and greedy_throw: `trumps`, the cards kept back like trumps",
    "bot_open_key": "bots, greedy_open: `key`, the sort key of opening `m` of rank `r`",
    "verb_texts": "text: further verbs after \"pass\", in the order of the action kinds (`, \"swap\"`)",
    "parse_cards": "parse_action: map the parsed card ints `cards[0 .. ncards-1]` (as the Python parse hook)",
    "empty_game": "new: the capability's state in a game nothing has been dealt to (`g`)",
    "set_opening_turn": "set, view_seats_ok: return whether `to_move` and the table agree in the opening phase",
    "set_throw_turn": "set, view_seats_ok: return whether `to_move` and the table agree in the throw phase",
    "parse_kinds": "parse_action: further `case`s reading `cards` into the action `act` (or return E_TEXT)",
    "bot_choice": "bots, greedy_bot: return an action index before defending or attacking (`k`, the kinds)",
    # out-of-turn actions (HR34)
    "api": "header, before the end: further functions of the engine's API (HR34: actors, out_of_turn_actions)",
    "apply_out_of_turn": "apply, first: take an out-of-turn action `a` of any seat and return (HR34: a catch)",
    "action_text": "action_text, after the verb: write the rest of a capability's action `a` and return",
    "parse_text": "parse_action, first: read an action whose words are not all cards into `out` and return",
}
"""Every C hook point: name -> what code goes there."""


def module_path(name: str) -> Path:
    """The C template module of capability `name` (it may not exist)."""
    return TEMPLATES / "c" / f"cap_{name}.c.j2"


class CHooks(Hooks):
    """`hook(name)` of the C templates for one variant (see the module docstring): the
    Python target's weaver over the C points, `c/cap_<name>.c.j2` modules and the C
    plumbing template."""

    POINTS = C_HOOK_POINTS
    LABEL = "C "
    PLUMBING = "c/state_plumbing.c.j2"
    PLUMBING_POINTS = None

    def context(self, v, cap) -> dict:
        return {"v": v, "cap": cap, "p": v["p"], "P": v["P"]}

    def module_template(self, name: str) -> str | None:
        # a capability of the core's flags (context.py) has no module
        return f"c/cap_{name}.c.j2" if module_path(name).exists() else None

    @staticmethod
    def kind_name(kind: str) -> str:
        return kind.upper()
