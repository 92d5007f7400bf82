"""IR sections `transfer` and `show_trump` (T13-T16, S1, S2, K1-K3): passing the attack on,
with `transfer.when` and `transfer.capacity` as the generated engine reads them, judged once
before the transfers or per transfer when they read the table after it (issue 19 2b)."""

from __future__ import annotations

from durakc.ir.bound import BoundExpr, bound
from durakc.ir.hooks import Capability
from durakc.schema.keys import KEY_BY_PATH

# Where the engines read the transfer names (durakc.envs): the table now (no place); after
# playing `k` cards ("after_k": transfer.capacity; once a card has been beaten the k cards are
# late ones too, K1); a show ("shown", S1: adds nothing, keeps its card `c`); why a transfer
# or show `action` of `added` cards is refused ("action").  With teams.mode each reads its
# form at the place "teams" where it has one (next_defender).  `c.is_trump` and `.trumps`
# read the defender's trumps (hand.trumps, issue 31).


def _teams(r: dict) -> tuple[str, ...]:
    """The place "teams" when the variant plays in teams (teams.mode), else none."""
    return () if r["teams.mode"] == "none" else ("teams",)


def _at(r: dict, key: str, *places: str, env: str = "transfer") -> BoundExpr:
    """The expression of `key` read at `places` of `env` (then "teams" with teams.mode)."""
    return bound(r, key, env, *places, *_teams(r), trumps=True)


_AFTER_NAMES = frozenset({"attack_cards", "unbeaten", "unbeaten_late", "played", "hand_after"})
"""transfer names whose value depends on the transfer's cards (issue 19 2b): a transfer.when
reading one is judged per transfer, with the capacity, not once before them."""

SHOWN_NAMES = frozenset({"played", "hand_after"})
"""transfer names whose value depends on which trump is shown (S1): a transfer.capacity
reading one is judged per trump shown, not once for every show."""


def transfer_section(r: dict) -> Capability:
    """transfer.enabled: passing the attack on (T13-T16)."""
    when, capacity = r["transfer.when"], r["transfer.capacity"]
    after = bool(when.names & _AFTER_NAMES)
    return Capability("transfer", {
        # transfer.when reads the table after the transfer: judged per transfer (2b), after
        # `k` cards (`when_k`) or for one `action` (`when_action`); else once (`when`)
        "when_after": after,
        "when": _at(r, "transfer.when"),
        "when_k": _at(r, "transfer.when", "after_k"),
        "when_action": _at(r, "transfer.when", "action"),
        # where the transfer names are read besides (who would defend next: with teams.mode
        # the next active opponent, PR2)
        "places": _teams(r),
        "uses_next_hand": "next_hand" in (when.names | capacity.names | _show_names(r)),
        "when_uses_next_hand": "next_hand" in when.names,
        "when_text": when.canonical(),
        "capacity_text": capacity.canonical(),
        "capacity": _at(r, "transfer.capacity", "after_k"),
        # T10, T13: with attack.opening a choice, every attack card before the first beat has
        # the opening's rank; a condition may open with several ranks (then nothing transfers)
        "one_rank_before_beat": isinstance(r["attack.opening"], str),
    })


def show_trump_section(r: dict) -> Capability:
    """transfer.show_trump: showing a trump of the attacked rank passes the attack (S1-S2)."""
    capacity, when = r["transfer.capacity"], r["transfer.when"]
    after = bool(when.names & _AFTER_NAMES)
    per_card = bool(capacity.names & SHOWN_NAMES)
    card = r["transfer.show_card"]
    core_card = card.canonical() == KEY_BY_PATH["transfer.show_card"].default
    return Capability("show_trump", {
        # transfer.show_card (S1, HR33): a trump of the attacked rank (the core's mask: None),
        # or the card condition judged per card of the attacked rank
        "card_text": card.canonical(),
        "card": None if core_card else _at(r, "transfer.show_card", "shown", env="show"),
        "card_all": not core_card and card.constant() is True,  # every card of the rank
        # transfer.when reads the table after the show: judged per trump shown (2b)
        "when_after": after,
        "when_text": when.canonical(),
        "when_shown": _at(r, "transfer.when", "shown"),
        "once": bool(r["transfer.show_once"]),
        # transfer.capacity reading the trump shown (HR5, HR6): judged per trump
        # (`capacity_shown`), else once for every show (`capacity`)
        "capacity_shown": _at(r, "transfer.capacity", "shown") if per_card else None,
        "capacity_text": capacity.canonical(),
        "capacity": _at(r, "transfer.capacity"),
    })


def _show_names(r: dict) -> frozenset:
    """The names transfer.show_card reads, when shows are on (S1, HR33)."""
    return frozenset(r["transfer.show_card"].names) if r["transfer.show_trump"] else frozenset()


__all__ = ["SHOWN_NAMES", "show_trump_section", "transfer_section"]
