"""The intermediate form: a checked spec turned into what the templates need.

Everything that depends only on the rules is decided here, at compile time:
the card order, the beat tables for every trump suit the variant allows, the
Python source of each runtime expression, and which blocks of engine code the
variant needs at all (a variant without transfers gets no transfer code).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from durakc import __version__
from durakc.capabilities.order import check_order
from durakc.envs import ENVS, seat_constants
from durakc.ir.acting import (
    asked_throwers_section,
    partner_relation_section,
    seat_relations_section,
)
from durakc.ir.beats import beat_tables, identities
from durakc.ir.choices import choice_values
from durakc.ir.decks import DEALT, deck_sections
from durakc.ir.ending import end_rule_section
from durakc.ir.exprs import RuleExprs
from durakc.ir.hooks import Capability
from durakc.ir.opener import first_rule
from durakc.ir.options import options_section
from durakc.ir.play import opening_rule_section, throw_card_section, trumps_mask
from durakc.ir.pyliteral import doc_text, py_literal
from durakc.ir.results import counts_losses_for_match, result_sections
from durakc.ir.runtime import runtime_constants
from durakc.ir.runtime_beats import runtime_beats_section
from durakc.ir.sets import card_sets_section, runtime_needs
from durakc.ir.transfer import show_trump_section, transfer_section
from durakc.schema.keys import (
    COUNTER_MAX,
    TEAM_PLAYER_COUNTS,
    joker_texts,
    team_of,
    teams_of,
)
from durakc.spec import Spec

# How each expression name reads in the generated engine, per place of use (durakc.envs).
_ROUND = ENVS["round"].python()
_SEAT = ENVS["seat"].python()
_OUTCOME = ENVS["outcome"].python()


@dataclass
class VariantIR:
    """Template context for one engine (the templates read `v.<field>`)."""

    values: dict

    def __getattr__(self, name):
        try:
            return self.values[name]
        except KeyError:
            raise AttributeError(name) from None

    def uses(self, capability: str) -> bool:
        """True when the variant uses the capability of that name (see _capabilities)."""
        return any(cap.name == capability for cap in self.values["capabilities"])


def module_name(variant_name: str) -> str:
    """The engine's module name: '-' becomes '_'."""
    return variant_name.replace("-", "_")


def regenerate_command(spec: Spec, target: str = "python") -> str:
    """The command, quoted for a header comment, that writes this engine of `target` ("python"
    or "c") again: `durakc build` for a bundled variant, else `durakc compile [--target c]
    <spec file>` (repr'd if the path is not printable, so that it can not end the comment)."""
    option = "--target c " if target == "c" else ""
    command = ("durakc build" if spec.bundled
               else f"durakc compile {option}{shlex.quote(spec.label)}")
    return f"`{command}`" if command.isprintable() else repr(command)


def build_ir(spec: Spec) -> VariantIR:
    """Decide everything the engine for `spec` needs."""
    r = spec.values
    ranks = list(r["deck.ranks"])
    suits = list(r["deck.suits"])
    mode = r["trump.mode"]
    never = [s for s in r["trump.never"] if s in suits]
    v = {
        "name_literal": repr(spec.name),
        "module_file": module_name(spec.name) + ".py",
        "label_literal": repr(spec.label),
        "bundled": spec.bundled,
        "regenerate": regenerate_command(spec),
        "docstring": doc_text(spec.title, spec.description),
        "compiler_version": __version__,
        "sha256": spec.sha256,
        "variant_literal": py_literal(spec.variant_dict()),
        "players_min": r["players.min"],
        "players_max": r["players.max"],
        "hand_size": r["deal.hand_size"],
        "counter_max": COUNTER_MAX,
        "deal_mode": r["deal.mode"],
        "deal_stock": r["deal.stock"],  # HR13
        "trump_card": r["trump.card"],  # HR12
        "ranks": ranks,
        "suits": suits,
        "ranks_literal": py_literal(tuple(ranks)),
        "suits_literal": py_literal(tuple(suits)),
        "nsuits": len(suits),
        "ncards": len(ranks) * len(suits) * r["deck.copies"] + r["deck.jokers"],
        "rank_width": len(suits) * r["deck.copies"],
        "trump_mode": mode,
        "trump_never": never,
        "trump_never_text": "[" + ", ".join(never) + "]",
        "trump_never_literal": py_literal(tuple(suits.index(x) for x in never)),
        "trump_fixed_suit": r["trump.suit"],
        "trump_fixed_index": suits.index(r["trump.suit"]) if mode == "fixed" else -1,
        "beats_text": r["beating.beats"].canonical(),
        "beat_tables": beat_tables(r["beating.beats"], ranks, suits, mode, never, r["trump.suit"],
                                    wild_cards(r), r["deck.jokers"], r["deck.copies"]),
        "first_game_rule_literal": repr(first_rule(r)),
        "series_first_literal": repr(r["series.first_attacker"]),
        "next_dealer": r["series.next_dealer"],  # T8: the header's NEXT_DEALER (native reads it)
        "opening_blocks": _opening_blocks(len(ranks), len(suits) * r["deck.copies"]),
        "limit_constant": r["attack.limit"].constant(),
        "capabilities": _capabilities(r) + _options_capability(spec),
        # what other targets (C) read besides the sections: the expressions as checked trees
        # (durakc.ir.exprs) and the plain rule values they decide on
        "exprs": RuleExprs.from_rules(r),
        "first_game_rule": first_rule(r),  # T7; "criteria": the list form (OPENER_FIRST)
        "series_first_rule": r["series.first_attacker"],  # T8, H2
        "teams_mode": r["teams.mode"],  # PR1
        "jokers": r["deck.jokers"],  # J1
        "wild_cards": wild_cards(r),  # W1: card ints, low to high
    }
    v.update(choice_values(r))  # HR30, HR31
    v["runtime"] = runtime_constants(r, v["capabilities"])  # the engine constants runtime reads
    return VariantIR(v)


