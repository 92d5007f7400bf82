"""IR sections `transfer` and `show_trump` (T13-T16, S1, S2, K1-K3): passing the attack on,
with `transfer.when` and `transfer.capacity` as the generated engine reads them, judged once
before the transfers or per transfer when they read the table after it (issue 19 2b)."""

from __future__ import annotations

from durakc.envs import ENVS
from durakc.ir.hooks import Capability
from durakc.ir.play import trumps_mask
from durakc.schema.keys import KEY_BY_PATH

# How the transfer names read in the generated engine, per place of use (durakc.envs):
# the table now; after playing `k` cards (transfer.capacity; once a card has been beaten the
# k cards are late ones too, K1); a show (S1: adds nothing, keeps its card `c`); why a
# transfer or show `action` of `added` cards is refused.
# With teams.mode each reads its form at the place "teams" where it has one (next_defender).


def _forms(r: dict, place: str = "") -> dict[str, str]:
    """The transfer names' Python at `place` ("" the table now), for this variant's teams."""
    places = (place,) if place else ()
    return ENVS["transfer"].python(*places, *(() if r["teams.mode"] == "none" else ("teams",)),
                                   extra={"$trumps": trumps_mask(r)})  # hand.trumps (issue 31)


_AFTER_NAMES = frozenset({"attack_cards", "unbeaten", "unbeaten_late", "played", "hand_after"})
"""transfer names whose value depends on the transfer's cards (issue 19 2b): a transfer.when
reading one is judged per transfer, with the capacity, not once before them."""

SHOWN_NAMES = frozenset({"played", "hand_after"})
"""transfer names whose value depends on which trump is shown (S1): a transfer.capacity
reading one is judged per trump shown, not once for every show."""


def transfer_section(r: dict) -> Capability:
    """transfer.enabled: passing the attack on (T13-T16)."""
    when, capacity = r["transfer.when"], r["transfer.capacity"]
    # who would defend next: with teams.mode the next active opponent (PR2)
    following = ("self._next_seat[self._defender]" if r["teams.mode"] == "none"
                 else "self._opponent(self._defender)")
    now, after_k = _forms(r), _forms(r, "after_k")
    inline = dict(now, next_hand=f"self._hands[{following}].bit_count()")
    trumps = {"$trumps": trumps_mask(r)}
    after = bool(when.names & _AFTER_NAMES)
    return Capability("transfer", {
        # transfer.when reads the table after the transfer: judged per transfer (2b)
        "when_after": after,
        "when_k_code": when.to_python(dict(after_k, **trumps)) if after else "",
        "when_action_code": when.to_python(dict(_forms(r, "action"), **trumps)) if after else "",
        "next_defender": following,
        "uses_next_hand": "next_hand" in (when.names | capacity.names | _show_names(r)),
        "when_uses_next_hand": "next_hand" in when.names,
        "when_text": when.canonical(),
        "when_code": "" if after else when.to_python(now),
        "when_inline": "" if after else _parenthesised(when.to_python(inline, inline_minmax=True)),
        "when_noqa": "" if after else when.lint_note(inline),
        "capacity_text": capacity.canonical(),
        "capacity_code": capacity.to_python(dict(after_k, **trumps), inline_minmax=True),
        "capacity_noqa": capacity.lint_note(dict(after_k, **trumps)),
        # T10, T13: with attack.opening a choice, every attack card before the first beat has
        # the opening's rank; a condition may open with several ranks (then nothing transfers)
        "one_rank_before_beat": isinstance(r["attack.opening"], str),
    })


def show_trump_section(r: dict) -> Capability:
    """transfer.show_trump: showing a trump of the attacked rank passes the attack (S1-S2)."""
    capacity, when = r["transfer.capacity"], r["transfer.when"]
    after = bool(when.names & _AFTER_NAMES)
    shown = dict(_forms(r, "shown"), **{"$trumps": trumps_mask(r)})
    now = _forms(r)
    per_card = bool(capacity.names & SHOWN_NAMES)
    card = r["transfer.show_card"]
    core_card = card.canonical() == KEY_BY_PATH["transfer.show_card"].default
    show_names = dict(ENVS["show"].python("shown", *(() if r["teams.mode"] == "none" else ("teams",))),
                      **{"$trumps": trumps_mask(r)})
    return Capability("show_trump", {
        # transfer.show_card (S1, HR33): a trump of the attacked rank (the core's mask), or
        # the card condition judged per card of the attacked rank
        "card_text": card.canonical(),
        "card_code": "" if core_card else card.to_python(show_names, inline_minmax=True),
        "card_noqa": "" if core_card else card.lint_note(show_names),
        "card_all": not core_card and card.constant() is True,  # every card of the rank
        # transfer.when reads the table after the show: judged per trump shown (2b)
        "when_after": after,
        "when_text": when.canonical(),
        "when_shown_code": when.to_python(shown) if after else "",
        "once": bool(r["transfer.show_once"]),
        # transfer.capacity reading the trump shown (HR5, HR6): judged per trump, else once
        "capacity_shown_code": capacity.to_python(shown) if per_card else "",
        "capacity_text": capacity.canonical(),
        "capacity_code": "" if per_card else capacity.to_python(now, inline_minmax=True),
        "capacity_noqa": "" if per_card else capacity.lint_note(now),
    })


def _show_names(r: dict) -> frozenset:
    """The names transfer.show_card reads, when shows are on (S1, HR33)."""
    return frozenset(r["transfer.show_card"].names) if r["transfer.show_trump"] else frozenset()


def _parenthesised(code: str) -> str:
    """`code` safe to put after `and`: bracketed unless it is a plain name or literal."""
    return code if code.replace("_", "").replace(".", "").isalnum() else f"({code})"


__all__ = ["SHOWN_NAMES", "show_trump_section", "transfer_section"]
