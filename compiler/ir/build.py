"""The intermediate form: a checked spec turned into what the templates need.

Everything that depends only on the rules is decided here, at compile time:
the card order, the beat tables for every trump suit the variant allows, each
run-time expression as a checked tree bound to where the engines read it
(`durakc.ir.bound`; each target renders it in its own form), and which blocks of
engine code the variant needs at all (a variant without transfers gets no transfer code).
"""

from __future__ import annotations

from dataclasses import dataclass

from durakc.capabilities.order import check_order
from durakc.envs import seat_constants
from durakc.ir.acting import (
    acting_series_keys,
    asked_throwers_section,
    partner_relation_section,
    seat_relations_section,
)
from durakc.ir.beats import identities
from durakc.ir.bound import BoundExpr, bound
from durakc.ir.decks import deck_sections
from durakc.ir.ending import end_rule_section
from durakc.ir.exprs import RuleExprs
from durakc.ir.groups import TYPED_SECTIONS, typed_sections, wild_cards
from durakc.ir.hooks import Capability
from durakc.ir.options import options_section
from durakc.ir.play import opening_rule_section, throw_card_section
from durakc.ir.results import counts_losses_for_match, result_sections
from durakc.ir.rule_groups import (
    OutcomeIR,
    SeriesRulesIR,
    TableIR,
    TransferRulesIR,
    rule_groups,
)
from durakc.ir.runtime import runtime_constants
from durakc.ir.runtime_beats import runtime_beats_section
from durakc.ir.sections import (
    BeatsIR,
    ChoicesIR,
    DealIR,
    DeckIR,
    MetaIR,
    PlayersIR,
    RoundIR,
    SeriesIR,
    TrumpIR,
)
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


@dataclass(frozen=True)
class VariantIR:
    """Template context for one engine (the templates read `v.<field>`): the typed sections
    of the rule groups (`meta`, `deck`, `players`, `deal`, `trump`, `beats`, `series`,
    `round`, `choices`: `durakc.ir.sections`; `transfer_rules`, `outcome`, `series_rules`,
    `table`, which the analysis reads: `durakc.ir.rule_groups`), the `capabilities` with
    their sections (in hook order), the core's run-time expressions as checked trees
    (`exprs`: what the C target emits besides the sections'), the engine constants the
    runtime half reads (`runtime`, `durakc.ir.runtime`) and the engines' `counter_max`."""

    capabilities: list[Capability]
    exprs: RuleExprs
    runtime: dict
    counter_max: int
    meta: MetaIR
    deck: DeckIR
    players: PlayersIR
    deal: DealIR
    trump: TrumpIR
    beats: BeatsIR
    series: SeriesIR
    round: RoundIR
    choices: ChoicesIR
    transfer_rules: TransferRulesIR
    outcome: OutcomeIR
    series_rules: SeriesRulesIR
    table: TableIR

    def typed(self) -> dict:
        """The typed sections by name (what a target adds to its own template context)."""
        return {name: getattr(self, name) for name in TYPED_SECTIONS}

    def uses(self, capability: str) -> bool:
        """True when the variant uses the capability of that name (see _capabilities)."""
        return any(cap.name == capability for cap in self.capabilities)


def module_name(variant_name: str) -> str:
    """The engine's module name: '-' becomes '_'."""
    return variant_name.replace("-", "_")


def build_ir(spec: Spec) -> VariantIR:
    """Decide everything the engine for `spec` needs."""
    r = spec.values
    capabilities = _capabilities(r) + _options_capability(spec)
    return VariantIR(capabilities, RuleExprs.from_rules(r), runtime_constants(r, capabilities),
                     COUNTER_MAX, **typed_sections(spec), **rule_groups(r))


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
    if r["outcome.annotations"]:  # (name, text, the expression over `outcome`)
        caps.append(Capability("annotations", {"items": [
            (name, expr.canonical(), BoundExpr(expr, f"outcome.annotations.{name}", "outcome"))
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
        # per player count: (n, the teams, each seat's team, each seat's team as a seat mask)
        "by_count": [(n, tuple(tuple(t) for t in teams_of(mode, n)),
                      tuple(team_of(mode, n, s) for s in range(n)),
                      tuple(sum(1 << m for m in teams_of(mode, n)[team_of(mode, n, s)])
                            for s in range(n)))
                     for n in counts],
    })


def _rule_options(r: dict) -> list[Capability]:
    """Rule values other than the core's (the T profile's) that need code of their own."""
    caps = []
    if r["attack.opening"] == "single":
        caps.append(Capability("single_opening", {}))
    limit = r["attack.limit"]
    if limit.constant() is None:
        caps.append(Capability("limit_rule", {
            "text": limit.canonical(),
            "expr": bound(r, "attack.limit", "round", trumps=True),  # hand.trumps (issue 31)
        }))
    throw_in = r["throw_in.who"]
    if not _is_everyone_but_defender(throw_in):
        constants = seat_constants(r["teams.mode"] != "none")
        caps.append(Capability("throw_in_rule", {
            "text": throw_in.canonical(),  # hand.trumps (issue 31): the defender's trumps
            "expr": bound(r, "throw_in.who", "seat", trumps=True, constants=constants),
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
        caps.append(Capability("cheating", {"keys": ["play.cheating"],
                                            "transfers": bool(r["transfer.enabled"])}))
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
    counted += acting_series_keys(r, "losses")  # issue 31: the acting seat's losses (L1)
    if counted:
        caps.append(Capability("losses", {"keys": counted}))
    if initial.canonical() != "hand_size":
        caps.append(Capability("deal_sizes", {
            "keys": ["deal.initial_hand"],
            "text": initial.canonical(),
            "expr": bound(r, "deal.initial_hand", "deal"),
            "uses_losses": uses_losses,
        }))
    redeal = r["deal.redeal_if"]
    if redeal.constant() is not False:
        caps.append(Capability("redeal_rule", {
            "keys": ["deal.redeal_if"],
            "text": redeal.canonical(),
            "expr": bound(r, "deal.redeal_if", "dealt"),
            "with_p3": r["first_attacker.no_trump_held"] == "redeal",
        }))
    if right_of_loser:
        caps.append(Capability("right_of_loser", {"keys": ["series.first_attacker"]}))
    return caps


def _wild_section(r: dict) -> Capability:
    """deck.wild_rank: wild cards name the suit they count as on the table (W1-W3)."""
    suits = list(r["deck.suits"])
    cards = wild_cards(r)
    texts = [r["deck.wild_rank"] + suits[c % len(suits)] for c in cards]
    return Capability("wild", {
        "rank": r["deck.wild_rank"],
        "suits_text": "[" + ", ".join(s for s in suits if s in r["deck.wild_suits"]) + "]",
        "cards": cards,  # W1: card ints, low to high
        "cards_text": " ".join(texts),
    })


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
            "seat_suits": tuple(suits.index(x) for x in owned),  # each seat's suit index (SK1)
            "suits": tuple(owned),  # and its letter (SEAT_SUITS)
            "seats": r["players.max"],  # seats past players.max own no suit (SK1)
            "suits_text": "[" + ", ".join(owned) + "]",
        }))
    if r["trump.hidden_second"]:
        caps.append(Capability("hidden_trump", {}))
    return caps