def _options_capability(spec: Spec) -> list[Capability]:
    """The `options` capability (a spec's table settings), last: see `options_section`."""
    section = options_section(spec.options)
    return [] if section is None else [section]


def _capabilities(r: dict) -> list[Capability]:
    """The capabilities the rules use, each with its IR section, in hook order (the orders
    that matter are declared in `durakc.capabilities.order` and checked here).

    Each names a template module `compiler/templates/capabilities/<name>.py.j2`;
    an engine gets the code of these and of no other capability.
    """
    caps = []
    if r["deck.copies"] > 1:  # HR17: two decks, their copies interchangeable
        caps.append(Capability("copies", {"count": r["deck.copies"], "keys": "deck.copies",
                                          "identities": len(r["deck.ranks"]) * len(r["deck.suits"])
                                          * r["deck.copies"] + r["deck.jokers"]}))
    if r["deck.jokers"]:
        caps.append(Capability("jokers", {"count": r["deck.jokers"], "keys": "deck.jokers",
                                          "texts": joker_texts(r["deck.jokers"])}))
    if r["transfer.enabled"]:
        caps.append(transfer_section(r))
        if r["transfer.show_trump"]:
            caps.append(show_trump_section(r))
        if "unbeaten_late" in (r["transfer.when"].names | r["transfer.capacity"].names):
            caps.append(Capability("late_cards", {}))
    caps += _rule_options(r)
    if r["teams.mode"] != "none":
        caps.append(_teams_section(r))
    ending = end_rule_section(r)  # outcome.ends_when (HR35, HR36): after teams, before resign
    if ending is not None:
        caps.append(ending)
    if r["deck.wild_rank"] is not None:
        caps.append(_wild_section(r))
    caps += _trump_sections(r)
    caps += _swap_sections(r)
    caps += _table_sections(r)
    caps += deck_sections(r)  # decks, deals and trumps (HR12-HR19): after the swaps' openings
    caps += _series_capabilities(r)
    caps += result_sections(r)
    for played in (opening_rule_section(r), throw_card_section(r)):  # HR1-HR9 (ir_play)
        if played is not None:
            caps.append(played)
    if r["outcome.annotations"]:
        caps.append(Capability("annotations", {"items": [
            (name, expr.canonical(), expr.to_python(_OUTCOME))
            for name, expr in sorted(r["outcome.annotations"].items())
        ]}))
    sets = card_sets_section(runtime_needs(r), identities(r["deck.ranks"], r["deck.suits"],
                                                           wild_cards(r), r["deck.jokers"],
                                                           r["deck.copies"]),
                             r["deck.ranks"], r["deck.suits"])
    if sets is not None:  # the tables run-time expressions over cards read (ir_sets)
        caps.append(sets)
    for acting in (runtime_beats_section(r), asked_throwers_section(r),  # issue 31 (HR27)
                   seat_relations_section(r), partner_relation_section(r)):
        if acting is not None:  # a beat rule reading the defender, throw_in.who a hand
            caps.append(acting)
    check_order([cap.name for cap in caps])  # the orders declared in capabilities/order.py
    return caps


