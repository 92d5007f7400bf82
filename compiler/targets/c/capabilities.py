"""Which capabilities (`durakc.ir.build._capabilities`) the C target implements, and the refusal
of a spec that uses any other.

The Python templates grow capabilities on their own (issue 10/11); the C target keeps a
list of those it has ported.  A spec whose IR holds a capability outside the list gets one
compile error per capability, at the spec key(s) that switch it on, instead of a C engine
that would silently ignore the rule.
"""

from __future__ import annotations

import re

from durakc.diagnostics import Diagnostic
from durakc.schema.keys import KEYS
from durakc.spec import Spec

SUPPORTED = frozenset({
    "transfer", "show_trump", "late_cards", "annotations", "single_opening", "limit_rule",
    "throw_in_rule", "same_attacker", "last_draw_on_return", "dealer_rotates",
    "seat_trumps", "hidden_trump", "teams", "losses", "siege", "wild", "jokers",
    "series_state", "deal_sizes", "redeal_rule", "right_of_loser", "trump_exchange",
    "swaps", "card_sets", "throw_card",
    "refill_order", "throw_order", "resign", "view_discard", "view_hands",  # issue 20 (HR10-HR26)
    "winner", "results",  # matches and results (issue 20 group D: HR20-HR23, EP)
    "set_aside", "lot_trumps", "redeal_offer",  # decks, deals and trumps (HR12, HR13, HR15, HR19)
    "opening_rule",  # attack.opening as a condition (HR7, HR8; targets/c/openings.py)
    "runtime_beats", "asked_throwers", "seat_relations",  # issue 31: the acting seat (HR27)
    "partner_relation",  # issue 31: partner_of(s) (teams.mode)
    "end_rule",  # outcome.ends_when, outcome.durak (HR35, HR36)
    "partial_take",  # take.picks_up (HR32)
    "options",  # table settings chosen when a game starts (issue 32 item 4: cap_options.c.j2)
    "cheating",  # play.cheating: cheating plays and out-of-turn catches (HR34: cap_cheating.c.j2)
})
"""The capabilities the C templates implement (tests/native checks every one is used)."""

KNOWN_KEYS = {
    "transfer": ("transfer.enabled",),
    "show_trump": ("transfer.show_trump",),
    "late_cards": ("transfer.when", "transfer.capacity"),
    "annotations": ("outcome.annotations",),
    "single_opening": ("attack.opening",),
    "opening_rule": ("attack.opening",),
    "limit_rule": ("attack.limit",),
    "throw_in_rule": ("throw_in.who",),
    "same_attacker": ("after_take.next_attacker",),
    "partial_take": ("take.picks_up",),
    "last_draw_on_return": ("refill.first_on_return",),
    "dealer_rotates": ("series.next_dealer",),
    "seat_trumps": ("trump.mode", "trump.seat_suits"),
    "hidden_trump": ("trump.hidden_second",),
    "set_aside": ("trump.card", "deal.stock"),  # HR12, HR13
    "lot_trumps": ("trump.mode",),  # HR15
    "redeal_offer": ("deal.offer_redeal",),  # HR19
    "teams": ("teams.mode",),
    "end_rule": ("outcome.ends_when", "outcome.durak"),
    "siege": ("throw_in.timing",),
    "wild": ("deck.wild_rank", "deck.wild_suits"),
    "refill_order": ("refill.defender",),
    "throw_order": ("throw_in.first",),
    "resign": ("play.resign",),
    "view_discard": ("view.discard",),
    "view_hands": ("view.hands",),
    "runtime_beats": ("beating.beats",),
    "asked_throwers": ("throw_in.who",),
}
"""The spec keys that switch on each capability of today's IR."""


def refusals(spec: Spec, capabilities: list) -> list[Diagnostic]:
    """One error per capability of `capabilities` (the IR's) the C target lacks."""
    problems = []
    for cap in capabilities:
        if cap.name in SUPPORTED:
            continue
        message = f"the C target does not support {cap.name.replace('_', ' ')} yet (--target c)"
        if cap.name == "copies":  # HR17: the one capability issue 20 lets the C target refuse
            message = _copies_refusal(cap)
        keys = capability_keys(spec, cap)
        problems.extend(_at_key(spec, key, message) for key in keys)
        if not keys:
            problems.append(spec.diag_at((), f"capability '{cap.name}': {message}"))
    return problems + _combination_refusals(spec, {cap.name for cap in capabilities})


CHEATING_JUDGES = ("seat_trumps", "runtime_beats")
"""Capabilities that change how a beat is judged per seat or at run time: the C engine judges a
cheating play's foul (HR34) by the game's beat table, so it refuses these with play.cheating."""


def _combination_refusals(spec: Spec, used: set[str]) -> list[Diagnostic]:
    """Capabilities the C target builds alone but not together."""
    clash = [name for name in CHEATING_JUDGES if name in used]
    if "cheating" not in used or not clash:
        return []
    return [_at_key(spec, "play.cheating", "the C target judges a cheating play by the game's "
                    f"beat table, which {' and '.join(n.replace('_', ' ') for n in clash)} "
                    "change per seat or at run time (--target python)")]


def _copies_refusal(copies) -> str:
    """HR17 (deck.copies): why the C target refuses two decks (the IR's `copies` section),
    with the card identities."""
    ids = copies.identities
    if ids > 64:
        return (f"the C target does not build deck.copies: {copies.count}: its hands are "
                f"64-bit masks, and this deck has {ids} card identities (--target python)")
    return (f"the C target does not build deck.copies: {copies.count} yet ({ids} card "
            f"identities) (--target python)")


def capability_keys(spec: Spec, cap) -> list[str]:
    """The spec keys that switch `cap` on: its section's `keys`, the known table, else the
    keys off their default whose words match the capability's name (teams -> teams.mode,
    swaps -> swap.per_game, trump_exchange -> trump.six_exchange)."""
    given = cap.values.get("keys")
    if given:
        return [given] if isinstance(given, str) else list(given)
    if cap.name in KNOWN_KEYS:
        keys = [k for k in KNOWN_KEYS[cap.name] if k in spec.values]
        return [k for k in keys if spec.origin.get(k, "default") != "default"] or keys
    words = [_stem(w) for w in cap.name.split("_")]
    scored = []
    for key in (k.path for k in KEYS):
        if spec.origin.get(key, "default") == "default":
            continue
        parts = {_stem(p) for p in re.split(r"[._]", key)}
        score = sum(w in parts for w in words)
        if score:
            scored.append((score, key))
    best = max((s for s, _ in scored), default=0)
    return [key for score, key in scored if score == best]


def _stem(word: str) -> str:
    return word[:-1] if word.endswith("s") and len(word) > 3 else word


def _at_key(spec: Spec, key: str, message: str) -> Diagnostic:
    """`key`: message, at the YAML value that set the key (file:line:col), else at the spec."""
    return spec.diag_at((key,), f"`{key}`: {message}")