def _teams_section(r: dict) -> Capability:
    """teams.mode: fixed partnerships by seat (PR1-PR6), for every player count it seats."""
    mode = r["teams.mode"]
    counts = [n for n in TEAM_PLAYER_COUNTS[mode] if r["players.min"] <= n <= r["players.max"]]
    return Capability("teams", {
        "mode": mode,
        "counts_text": " or ".join(str(n) for n in counts),
        # per player count: (n, the teams, each seat's team, each seat's team as a seat mask),
        # as literals
        "by_count": [(n, py_literal(tuple(tuple(t) for t in teams_of(mode, n))),
                      py_literal(tuple(team_of(mode, n, s) for s in range(n))),
                      py_literal(tuple(sum(1 << m for m in teams_of(mode, n)[team_of(mode, n, s)])
                                       for s in range(n))))
                     for n in counts],
    })


def _rule_options(r: dict) -> list[Capability]:
    """Rule values other than the core's (the T profile's) that need code of their own."""
    caps = []
    if r["attack.opening"] == "single":
        caps.append(Capability("single_opening", {}))
    limit = r["attack.limit"]
    if limit.constant() is None:
        round_forms = dict(_ROUND, **{"$trumps": trumps_mask(r)})  # hand.trumps (issue 31)
        caps.append(Capability("limit_rule", {
            "text": limit.canonical(),
            "code": limit.to_python(round_forms, inline_minmax=True),
            "noqa": limit.lint_note(round_forms),
        }))
    throw_in = r["throw_in.who"]
    if not _is_everyone_but_defender(throw_in):
        constants = seat_constants(r["teams.mode"] != "none")
        seat = dict(_SEAT, **{"$trumps": trumps_mask(r)})  # hand.trumps (issue 31)
        caps.append(Capability("throw_in_rule", {
            "text": throw_in.canonical(),
            "code": throw_in.to_python(seat, constants, inline_minmax=True),
            "noqa": throw_in.lint_note(seat, constants),
        }))
    if r["after_take.next_attacker"] == "same_attacker":
        caps.append(Capability("same_attacker", {}))
    if r["take.picks_up"] != "all":  # HR32: what a take picks up
        caps.append(Capability("partial_take", {"mode": r["take.picks_up"],
                                                "keys": ["take.picks_up"]}))
    if not r["refill.first_on_return"]:
        caps.append(Capability("last_draw_on_return", {}))
    if r["series.next_dealer"] == "left_of_dealer":
        caps.append(Capability("dealer_rotates", {}))
    # siege (SG2, SG4): throw-ins also while cards are unbeaten
    if r["throw_in.timing"] == "any_time":
        caps.append(Capability("siege", {}))
    return caps


def _table_sections(r: dict) -> list[Capability]:
    """The order of a round and the table (issue 20): the refill order (HR10), the throw-in
    priority (HR11, after throw_in_rule and teams: it reorders their seats), resigning
    (HR24) and what a seat's observation shows (HR25, HR26)."""
    caps = []
    if r["refill.defender"] != "last":
        caps.append(Capability("refill_order", {"mode": r["refill.defender"],
                                                "keys": ["refill.defender"]}))
    if r["throw_in.first"] != "attacker":
        caps.append(Capability("throw_order", {"keys": ["throw_in.first"]}))
    if r["play.resign"]:
        caps.append(Capability("resign", {"keys": ["play.resign"]}))
    if r["play.cheating"]:  # HR34: cheating plays and the out-of-turn catch
        caps.append(Capability("cheating", {"keys": ["play.cheating"]}))
    if r["view.discard"] != "open":
        caps.append(Capability("view_discard", {"keys": ["view.discard"]}))
    if r["view.hands"] != "own":
        caps.append(Capability("view_hands", {"keys": ["view.hands"]}))
    return caps


def _swap_sections(r: dict) -> list[Capability]:
    """Actions before the opening attack (issue 11): the trump exchange (TX1), then swaps
    (PK1-PK4); `legal_actions` lists them in this order after the openings."""
    caps = []
    if r["trump.six_exchange"]:
        caps.append(Capability("trump_exchange", {"lowest_rank": r["deck.ranks"][0],
                                                  "keys": "trump.six_exchange"}))
    if r["swap.per_game"]:
        caps.append(Capability("swaps", {"per_game": r["swap.per_game"], "keys": "swap.per_game"}))
    return caps


# -- series capability: deal sizes, redeals and series state (L1-L3, H2, H3) ------------
_DEAL = ENVS["deal"].python()


def _series_capabilities(r: dict) -> list[Capability]:
    """deal.initial_hand (L1-L3), deal.redeal_if (H3), series.first_attacker right_of_loser
    (H2), the series state (`last`, the finished game) that L2 and H2 read, and the lost-game
    counts (`losses`: L1, and PR6 for teams.mode)."""
    caps = []
    initial = r["deal.initial_hand"]
    uses_losses = "losses" in initial.names
    right_of_loser = r["series.first_attacker"] == "right_of_loser"
    # `keys`: the spec keys that switch each on (the C target's refusals name them)
    if uses_losses or right_of_loser:
        caps.append(Capability("series_state", {"keys": [
            key for key, on in (("deal.initial_hand", uses_losses),
                                ("series.first_attacker", right_of_loser)) if on]}))
    counted = [key for key, on in (("deal.initial_hand", uses_losses),
                                   ("teams.mode", r["teams.mode"] != "none")) if on]
    counted += counts_losses_for_match(r)  # HR21: standings and match.losses
    if counted:
        caps.append(Capability("losses", {"keys": counted}))
    if initial.canonical() != "hand_size":
        caps.append(Capability("deal_sizes", {
            "keys": ["deal.initial_hand"],
            "text": initial.canonical(),
            "code": initial.to_python(_DEAL, inline_minmax=True),
            "noqa": initial.lint_note(_DEAL),
            "uses_losses": uses_losses,
        }))
    redeal = r["deal.redeal_if"]
    if redeal.constant() is not False:
        caps.append(Capability("redeal_rule", {
            "keys": ["deal.redeal_if"],
            "text": redeal.canonical(),
            "code": redeal.to_python(DEALT, inline_minmax=True),
            "noqa": redeal.lint_note(DEALT),
            "with_p3": r["first_attacker.no_trump_held"] == "redeal",
        }))
    if right_of_loser:
        caps.append(Capability("right_of_loser", {"keys": ["series.first_attacker"]}))
    return caps


# -- wild cards (W1-W3) ------------------------------------------------------
def wild_cards(r: dict) -> tuple[int, ...]:
    """The card ints of the wild cards (deck.wild_rank, deck.wild_suits), low to high."""
    rank = r["deck.wild_rank"]
    if rank is None:
        return ()
    ranks, suits = list(r["deck.ranks"]), list(r["deck.suits"])
    return tuple(ranks.index(rank) * len(suits) + i for i, s in enumerate(suits)
                 if s in r["deck.wild_suits"])


def _wild_section(r: dict) -> Capability:
    """deck.wild_rank: wild cards name the suit they count as on the table (W1-W3)."""
    suits = list(r["deck.suits"])
    cards = wild_cards(r)
    texts = [r["deck.wild_rank"] + suits[c % len(suits)] for c in cards]
    return Capability("wild", {
        "rank": r["deck.wild_rank"],
        "suits_text": "[" + ", ".join(s for s in suits if s in r["deck.wild_suits"]) + "]",
        "cards_literal": py_literal(cards),
        "cards_text": " ".join(texts),
    })


def _opening_blocks(nranks: int, nsuits: int) -> dict:
    """How hands are cut for the opening tables: whole ranks, at most 8 cards a block.

    `shifts` are the blocks' first bits; `bits` the mask of one block; the last block
    holds what is left of the deck, so it needs no mask.
    """
    per_block = max(1, 8 // nsuits)
    width = per_block * nsuits
    ncards = nranks * nsuits
    shifts = tuple(range(0, ncards, width))
    names = ", ".join(f"t{i}" for i in range(len(shifts)))
    return {"ranks": per_block, "bits": (1 << width) - 1, "shifts": shifts,
            "names": names if len(shifts) > 1 else f"({names},)"}


def _is_everyone_but_defender(expr) -> bool:
    """True when throw_in.who admits every seat but the defender (the T2 default)."""
    if not expr.names <= {"is_defender"}:
        return False
    return bool(expr.evaluate({"is_defender": False}))


def _trump_sections(r: dict) -> list[Capability]:
    """Trumps that depend on the seat or change (SK1-SK3, CT1-CT3)."""
    caps = []
    if r["trump.mode"] == "per_seat":
        suits = list(r["deck.suits"])
        owned = r["trump.seat_suits"]
        caps.append(Capability("seat_trumps", {
            "seat_literal": py_literal(tuple(suits.index(x) for x in owned)),
            # C's SEAT_SUIT[PMAX]: seats past players.max own no suit (SK1), so none is listed
            "seat_c": ", ".join(str(suits.index(x)) for x in owned[:r["players.max"]]),
            "suits_text": "[" + ", ".join(owned) + "]",
        }))
    if r["trump.hidden_second"]:
        caps.append(Capability("hidden_trump", {}))
    return caps
